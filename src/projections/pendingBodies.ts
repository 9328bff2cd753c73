import type { AppState, NoteBody, NotesState } from './notesState';

/**
 * The list before the bodies (docs/architecture.md "Start-up order"): start-up can fold the events
 * after the last snapshot onto a snapshot head that lacks the notes' bodies, and show the list
 * from it while the bodies are still being read. Each body stands in as PENDING_BODY until then.
 *
 * The fold reads a body's text in one place only: deciding whether a save conflicts (conflicts.ts).
 * There PENDING_BODY's text differs from any real text, so the fold keeps a copy of it; a list
 * holding such a copy may differ from the real one, and `isExactPreview` says so.
 */

/** Text no saved note can hold (a NUL character starts it). */
const PENDING_HTML = '\u0000notepad:body-not-read-yet';

/**
 * Stands in for a body not read yet; the same object for every note.
 * @internal Test seam: used here; the tests read this constant.
 */
export const PENDING_BODY: NoteBody = Object.freeze({ html: PENDING_HTML });

/**
 * Stands for a body a change (`note.changed`) was folded onto before the body was read: the list is
 * exact, the text is not, so the whole log is folded again once the bodies are in.
 */
export const PENDING_CHANGED_BODY: NoteBody = Object.freeze({ html: PENDING_HTML });

/** Whether `body` stands for one not read yet (PENDING_BODY, PENDING_CHANGED_BODY). */
export function isPendingBody(body: NoteBody | undefined): boolean {
  return body === PENDING_BODY || body === PENDING_CHANGED_BODY;
}

/** Whether a preview holds a body changed before it was read: `withReadBodies` cannot complete it, the log is folded again. */
export function hasChangedPendingBodies(state: AppState): boolean {
  return state.notes.order.some((id) => state.notes.bodies[id] === PENDING_CHANGED_BODY);
}

/** Notes without bodies, as a snapshot head keeps them. */
export type NotesHead = Omit<NotesState, 'bodies'>;

/** `head` with PENDING_BODY for every note's body: a state to fold the tail onto and show as a list. */
export function withPendingBodies(head: { notes: NotesHead; view: AppState['view']; seq: number }): AppState {
  const bodies: Record<string, NoteBody> = {};
  for (const id of head.notes.order) bodies[id] = PENDING_BODY;
  return { ...head, notes: { ...head.notes, bodies } };
}

/**
 * Whether a list folded from `withPendingBodies(...)` (`folded`) is the one the real bodies give:
 * false when the fold kept a conflict copy of a body it had not read (a note `start` did not have,
 * holding PENDING_BODY), since the real text may have been equal (no conflict at all).
 */
export function isExactPreview(start: NotesState, folded: NotesState): boolean {
  return !folded.order.some((id) => isPendingBody(folded.bodies[id]) && !start.meta[id]);
}

/**
 * The real state from an exact preview (`isExactPreview`) and the bodies of the snapshot its head
 * belongs to: every PENDING_BODY replaced by that snapshot's body. Equal to folding the same
 * events onto the whole snapshot, since the fold's only other use of a body it had not read is a
 * conflict copy, which an exact preview does not hold; every other part is the preview's own
 * object, so nothing that renders it sees a change.
 */
export function withReadBodies(preview: AppState, bodies: Readonly<Record<string, NoteBody>>): AppState {
  const read: Record<string, NoteBody> = {};
  for (const id of preview.notes.order) {
    const body = preview.notes.bodies[id];
    read[id] = body === PENDING_BODY ? bodies[id] : body;
  }
  return { ...preview, notes: { ...preview.notes, bodies: read } };
}

/** The notes of `state` without their bodies: what a snapshot head stores. */
export function notesHead(notes: NotesState): NotesHead {
  const { bodies: _bodies, ...head } = notes;
  return head;
}
