import { readRecords, type AppEvent } from '../../catalog';
import type { EventLog } from '../events/eventLog';
import { DRAFT_KEY, openSessionStorage, readItem, removeItem, writeItem, type StorageArea } from './webStorage';

/*
 * The typed-text draft (docs/architecture.md "Page-hide journal"): a loaded machine may kill a page before
 * its page-hide handler has saved what was typed, so the editor also writes the shown note's unsaved body,
 * as the whole-body save it would append, to this tab's session storage shortly after typing. The next
 * start in this tab (a reload, a navigation back, a restored tab) appends it unless a save at least as new
 * reached the log. Session storage is the tab's own, so a draft is never taken over by another tab still typing.
 */

/** A draft is written this long after the first keystroke it holds (ms): what a killed page can lose. */
export const DRAFT_DELAY_MS = 400;
/**
 * Notes whose saved HTML is longer than this (characters) get no draft: writing a long body every
 * DRAFT_DELAY_MS while typing would cost the keystrokes; they keep the page-hide journal alone.
 */
export const DRAFT_MAX_CHARS = 200_000;

/** Write `event` (an unsaved `note.body-saved`) as this tab's draft, replacing the last one; false when storage refused it (logged once). */
export function writeDraft(storage: StorageArea, event: AppEvent<'note.body-saved'>): boolean {
  const written = writeItem(storage, DRAFT_KEY, JSON.stringify(event));
  if (!written.ok && !refusedOnce) {
    refusedOnce = true;
    console.error('NotePad: could not write the typed-text draft', written.error);
  }
  return written.ok;
}
let refusedOnce = false;

/** Remove this tab's draft (what it held is saved). */
export function clearDraft(storage: StorageArea): void {
  removeItem(storage, DRAFT_KEY);
}

/**
 * At start, after the page-hide journal: append this tab's draft when the log lacks its text, then
 * remove it. It is dropped when it is not a body save of this build's schema or older, when its note no
 * longer exists, when the note was saved at or after the draft's time (that save holds the draft's
 * text or replaced it), or when the note already holds that HTML. A draft of a newer build is left for it.
 * Resolves with the appended event, or null.
 */
export async function recoverDraft(log: EventLog, storage: StorageArea): Promise<AppEvent | null> {
  const read = readItem(storage, DRAFT_KEY);
  if (!read.ok || read.value === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(read.value);
  } catch {
    raw = null;
  }
  const { events, newestVersion } = readRecords([typeof raw === 'object' && raw !== null ? { ...raw, seq: undefined } : raw], {
    requireSeq: false,
  });
  if (newestVersion !== null || !log.writable) return null;
  const draft = events[0];
  let appended: AppEvent | null = null;
  if (draft?.type === 'note.body-saved' && !(await log.holds([draft.id])).size) {
    const { id, html } = draft.payload;
    const meta = log.state.notes.meta[id];
    if (meta && meta.modified < draft.at && log.state.notes.bodies[id]?.html !== html)
      appended = await log.appendEvent({ ...draft, seq: 0 });
  } else if (!draft) console.error('NotePad: the typed-text draft could not be read; it was dropped');
  clearDraft(storage);
  return appended;
}

let session: StorageArea | null | undefined;

/** This tab's session storage, opened at its first use (its first access loads the area); null where the browser refuses it. */
export function draftArea(): StorageArea | null {
  if (session === undefined) {
    const opened = openSessionStorage();
    session = opened.ok ? opened.area : null;
  }
  return session;
}
