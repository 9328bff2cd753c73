/** The latest time a note id may name: ids are at most 16 digits and a Date must hold it (docs/product.md "Entities and storage keys"). */
const LATEST_MS = 8.64e15;

/** A usable time in ms for an id or a `modified`: a finite number from 1970 on, else null. */
export function usableTime(ms: number | null | undefined): number | null {
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && ms <= LATEST_MS ? Math.trunc(ms) : null;
}

/**
 * Note ids of one import (docs/product.md "Import notes"): a note's creation time in ms is its id, as
 * for every note, moved on by 1 ms while the id is taken: by a note or a deleted note of the log
 * (`taken`), or by a note given an id earlier in this import.
 */
export class NoteIdAllocator {
  private readonly given = new Set<string>();

  constructor(private readonly taken: (id: string) => boolean) {}

  /** The id for a note created at `createdMs` (a usable time, see usableTime). */
  next(createdMs: number): string {
    let ms = createdMs;
    while (this.given.has(String(ms)) || this.taken(String(ms))) ms += 1;
    const id = String(ms);
    this.given.add(id);
    return id;
  }
}
