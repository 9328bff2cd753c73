import type { IDBPDatabase } from 'idb';

/**
 * The log database's stores as an older build made them (docs/architecture.md "IndexedDB log",
 * database versions): written out here, not taken from `openLogDatabase`, so the upgrade tests
 * keep meeting what those builds left even as the current schema moves. `version`: 2 (events with
 * the note index, snapshots, quarantine) or 3 (and the snapshots' parts).
 */
export function createOldLogStores(db: IDBPDatabase, version: 2 | 3): void {
  const events = db.createObjectStore('events', { keyPath: 'seq', autoIncrement: true });
  events.createIndex('id', 'id', { unique: true });
  events.createIndex('noteId', 'payload.id');
  db.createObjectStore('snapshots', { keyPath: 'seq' });
  db.createObjectStore('quarantine', { keyPath: 'key', autoIncrement: true });
  if (version >= 3) db.createObjectStore('snapshotBodies');
}
