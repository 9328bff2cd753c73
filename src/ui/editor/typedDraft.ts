import { useEffect, useMemo, useRef } from 'react';
import type { Actor } from 'xstate';
import type { EventLog } from '../../events/eventLog';
import type { autosaveMachine } from '../../machines/autosave';
import { browserDraftPlaces, clearDraft, DRAFT_DELAY_MS, DRAFT_MAX_CHARS, pageDraftWriter, writeDraft } from '../../services/draft';
import type { NoteEditor } from './schema';
import { captureBody } from './noteDocument';
import type { ShownNote } from './noteSave';

/** The User Timing measure of one draft's capture and write (ms); its detail holds the HTML's length (`chars`). */
const DRAFT_MEASURE = 'notepad:draft';

/** One editor's typed-text draft: what it calls on each input, and on page hide before the autosave's flush. */
export interface TypedDraft {
  /** After an input: the draft is written DRAFT_DELAY_MS after the first input since the last one. */
  typed(): void;
  /** Write the draft now, if anything is unsaved (synchronous). */
  writeNow(): void;
}

/**
 * The typed-text draft of one editor (src/services/draft.ts; docs/architecture.md "Page-hide journal"):
 * DRAFT_DELAY_MS after a keystroke, and first thing on page hide, while the autosave has something
 * unsaved, the shown note's body is written as the whole-body save it would be; once the autosave is
 * clean again the draft is removed. Notes longer than DRAFT_MAX_CHARS get none. Returns a stable object.
 */
export function useTypedDraft(log: EventLog, editor: NoteEditor, autosave: Actor<typeof autosaveMachine>, shown: ShownNote): TypedDraft {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const written = useRef(false);

  useEffect(() => {
    const sub = autosave.subscribe((snapshot) => {
      if (!written.current || !snapshot.matches('clean')) return;
      clearDraft(browserDraftPlaces(), pageDraftWriter());
      written.current = false;
    });
    return () => {
      sub.unsubscribe();
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [autosave]);

  return useMemo(() => {
    const writeNow = () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      const noteId = shown.noteId;
      if (!noteId || !log.writable || autosave.getSnapshot().matches('clean')) return;
      // A size check only: a body whose HTML is not in memory is measured once captured, below.
      if ((log.state.notes.bodies[noteId]?.html?.length ?? 0) > DRAFT_MAX_CHARS) return;
      const began = performance.now();
      const body = captureBody(editor);
      if (body.html.length > DRAFT_MAX_CHARS) return;
      const draft = log.create('note.body-saved', { id: noteId, html: body.html, blocks: body.blocks, base: shown.baseRev });
      written.current = writeDraft(browserDraftPlaces(), pageDraftWriter(), draft) || written.current;
      // The benchmarks read it: what a draft costs the keystrokes around it (docs/benchmarks.md).
      performance.measure(DRAFT_MEASURE, { start: began, end: performance.now(), detail: { chars: body.html.length } });
    };
    const typed = () => {
      if (timer.current === null) timer.current = setTimeout(writeNow, DRAFT_DELAY_MS);
    };
    return { typed, writeNow };
  }, [log, editor, autosave, shown]);
}
