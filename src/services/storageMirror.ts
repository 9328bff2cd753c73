import { NOTES_KEY, STARRED_KEY, noteBodyKey, readItem, removeItem, writeItem, type StorageArea } from './webStorage';
import { noteIndex, type NotesState } from '../projections/notesState';
import { inNextTask } from '../lib/scheduler';

const BODY_PREFIX = noteBodyKey('');

/**
 * Mirrors the notes projection into the localStorage keys of docs/product.md "Entities and storage keys" (`notes`, `note_{id}`,
 * `linkedNotes`). Only keys whose value changed are written: saving one note writes two keys,
 * not ten thousand, and a view-only event (search, sort, selection) leaves `notes` untouched and
 * writes nothing.
 *
 * A write that fails (QuotaExceededError when the origin's ~5 MB are full) marks its key stale.
 * Stale keys are written again with the next change of the notes, smallest value first, stopping
 * at the first one that still does not fit: once space is freed (a note deleted or shortened) the
 * copy catches up, and while storage stays full a change costs one failed write, not one per key.
 */
export class StorageMirror {
  private previous: NotesState | null = null;
  /** The `notes` value last written (or found equal), so a re-folded but equal index is not rewritten. */
  private lastIndexJson: string | null = null;
  /** Keys whose last write failed; their current value is derived from the projection when retried. */
  private readonly stale = new Set<string>();
  private scheduled: NotesState | null = null;
  private retryQueued = false;

  /** `onError` hears about writes that failed (QuotaExceededError when the origin is full), once per `write` call. */
  constructor(
    private readonly storage: StorageArea,
    private readonly onError: (error: unknown) => void = (error) => console.error('NotePad: localStorage write failed', error),
  ) {}

  /**
   * Write `notes` in a task of its own, soon; changes until then are written together. Setting a
   * long note's `note_{id}` is a long synchronous task, which must not add up with the save that changed it.
   * Call `flush()` where no later task may run (page hide). The first write is not deferred
   * further: until it has run, keys written meanwhile by others (the original app's notes) could
   * be overwritten by it.
   */
  schedule(notes: NotesState): void {
    const idle = this.scheduled === null;
    this.scheduled = notes;
    if (idle) inNextTask(() => this.flush());
  }

  /** Write a scheduled change now (nothing when none is waiting). */
  flush(): void {
    const notes = this.scheduled;
    this.scheduled = null;
    if (notes) this.write(notes);
  }

  /**
   * Try the stale keys again without a change of the notes, in a task of its own, soon (calls until
   * then make one retry): call it when the log has just written events durably (space may have come
   * back, and an edit made while storage was full may only be confirmed, not changed). Does nothing
   * when no write failed; a retry that still fails stays quiet, the user was already told.
   */
  retry(): void {
    if (this.stale.size === 0 || !this.previous || this.retryQueued) return;
    // Once per task: a burst of note events (a new device's first pull) would each derive every
    // stale key's value and sort them, thousands of keys when storage is full.
    this.retryQueued = true;
    inNextTask(() => {
      this.retryQueued = false;
      if (this.stale.size === 0 || !this.previous) return;
      this.retryStale(this.previous, (key, value) => this.trySet(key, value, false) === null);
    });
  }

  /**
   * Set `key` (with `compareStored`, only when storage holds another value) and keep `stale` true
   * to the outcome. Returns the error of a failed write, else null.
   */
  private trySet(key: string, value: string, compareStored: boolean): unknown {
    const stored = compareStored ? readItem(this.storage, key) : null;
    if (stored && !stored.ok) return this.markStale(key, stored.error);
    if (!stored || stored.value !== value) {
      const written = writeItem(this.storage, key, value);
      if (!written.ok) return this.markStale(key, written.error);
    }
    this.stale.delete(key);
    return null;
  }

  /** Remember that `key` could not be written; returns `error`. */
  private markStale(key: string, error: unknown): unknown {
    this.stale.add(key);
    return error;
  }

  /** Keys waiting to be written again after a failed write (for tests and diagnostics). */
  staleKeys(): string[] {
    return [...this.stale];
  }

  /** Write what changed since the last call; the first call compares every key with what storage holds. */
  write(notes: NotesState): void {
    const prev = this.previous;
    if (prev === notes) return;
    this.previous = notes;
    let failure: unknown = null;
    const set = (key: string, value: string, compareStored: boolean): boolean => {
      const error = this.trySet(key, value, compareStored);
      failure ??= error; // one failing key (a huge image) must not stop the others of this change
      return error === null;
    };

    // Deletions first: they free space for the writes.
    if (prev && prev.order !== notes.order) {
      for (const id of prev.order) {
        if (notes.meta[id]) continue;
        const removed = removeItem(this.storage, noteBodyKey(id));
        if (!removed.ok) failure ??= removed.error;
        this.stale.delete(noteBodyKey(id));
      }
    }
    if (!prev || prev.order !== notes.order || prev.meta !== notes.meta) {
      const json = JSON.stringify(noteIndex(notes));
      if (json !== this.lastIndexJson || this.stale.has(NOTES_KEY)) {
        if (set(NOTES_KEY, json, !prev)) this.lastIndexJson = json;
      }
    }
    if (!prev || prev.starred !== notes.starred) set(STARRED_KEY, JSON.stringify(notes.starred), !prev);
    if (!prev || prev.bodies !== notes.bodies) {
      for (const id of notes.order) {
        const html = notes.bodies[id]?.html ?? '';
        // Strings compare by content: a body re-folded from the stored event is equal, not identical.
        if (!prev || prev.bodies[id]?.html !== html || !prev.meta[id]) set(noteBodyKey(id), html, !prev);
      }
    }
    if (prev && !failure) this.retryStale(notes, set);
    if (failure) this.onError(failure);
  }

  /** Write stale keys again, smallest first; the first that still fails ends the retry (storage is still full). */
  private retryStale(notes: NotesState, set: (key: string, value: string, compareStored: boolean) => boolean): void {
    if (this.stale.size === 0) return;
    const pending: { key: string; value: string }[] = [];
    for (const key of this.stale) {
      const value = this.currentValue(notes, key);
      if (value === null) this.stale.delete(key);
      else pending.push({ key, value });
    }
    pending.sort((a, b) => a.value.length - b.value.length);
    for (const { key, value } of pending) {
      if (!set(key, value, false)) return;
      if (key === NOTES_KEY) this.lastIndexJson = value;
    }
  }

  /** The value `key` should hold for `notes`, or null when the key no longer exists (a deleted note). */
  private currentValue(notes: NotesState, key: string): string | null {
    if (key === NOTES_KEY) return JSON.stringify(noteIndex(notes));
    if (key === STARRED_KEY) return JSON.stringify(notes.starred);
    const id = key.slice(BODY_PREFIX.length);
    return notes.meta[id] ? (notes.bodies[id]?.html ?? '') : null;
  }
}
