import { noteIndex, type NotesState } from './notesState';

/** localStorage key of a note body (docs/product.md "Entities and storage keys"). */
export const noteBodyKey = (id: string) => `note_${id}`;
/** localStorage key of the note index (docs/product.md "Entities and storage keys"). */
export const NOTES_KEY = 'notes';
/** localStorage key of the starred set (docs/product.md "Entities and storage keys"). */
export const STARRED_KEY = 'linkedNotes';

/**
 * The exact localStorage keys and values docs/product.md "Entities and storage keys" describes, for a notes projection:
 * `notes` (JSON list of {id, title, modified} in manual order), `note_{id}` (HTML body)
 * and `linkedNotes` (JSON list of starred ids). Pure; keys in a stable order so output is byte-identical.
 */
export function toStorageKeys(notes: NotesState): Record<string, string> {
  const keys: Record<string, string> = {
    [NOTES_KEY]: JSON.stringify(noteIndex(notes)),
    [STARRED_KEY]: JSON.stringify(notes.starred),
  };
  for (const id of notes.order) keys[noteBodyKey(id)] = notes.bodies[id]?.html ?? '';
  return keys;
}
