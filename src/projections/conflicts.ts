import { bodyHtml, type NotesState } from './notesState';

/**
 * Conflict rules of the notes fold (docs/architecture.md "Conflicts"). Pure and deterministic:
 * every device folds the same server-ordered events to the same notes, copies included.
 */

/** A body change as the fold sees it: the new HTML and the revision the edit started from (if it says). */
export interface BodyChange {
  html: string;
  base?: string;
}

/**
 * Whether a body change conflicts with the note's current body: it names the revision it started
 * from, that is not the note's current revision, and its text differs (equal text is no conflict).
 * A note still at the revision that made it (created, imported) takes the change: its earlier
 * revisions may have been compacted away, so an unknown base proves nothing there. A conflict copy
 * is not such a note: an edit of it starts from the revision it keeps, so another base means the
 * edit was made on another copy (one a device folded in another order), and the copy's text is kept.
 */
export function isConflict(notes: NotesState, noteId: string, change: BodyChange): boolean {
  return comparesHtml(notes, noteId, change.base) && bodyHtml(notes.bodies[noteId]) !== change.html;
}

/**
 * Whether `isConflict` of a change from revision `base` compares the note's current HTML (it does only
 * for a base other than the note's revision): the fold reads the note first when its body lacks it.
 */
export function comparesHtml(notes: NotesState, noteId: string, base: string | undefined): boolean {
  const rev = notes.revs[noteId];
  return !(base === undefined || !rev || base === rev.id || (rev.origin && !rev.copyOf));
}

/** A note id for a copy: the copied revision's time in ms, moved on by 1 ms until no note (or deleted note) has it. */
export function copyNoteId(notes: NotesState, modified: string): string {
  let id = Number.isFinite(Date.parse(modified)) ? Date.parse(modified) : 0;
  while (notes.meta[String(id)] || notes.deleted[String(id)]) id++;
  return String(id);
}

/** "YYYY-MM-DD HH:mm UTC": the same text on every device, whatever its time zone. */
function utcMinute(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC` : iso;
}

/**
 * The title of a conflict copy: "Title (conflict, Device, 2026-11-24 14:05 UTC)", naming the
 * device and time of the kept revision; "a device" when that device never said its name.
 */
export function copyTitle(title: string, deviceName: string | undefined, modified: string): string {
  return `${title} (conflict, ${deviceName ?? 'a device'}, ${utcMinute(modified)})`;
}
