/**
 * A new note id: the creation time in ms (docs/product.md "Entities and storage keys"), moved on by
 * 1 ms while a note in `taken` (live or deleted notes, by id) already has it.
 */
export function newNoteId(taken: Record<string, unknown>): string {
  let ms = Date.now();
  while (taken[String(ms)]) ms += 1;
  return String(ms);
}
