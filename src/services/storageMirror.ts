import { NOTES_KEY, STARRED_KEY, noteBodyKey } from '../projections/storageKeys';
import { noteIndex, type NotesState } from '../projections/notesState';

/**
 * Mirrors the notes projection into the localStorage keys of SPEC.md §3 (`notes`, `note_{id}`,
 * `linkedNotes`). Only keys whose projection part changed are written: bodies are compared by
 * reference, so saving one note writes two keys, not ten thousand.
 */
export class StorageMirror {
  private previous: NotesState | null = null;

  /** `onError` hears about writes that failed (QuotaExceededError when the origin is full). */
  constructor(
    private readonly storage: Storage,
    private readonly onError: (error: unknown) => void = (error) => console.error('NotePad: localStorage write failed', error),
  ) {}

  /** Write what changed since the last call; the first call compares with what storage holds. */
  write(notes: NotesState): void {
    const prev = this.previous;
    if (prev === notes) return;
    let failure: unknown = null;
    const set = (key: string, value: string) => {
      try {
        if (this.storage.getItem(key) !== value) this.storage.setItem(key, value);
      } catch (error) {
        failure ??= error; // one failing key (a huge image) must not stop the others
      }
    };
    // Deletions first: they free space for the writes.
    for (const id of prev?.order ?? []) if (!notes.meta[id]) this.storage.removeItem(noteBodyKey(id));
    if (!prev || prev.order !== notes.order || prev.meta !== notes.meta) set(NOTES_KEY, JSON.stringify(noteIndex(notes)));
    if (!prev || prev.starred !== notes.starred) set(STARRED_KEY, JSON.stringify(notes.starred));
    if (!prev || prev.bodies !== notes.bodies) {
      for (const id of notes.order) if (!prev || prev.bodies[id] !== notes.bodies[id]) set(noteBodyKey(id), notes.bodies[id]?.html ?? '');
    }
    // After a failure, compare every key again next time (previous = null) so nothing stays stale.
    this.previous = failure ? null : notes;
    if (failure) this.onError(failure);
  }
}
