import type { NotesState } from './notesState';

/**
 * Note identity (docs/architecture.md "Note identity"). A note's id is its creation time in ms (the
 * storage keys' shape), so two devices can make two different notes under one id. The fold keeps
 * both: the one ordered second gets the next free id, the same on every device and in replay, and
 * the events that meant it find it by `ref`, the id of the event that made it.
 */

/** Whether a note, live or deleted, has `id`. */
export function isNoteIdTaken(notes: NotesState, id: string): boolean {
  return notes.meta[id] !== undefined || notes.deleted[id] !== undefined;
}

/** The smallest id after `id` (as a number of ms) that no note, live or deleted, has. */
export function nextFreeNoteId(notes: NotesState, id: string): string {
  let next = Number(id) + 1;
  while (isNoteIdTaken(notes, String(next))) next++;
  return String(next);
}

/**
 * The id of the note an event means: the note its `ref` (the event that made the note) was given
 * where that one's id was taken, else the id it names.
 */
export function targetNoteId(notes: NotesState, payload: { id: string; ref?: string }): string {
  return (payload.ref !== undefined && notes.remaps[payload.ref]) || payload.id;
}
