import { bodyHtml, noteIndex, type NotesState } from './notesState';

/** localStorage key of a note body (docs/product.md "Entities and storage keys"). */
export const noteBodyKey = (id: string) => `note_${id}`;
/** localStorage key of the note index (docs/product.md "Entities and storage keys"). */
export const NOTES_KEY = 'notes';
/** localStorage key of the starred set (docs/product.md "Entities and storage keys"). */
export const STARRED_KEY = 'linkedNotes';

/**
 * The storage keys of a notes projection in their stable order, and each one's value made when asked (see toStorageKeys).
 * @internal Test seam: used here; the tests read this type.
 */
export interface StorageKeyList {
  readonly keys: readonly string[];
  value(index: number): string;
}

/**
 * The keys of `toStorageKeys` without making every value: `notes`, `linkedNotes`, then `note_{id}`
 * in manual order, each value derived on demand. Pure. The replay view uses `replayStorageKeys`
 * (src/ui/replay/storageLines.ts), which keeps parts between steps and must give the same lines.
 * @internal Test seam: used here; the tests compare the replay view's lines with it.
 */
export function storageKeyList(notes: NotesState): StorageKeyList {
  let index: string | null = null;
  return {
    keys: [NOTES_KEY, STARRED_KEY, ...notes.order.map(noteBodyKey)],
    value(i) {
      if (i === 0) return (index ??= JSON.stringify(noteIndex(notes)));
      if (i === 1) return JSON.stringify(notes.starred);
      return bodyHtml(notes.bodies[notes.order[i - 2]]);
    },
  };
}

/**
 * The exact localStorage keys and values docs/product.md "Entities and storage keys" describes, for a notes projection:
 * `notes` (JSON list of {id, title, modified} in manual order), `note_{id}` (HTML body)
 * and `linkedNotes` (JSON list of starred ids). Pure; keys in a stable order so output is byte-identical.
 */
export function toStorageKeys(notes: NotesState): Record<string, string> {
  const list = storageKeyList(notes);
  const keys: Record<string, string> = {};
  list.keys.forEach((key, i) => (keys[key] = list.value(i)));
  return keys;
}

/**
 * The order the localStorage mirror writes `note_{id}` bodies in (docs/architecture.md "localStorage mirror"):
 * note ids newest first by `modified`, notes modified at the same time in manual order. `previous`, an
 * earlier result, only makes it faster (the sort starts from an order that is already nearly right). Pure.
 */
export function bodyWriteOrder(notes: NotesState, previous: readonly string[] = []): string[] {
  const position = new Map<string, number>();
  notes.order.forEach((id, i) => position.set(id, i));
  const ids = previous.filter((id) => position.has(id));
  if (ids.length !== notes.order.length) {
    const seen = new Set(ids);
    for (const id of notes.order) if (!seen.has(id)) ids.push(id);
  }
  // Each note's date and place are looked up once, not at each of the sort's n log n comparisons: at 10,000
  // notes those lookups in the dates' and places' maps were most of the mirror's first write, a task of a start
  // (docs/benchmarks.md "Library runs of 2026-11-29 (before noon: the path to editable)").
  const { meta } = notes;
  const keyed = ids.map((id) => ({ id, modified: meta[id].modified, at: position.get(id)! }));
  keyed.sort((a, b) => (a.modified === b.modified ? a.at - b.at : a.modified < b.modified ? 1 : -1));
  return keyed.map((k) => k.id);
}
