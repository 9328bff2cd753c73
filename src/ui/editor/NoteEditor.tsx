import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef } from '@xstate/react';
import { BlockNoteView } from '@blocknote/mantine';
import '@blocknote/mantine/style.css';
import { autosaveMachine } from '../../machines/autosave';
import { useLog } from '../LogContext';
import { onBeforePageHide } from '../pageLifecycle';
import { inspect } from '../inspection';
import { loadPurifier, purifierLoaded } from '../../services/purifier';
import { announceChangedElsewhere, announceSaveFailed, showStatus } from '../feedback';
import { useResolvedTheme } from '../theme/useTheme';
import type { NoteEditor as BlockNoteInstance } from './schema';
import { captureBody, isShowingBody, showBody } from './noteDocument';
import { NoteFloatingToolbar } from './FloatingToolbar';
import { followNoteTitles } from './noteLink/noteLinkContext';
import { NoteLinkPicker } from './noteLink/NoteLinkPicker';
import { NoteSlashMenu } from './noteLink/NoteSlashMenu';

/** What the toolbar and header may ask of the shown note's editor. */
export interface NoteEditorHandle {
  /**
   * Save now (Save button, Ctrl+S): flush the autosave and resolve once it settled:
   * 'saved' (durable, or nothing new to save) or 'failed' (the failure toast was shown).
   */
  saveNow(): Promise<'saved' | 'failed'>;
}

/**
 * The BlockNote view of one note (docs/product.md "Editor pane"). The editor instance lives in
 * EditorPane for the page (the toolbar and header use it too); switching notes flushes the
 * autosave of the previous note first, then loads the next. Bodies changed by another tab are
 * reloaded when this tab has nothing unsaved.
 */
