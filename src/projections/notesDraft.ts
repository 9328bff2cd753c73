import type { NotesState } from './notesState';

/**
 * A copy-on-write draft of NotesState: each container is copied at most once per batch, so folding
 * N events over M notes costs O(N) for the common events instead of O(N*M).
 */
export class NotesDraft {
  private copied = new Set<keyof NotesState>();
  constructor(public state: NotesState) {}

  /** The container `key` of the draft's own state, copied on its first write in this batch. */
  write<K extends keyof NotesState>(key: K): NotesState[K] {
    if (!this.copied.has(key)) {
      if (this.copied.size === 0) this.state = { ...this.state };
      const value = this.state[key];
      this.state[key] = (Array.isArray(value) ? [...value] : { ...value }) as NotesState[K];
      this.copied.add(key);
    }
    return this.state[key];
  }
}
