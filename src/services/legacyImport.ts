import type { EventLog } from '../events/eventLog';
import { readLegacyIndex, type LegacyEntry } from '../projections/legacy';
import { importActivity$ } from './noteImport/importActivity';
import { readOrNull } from './legacyValue';
import { NOTES_KEY, STARRED_KEY, legacyBackupKey, writeItem, type StorageArea } from './webStorage';

/** The Web Lock one tab holds while it imports the original app's notes, so two tabs never import them twice. */
const LEGACY_LOCK = 'notepad-legacy-import';

/** The original app's notes the log does not know yet, in list order (bodies not read). */
function unknownEntries(log: EventLog, storage: StorageArea): { entries: LegacyEntry[]; problems: string[] } {
  const { notes } = log.state;
  return readLegacyIndex({ notes: readOrNull(storage, NOTES_KEY), linkedNotes: readOrNull(storage, STARRED_KEY) }, (id) =>
    Boolean(notes.meta[id] || notes.deleted[id]),
  );
}

/**
 * Whether `storage` lists notes of the original app that the log does not know (reads the index only,
 * backs nothing up): the mirror asks it in the task of its first write, which replaces that index.
 */
export function hasUnknownLegacyNotes(log: EventLog, storage: StorageArea): boolean {
  return unknownEntries(log, storage).entries.length > 0;
}

/** Run `work` holding the legacy import's Web Lock (at once where there are no Web Locks: Node, old browsers). */
function withLegacyLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'object' ? navigator.locks : undefined;
  return locks ? (locks.request(LEGACY_LOCK, work) as Promise<T>) : work();
}

/** The legacy import once the original app's index is read: how many notes it will bring, and the run. */
export interface LegacyImport {
  /** Notes of the original app the log does not know. */
  total: number;
  /** What could not be read (an unreadable `notes` value is backed up first). */
  problems: string[];
  /**
   * Bring the notes in (docs/architecture.md "Legacy import"): in the background, in batches, with
   * progress shown. Resolves with how many were appended; rejects when the log cannot write (what
   * was written stays; the next start carries on from what the log holds).
   */
  run(): Promise<number>;
}

/**
 * At start, read which notes in localStorage the log does not know (written by the original app;
 * docs/architecture.md "Legacy import"). Fast: only the index is read now, bodies when they are
 * imported. Nothing in localStorage is deleted; a `notes` value that cannot be read is copied to a
 * backup key first. A build that has stopped writing imports nothing.
 */
export function planLegacyImport(log: EventLog, storage: StorageArea): LegacyImport {
  if (!log.writable) return { total: 0, problems: [], run: async () => 0 };
  const { entries, problems } = unknownEntries(log, storage);
  if (problems.length) {
    const backup = JSON.stringify({ notes: readOrNull(storage, NOTES_KEY), linkedNotes: readOrNull(storage, STARRED_KEY) });
    const written = writeItem(storage, legacyBackupKey(Date.now()), backup);
    if (!written.ok) console.error('NotePad: could not back up unreadable legacy notes', written.error);
  }
  const run = async (): Promise<number> => {
    if (entries.length === 0) return 0;
    return withLegacyLock(async () => {
      // Another tab may have imported them while this one waited for the lock: read its events first.
      await log.catchUp();
      const left = unknownEntries(log, storage).entries;
      if (left.length === 0 || !log.writable) return 0;
      importActivity$.next({ kind: 'importing', done: 0, total: left.length, cancel: null });
      try {
        // The appending code (and DOMPurify) loads only when there is something to import.
        const { appendLegacyNotes } = await import('./legacyAppend');
        return await appendLegacyNotes(log, storage, left, (done) =>
          importActivity$.next({ kind: 'importing', done, total: left.length, cancel: null }),
        );
      } finally {
        importActivity$.next({ kind: 'idle' });
      }
    });
  };
  return { total: entries.length, problems, run };
}