export function NoteEditor({ noteId, editor, ref }: { noteId: string; editor: BlockNoteInstance; ref?: Ref<NoteEditorHandle> }) {
  const log = useLog();
  const theme = useResolvedTheme();
  const shownNoteRef = useRef<string | null>(null);
  const shownHtmlRef = useRef<string | null>(null);
  /**
   * The revision the editor's text started from: a save names it, so a save over a change made
   * elsewhere meanwhile is a conflict the fold keeps both sides of (docs/architecture.md "Conflicts").
   */
  const baseRevRef = useRef<string | undefined>(undefined);
  /** The other tab's text last announced, so one change gives one notice. */
  const noticedHtmlRef = useRef<string | null>(null);
  /** DOMPurify has loaded: a note whose links need it can be shown (it is not part of the first load). */
  const [purifierReady, setPurifierReady] = useState(purifierLoaded);

  const autosave = useActorRef(
    autosaveMachine.provide({
      actors: {
        saveNote: fromPromise(async ({ input }) => {
          // Capture synchronously: on page hide there is no later task to do it in.
          if (shownNoteRef.current !== input.noteId || !log.state.notes.meta[input.noteId]) return { skipped: true };
          const body = captureBody(editor);
          // A failed write (storage full) left events in memory only: write them first.
          const retried = log.status$.value.writeError ? await log.retryPending() : [];
          if (body.html === (log.state.notes.bodies[input.noteId]?.html ?? '')) return { skipped: retried.length === 0 };
          shownHtmlRef.current = body.html;
          const written = log.append('note.body-saved', {
            id: input.noteId,
            html: body.html,
            blocks: body.blocks,
            base: baseRevRef.current,
          });
          // The append is applied at once: the next save starts from this revision.
          baseRevRef.current = log.state.notes.revs[input.noteId]?.id;
          await written;
          return { skipped: false };
        }),
      },
      actions: {
        notifySaved: () => showStatus('Note saved!'),
        notifyFailed: (_, { error }) =>
          announceSaveFailed(
            log.status$.value.writeError ?? error,
            /<img\b/.test(log.state.notes.bodies[shownNoteRef.current ?? '']?.html ?? ''),
          ),
      },
    }),
    { inspect },
  );

  useImperativeHandle(
    ref,
    () => ({
      saveNow: () =>
        new Promise((resolve) => {
          autosave.send({ type: 'autosave.flush' });
          const settled = (s: ReturnType<typeof autosave.getSnapshot>) => s.matches('clean') || s.matches('failed');
          const result = (s: ReturnType<typeof autosave.getSnapshot>) => (s.matches('failed') ? 'failed' : 'saved');
          if (settled(autosave.getSnapshot())) return resolve(result(autosave.getSnapshot()));
          const sub = autosave.subscribe((s) => {
            if (!settled(s)) return;
            sub.unsubscribe();
            resolve(result(s));
          });
        }),
    }),
    [autosave],
  );

  // Links show their notes' current titles (docs/architecture.md "Links between notes"); before the load below, so a note shows them at once.
  useEffect(() => followNoteTitles(editor, log.state$), [editor, log]);

  // Load the selected note; flush the previous one first so its last keystrokes are saved under its id.
  useEffect(() => {
    if (shownNoteRef.current === noteId) return;
    autosave.send({ type: 'autosave.flush' });
    const body = log.state.notes.bodies[noteId];
    if (!showBody(editor, body)) {
      // Its links (or legacy HTML) are checked with DOMPurify, not loaded yet: show it once it is.
      // Until then the editor is read-only, so nothing typed is lost or saved under another note.
      shownNoteRef.current = null;
      editor.isEditable = false;
      let cancelled = false;
      loadPurifier().then(
        () => !cancelled && setPurifierReady(true),
        (error: unknown) => console.error('NotePad: the note cannot be shown: its sanitizer could not load', error),
      );
      return () => {
        cancelled = true;
      };
    }
    shownNoteRef.current = noteId;
    shownHtmlRef.current = body?.html ?? '';
    baseRevRef.current = log.state.notes.revs[noteId]?.id;
    editor.isEditable = log.writable;
  }, [noteId, editor, log, autosave, purifierReady]);

  // Another tab saved this note: show its text unless this tab has unsaved input, and say so.
  useEffect(() => {
    let closed = false;
    const onState = (state: typeof log.state) => {
      const body = state.notes.bodies[noteId];
      if (!body || shownNoteRef.current !== noteId || body.html === shownHtmlRef.current) return;
      // This tab's own changes (a History restore) are still pending when they are first shown.
      const fromHere = log
        .pendingEvents()
        .some((e) => (e.payload as { id?: string }).id === noteId && (e.payload as { html?: string }).html === body.html);
      const clean = autosave.getSnapshot().matches('clean');
      if (!fromHere && noticedHtmlRef.current !== body.html) announceChangedElsewhere(clean);
      noticedHtmlRef.current = body.html;
      if (!clean) return;
      if (showBody(editor, body)) {
        shownHtmlRef.current = body.html;
        baseRevRef.current = state.notes.revs[noteId]?.id;
        return;
      }
      // The new text needs DOMPurify (a link): check again with the latest state once it has loaded.
      loadPurifier().then(
        () => !closed && onState(log.state),
        (error: unknown) => console.error("NotePad: the other tab's text cannot be shown: its sanitizer could not load", error),
      );
    };
    const sub = log.state$.subscribe(onState);
    return () => {
      closed = true;
      sub.unsubscribe();
    };
  }, [noteId, editor, log, autosave]);

  // A newer build writes to the log: capture what is typed (it stays pending, then goes to the
  // page-hide journal for the newer build) and stop taking input (docs/architecture.md "Versions and tabs").
  useEffect(() => {
    const sub = log.status$.subscribe(({ newerVersion }) => {
      if (newerVersion === null) return;
      autosave.send({ type: 'autosave.flush' });
      editor.isEditable = false;
    });
    return () => sub.unsubscribe();
  }, [log, editor, autosave]);

  useEffect(() => onBeforePageHide(() => autosave.send({ type: 'autosave.flush' })), [autosave]);
  useEffect(() => () => autosave.send({ type: 'autosave.flush' }), [autosave]);

  return (
    <div
      className="note-editor"
      onBlur={(e) => {
        // Focus moving into BlockNote's own menus is not a blur of the note.
        if (!e.currentTarget.contains(e.relatedTarget)) autosave.send({ type: 'editor.blur' });
      }}
    >
      <BlockNoteView
        editor={editor}
        theme={theme}
        formattingToolbar={false}
        slashMenu={false}
        onChange={() => {
          if (!isShowingBody(editor) && shownNoteRef.current) autosave.send({ type: 'editor.input', noteId: shownNoteRef.current });
        }}
      >
        <NoteFloatingToolbar />
        <NoteSlashMenu />
        <NoteLinkPicker noteId={noteId} />
      </BlockNoteView>
    </div>
  );
}
