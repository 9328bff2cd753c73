import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { EventEnvelope } from '../../catalog';
import type { DocumentRecord, EpochMark, QuarantineRecord, Snapshot, SnapshotDocKeys, SnapshotPart } from './logRecords';

/** The log's IndexedDB schema (docs/architecture.md "IndexedDB log"). */
export interface NotePadDB extends DBSchema {
  events: { key: number; value: EventEnvelope; indexes: { id: string; noteId: string } };
  snapshots: { key: number; value: Snapshot };
  quarantine: { key: number; value: QuarantineRecord };
  /**
   * A snapshot's bodies in parts, by [snapshot seq, part] (snapshotParts.ts), the keys of the documents
   * it names under [seq, -1]; and the log's epoch under EPOCH_KEY.
   */
  snapshotBodies: { key: [number, number]; value: SnapshotPart | SnapshotDocKeys | EpochMark };
  /** Snapshot bodies' documents by key (snapshotDocuments.ts), out-of-line keys. */
  documents: { key: string; value: DocumentRecord };
}

/**
 * Where the log's epoch is kept (EpochMark): below every snapshot's parts (their seqs are >= 0), so
 * no reader or clean-up of parts, of this build or an older one, reaches it, and replacing the log
 * (which clears the store) always sets it anew. A record of its own because a check reads it often:
 * the newest snapshot record, which could hold it, is a long copy for a large library
 * (docs/architecture.md "Compaction").
 */
export const EPOCH_KEY: [number, number] = [-1, 0];

/**
 * Name of the IndexedDB database. Do not change without a migration: every user's log lives there.
 * @internal Test seam: used here; the tests read this constant.
 */
export const LOG_DB_NAME = 'notepad-log';
/**
 * 1: events, snapshots, quarantine. 2: events indexed by payload.id for note history. 3: snapshot
 * bodies stored in parts (snapshotBodies). 4: snapshot bodies' documents kept apart (documents). A
 * build that knows an older version steps aside (`blocking`); one that opens a newer version fails
 * to open it and starts in memory (docs/architecture.md "Versions and tabs").
 */
const LOG_DB_VERSION = 4;

/**
 * Open the log's database (creating or upgrading it). When a newer build asks to upgrade it, the
 * connection is closed so it can, and `onNewerBuild` runs. Used by the page and by the log's writer worker.
 * @throws when IndexedDB is unavailable or blocked.
 */
export function openLogDatabase(onNewerBuild: () => void): Promise<IDBPDatabase<NotePadDB>> {
  return openDB<NotePadDB>(LOG_DB_NAME, LOG_DB_VERSION, {
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      onNewerBuild();
    },
    upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        const events = database.createObjectStore('events', { keyPath: 'seq', autoIncrement: true });
        events.createIndex('id', 'id', { unique: true });
        database.createObjectStore('snapshots', { keyPath: 'seq' });
        database.createObjectStore('quarantine', { keyPath: 'key', autoIncrement: true });
      }
      if (oldVersion < 2) transaction.objectStore('events').createIndex('noteId', 'payload.id');
      if (oldVersion < 3) database.createObjectStore('snapshotBodies');
      if (oldVersion < 4) database.createObjectStore('documents');
    },
  });
}

/** Add stored-form event records in one transaction; resolves with their seqs once it completed. */
export async function addRecords(db: IDBPDatabase<NotePadDB>, records: readonly EventEnvelope[]): Promise<number[]> {
  const tx = db.transaction('events', 'readwrite');
  const seqs: number[] = [];
  // A refused add rejects with its own error (QuotaExceededError, ConstraintError), before the transaction's abort.
  await Promise.all([...records.map((record, i) => tx.store.add(record).then((seq) => (seqs[i] = seq))), tx.done]);
  return seqs;
}
