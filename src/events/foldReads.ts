import { DocumentNotRead, type NoteBody, type NotesState } from '../projections/notesState';
import { DOCUMENT_READ_SLICE, unreadKeys, withDocuments } from './documentReads';
import type { DocumentRecord, ServerBase } from './logRecords';
import type { LogStorage } from './logStorage';
import { DocumentGone } from './snapshotDocuments';

/**
 * Documents read into a fold just before it runs (docs/architecture.md "Documents by reference",
 * "Sync"): what a synced device folds onto a base whose bodies are unread (the server's order, the
 * outbox folded again) reads the notes it needs first, and a body it meets unread nevertheless is
 * read and the fold run again, so a conservative guess can never leave a fold half done.
 */

/** What holds unread bodies to read into: a LogFold (its notes and the server's), or a base not in a fold yet (`baseDocuments`). */
export interface DocumentHolder {
  /** The keys of the unread bodies of notes `ids` (every note: null). */
  unreadKeys(ids: Iterable<string> | null): string[];
  /** Put read documents in (a change that alters no content). */
  putDocuments(read: ReadonlyMap<string, DocumentRecord>): void;
}

/**
 * Documents met unread by a fold that are read one at a time before every unread one is read at
 * once: each costs the fold run again (the outbox on the base), and one is rare (`notesReadBy` is
 * conservative).
 */
const MISSES_READ_ONE = 3;

/**
 * Read `keys` into `into`, a transaction per DOCUMENT_READ_SLICE keys in key order (each slice a
 * range of the store, LogStorage.readDocuments).
 * @throws DocumentGone when a record is gone (another tab's clean-up: the caller folds again from the newest snapshot).
 */
async function readKeysInto(storage: LogStorage, into: DocumentHolder, keys: readonly string[]): Promise<void> {
  const sorted = [...keys].sort();
  for (let at = 0; at < sorted.length; at += DOCUMENT_READ_SLICE) {
    const slice = sorted.slice(at, at + DOCUMENT_READ_SLICE);
    const read = await storage.readDocuments(slice);
    into.putDocuments(read);
    const gone = slice.find((key) => !read.has(key));
    if (gone !== undefined) throw new DocumentGone(gone);
  }
}

/**
 * Run `fold` (synchronous, changing nothing when it throws) once the documents of notes `ids` held
 * unread by `into` are read. When it meets an unread body nevertheless (DocumentNotRead), that
 * document is read (after MISSES_READ_ONE such misses, every unread one) and `fold` runs again.
 * Resolves with what `fold` returns.
 * @throws DocumentGone when a record is gone; `fold`'s other errors as they are.
 */
export async function foldReading<T>(storage: LogStorage, into: DocumentHolder, ids: Iterable<string>, fold: () => T): Promise<T> {
  await readKeysInto(storage, into, into.unreadKeys(ids));
  for (let misses = 0; ; misses++) {
    try {
      return fold();
    } catch (error) {
      if (!(error instanceof DocumentNotRead) || misses > MISSES_READ_ONE) throw error;
      await readKeysInto(storage, into, misses < MISSES_READ_ONE ? [error.docKey] : into.unreadKeys(null));
    }
  }
}

/**
 * `base` as a DocumentHolder, before a fold holds it (a synced start's server base): documents put in
 * replace `current()`'s notes, bodies read once shared between the copies made.
 */
export function baseDocuments(base: ServerBase): DocumentHolder & { current(): ServerBase } {
  let current = base;
  const made = new Map<string, NoteBody>();
  const keysOf = (notes: NotesState, ids: Iterable<string> | null) => [...unreadKeys(notes, ids, new Set())];
  return {
    current: () => current,
    unreadKeys: (ids) => keysOf(current.notes, ids),
    putDocuments: (read) => {
      const notes = withDocuments(current.notes, read, made);
      if (notes !== current.notes) current = { ...current, notes };
    },
  };
}
