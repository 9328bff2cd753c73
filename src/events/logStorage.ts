import type { EventEnvelope, UnsequencedEvent } from '../../catalog';
import { EPOCH_KEY, addRecords, openLogDatabase } from './logDatabase';
import { isBigRecord, offThreadWriter, type OffThreadWriter } from './offThreadWrites';
import { fromStoredForm, toStoredForm, withoutDocument } from './storedForm';
import {
  deleteSnapshotParts,
  dropDocumentsOf,
  putSnapshotInParts,
  withBodies,
  type DocumentsRead,
  type DocumentsWritten,
} from './snapshotParts';
import { openLazySyncStorage, type SyncStorage } from './syncStorage';
import { headOf, storedHead } from './snapshotHeads';
import type {
  DocumentRecord,
  EpochMark,
  QuarantineRecord,
  Snapshot,
  SnapshotDocKeys,
  SnapshotHead,
  SnapshotPart,
  StoredSnapshotHead,
} from './logRecords';

/**
 * From this many keys `readDocuments` reads the range they span with one `getAll` rather than a `get`
 * per key: a request each costs more than the records between them it also copies (docs/benchmarks.md).
 * @internal Test seam: used here; the tests read it to cross the threshold.
 */
export const RANGE_READ_KEYS = 64;
/** A range is read whole only when it holds at most this many records per key asked for (`readDocuments`). */
const RANGE_DENSITY = 2;

/** The key range from the lowest of `keys` to the highest (IndexedDB orders string keys by code unit, as `sort` does). */
function keyRangeOf(keys: readonly string[]): IDBKeyRange {
  let low = keys[0];
  let high = keys[0];
  for (const key of keys) {
    if (key < low) low = key;
    if (key > high) high = key;
  }
  return IDBKeyRange.bound(low, high);
}

/** What a log needs from durable storage. The IndexedDB adapter is the browser's; tests may use fake-indexeddb. */
export interface LogStorage {
  /**
   * The newest snapshot, naming the log's epoch (Snapshot.epoch) when one is set, or null. `read`:
   * 'all' (default) with every body's document; 'keys' with bodies held by key whose documents are
   * not read (NoteBody.docKey, docs/architecture.md "Snapshots", "Documents by reference").
   */
  latestSnapshot(read?: DocumentsRead): Promise<Snapshot | null>;
  /**
   * The document records with these keys, in one readonly transaction; a key whose record is gone
   * (another tab's clean-up) is missing from the map. A few keys: a `get` each; RANGE_READ_KEYS or
   * more: one `getAll` and one `getAllKeys` over the range from the lowest key to the highest (cheaper
   * than a `get` each; the records between them not asked for are left out). `null`: every record of
   * the store, the same way.
   */
  readDocuments(keys: readonly string[] | null): Promise<Map<string, DocumentRecord>>;
  /**
   * The newest snapshot's head (the notes without bodies), its state as objects whichever form stored it
   * (StoredSnapshotHead), or null (none written, a synced device's, or one whose JSON does not parse).
   */
  latestSnapshotHead(): Promise<SnapshotHead | null>;
  /**
   * Raw stored records with seq > `afterSeq`, in seq order (not validated: the log does that); with
   * `count`, at most that many (a page: start-up folds a long log page by page). `documents`: true
   * (default) body events come with their BlockNote document as `payload.blocks`; false without it;
   * 'json' with it as the JSON string storage keeps (`blocksJson`, storedForm.ts) where it has one,
   * for a reader that keeps documents unparsed (docs/architecture.md "Start-up order").
   */
  readAfter(afterSeq: number, options?: { documents?: boolean | 'json'; count?: number }): Promise<unknown[]>;
  /** Append in one transaction; resolves with the events as stored (seq assigned) after it completed. */
  append(events: UnsequencedEvent[]): Promise<EventEnvelope[]>;
  /** Ids of `ids` that the log already holds. */
  existingIds(ids: string[]): Promise<Set<string>>;
  /** The log's epoch as stored (Snapshot.epoch), '' when none was set (docs/architecture.md "Compaction"). */
  epoch(): Promise<string>;
  /**
   * Write `snapshot` (and drop older ones), in one transaction; `snapshot.epoch`, when given, becomes
   * the log's epoch. With `ifEpoch`, only while the log's epoch is still that one (checked in the same
   * transaction): a tab whose fold predates a replacement of the log must not write it above the new
   * log. Resolves with whether it wrote.
   */
  writeSnapshot(snapshot: Snapshot, ifEpoch?: string): Promise<boolean>;
  /**
   * Move records out of the events store into quarantine, in one transaction; with `ifEpoch`, only
   * while the log's epoch is that one (a seq read before a replacement names another record since).
   * Resolves with whether it moved them.
   */
  quarantine(records: QuarantineRecord[], ifEpoch?: string): Promise<boolean>;
  quarantined(): Promise<QuarantineRecord[]>;
  /** Raw stored records about one note (payload.id), in seq order: its history. */
  readNote(noteId: string): Promise<unknown[]>;
  /**
   * Replace the whole log and its snapshots in one transaction (log import). Keeps each event's seq;
   * `snapshot.epoch` becomes the log's epoch (none: '').
   */
  replaceAll(events: EventEnvelope[], snapshot: Snapshot | null): Promise<void>;
  /**
   * Delete the events with these seqs in one transaction (compaction); with `ifEpoch`, only while the
   * log's epoch is that one. Resolves with whether it deleted them.
   */
  deleteEvents(seqs: number[], ifEpoch?: string): Promise<boolean>;
  /** Raw stored records with these ids (those it holds), in seq order. */
  readByIds(ids: readonly string[]): Promise<unknown[]>;
  /**
   * Add events received from the sync server (each with its `sseq`) that the log does not hold
   * yet, in one transaction; returns them as stored (seq assigned).
   */
  addReceived(events: readonly UnsequencedEvent[]): Promise<EventEnvelope[]>;
  /** This device's sync bookkeeping (its own database beside the log). */
  readonly sync: SyncStorage;
  /**
   * Hear when a newer build asks to upgrade the log's database: this connection has then been
   * closed so the upgrade can run, and this build must stop writing.
   */
  onNewerBuild(listener: () => void): void;
  close(): void;
}

/** The epoch kept in `parts` (the snapshotBodies store of a transaction), '' when none was set. */
async function storedEpoch(parts: {
  get(key: [number, number]): Promise<SnapshotPart | SnapshotDocKeys | EpochMark | undefined>;
}): Promise<string> {
  const mark = (await parts.get(EPOCH_KEY)) as EpochMark | undefined;
  return mark?.epoch ?? '';
}

/**
 * Put `snapshot` in parts (its epoch is not part of the record) and, when it names one, the log's
 * epoch. Resolves with what the clean-up of documents needs (dropDocumentsOf).
 */
async function putSnapshotAndEpoch(
  tx: Parameters<typeof putSnapshotInParts>[0],
  snapshot: Snapshot,
  current: string,
): Promise<DocumentsWritten> {
  const { epoch = current, ...record } = snapshot;
  const written = await putSnapshotInParts(tx, record);
  const parts = tx.objectStore('snapshotBodies');
  if (epoch !== current) await (epoch ? parts.put({ epoch } satisfies EpochMark, EPOCH_KEY) : parts.delete(EPOCH_KEY));
  return written;
}

/** Snapshots older than the newest few are dropped: they can always be rebuilt from the log. */
const SNAPSHOTS_KEPT = 2;

/**
 * Open the IndexedDB log store (docs/architecture.md "IndexedDB log"). `seq` is the events store's
 * auto-increment key, so tabs appending at once still get one total order. Long notes' saves are
 * written by `bigWrites` (a worker in the browser; none in Node, where this connection writes all).
 * @throws when IndexedDB is unavailable or blocked.
 */
export async function openIndexedDbStorage(bigWrites: OffThreadWriter | null = offThreadWriter()): Promise<LogStorage> {
  let newerBuild: (() => void) | null = null;
  // A newer build upgrades the database: the connection steps aside (closes) so it can, and this build stops writing.
  const db = await openLogDatabase(() => newerBuild?.());
  // The sync bookkeeping is opened only on a device that syncs (or starts to): syncStorage.ts.
  const sync = openLazySyncStorage();

  return {
    async latestSnapshot(read: DocumentsRead = 'all') {
      const tx = db.transaction(['snapshots', 'snapshotBodies', 'documents']);
      // Bodies may hold their document as JSON (storedSnapshot.ts): NoteBody.blocksJson, read with bodyBlocks.
      // A snapshot missing a part of its bodies or a document is passed over for the one before (or none: a full fold).
      // Documents are read in this transaction, so no other tab's clean-up can drop one between the parts and it.
      const epoch = await storedEpoch(tx.objectStore('snapshotBodies'));
      for (
        let cursor = await tx.objectStore('snapshots').openCursor(IDBKeyRange.lowerBound(0), 'prev');
        cursor;
        cursor = await cursor.continue()
      ) {
        const snapshot = await withBodies(tx, cursor.value, read);
        if (snapshot) return epoch ? { ...snapshot, epoch } : snapshot;
      }
      return null;
    },
    async readDocuments(keys) {
      const store = db.transaction('documents').store;
      const range = keys === null || keys.length === 0 ? undefined : keyRangeOf(keys);
      // A range only where the keys fill it: a few keys spread over the store (random ids) would copy every record between them.
      if (keys === null || (keys.length >= RANGE_READ_KEYS && (await store.count(range)) <= keys.length * RANGE_DENSITY)) {
        const [all, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
        const wanted = keys === null ? null : new Set(keys);
        const read = new Map<string, DocumentRecord>();
        all.forEach((key, i) => {
          if (!wanted || wanted.has(key)) read.set(key, values[i]);
        });
        return read;
      }
      const values = await Promise.all(keys.map((key) => store.get(key)));
      const read = new Map<string, DocumentRecord>();
      keys.forEach((key, i) => {
        const value = values[i];
        if (value !== undefined) read.set(key, value);
      });
      return read;
    },
    async latestSnapshotHead() {
      // Heads are stored under -seq: the newest is the lowest key.
      const cursor = await db.transaction('snapshots').store.openCursor(IDBKeyRange.upperBound(0, true));
      // The store's type names whole snapshots; a head record is a StoredSnapshotHead.
      const stored: StoredSnapshotHead | undefined = cursor?.value;
      return stored ? headOf(stored) : null;
    },
    async readAfter(afterSeq, options) {
      const raws = await db.getAll('events', IDBKeyRange.lowerBound(afterSeq, true), options?.count);
      if (options?.documents === 'json') return raws;
      return raws.map(options?.documents === false ? withoutDocument : fromStoredForm);
    },
    async append(events) {
      // The key path must be absent (not undefined) for IndexedDB to assign seq.
      const stored = events.map(({ seq: _seq, ...rest }) => rest as EventEnvelope);
      // Stored with the BlockNote document as one string (storedForm.ts): IndexedDB walks it in add().
      const records = stored.map((e) => toStoredForm(e));
      // A long note's save is tens of ms of copying inside add(): its worker does it (offThreadWrites.ts).
      const seqs = bigWrites && records.some(isBigRecord) ? await bigWrites.add(records) : await addRecords(db, records);
      stored.forEach((e, i) => (e.seq = seqs[i]));
      return stored;
    },
    async existingIds(ids) {
      const tx = db.transaction('events');
      const found = await Promise.all(ids.map((id) => tx.store.index('id').getKey(id)));
      return new Set(ids.filter((_, i) => found[i] !== undefined));
    },
    async epoch() {
      return storedEpoch(db.transaction('snapshotBodies').store);
    },
    async writeSnapshot(snapshot, ifEpoch) {
      const tx = db.transaction(['snapshots', 'snapshotBodies', 'documents'], 'readwrite');
      const current = await storedEpoch(tx.objectStore('snapshotBodies'));
      if (ifEpoch !== undefined && current !== ifEpoch) {
        await tx.done;
        return false;
      }
      // Bodies in parts, a task each, documents as JSON strings in records of their own (snapshotParts.ts, snapshotDocuments.ts).
      const written = await putSnapshotAndEpoch(tx, snapshot, current);
      const store = tx.objectStore('snapshots');
      // A synced device folds the server's order first (its snapshot holds it): no head, start-up reads the whole snapshot.
      const withHead = !snapshot.server && snapshot.seq > 0;
      if (withHead) await store.put(storedHead(snapshot) as unknown as Snapshot);
      const keys = await store.getAllKeys();
      const whole = keys.filter((key) => key >= 0);
      const heads = keys.filter((key) => key < 0);
      const dropped = [...whole.slice(0, Math.max(0, whole.length - SNAPSHOTS_KEPT)), ...heads.slice(withHead ? 1 : 0)];
      for (const key of dropped) {
        await store.delete(key);
        if (key >= 0) await deleteSnapshotParts(tx, key);
      }
      // The documents no snapshot left names (docs/architecture.md "Snapshots": what another tab reads meanwhile).
      const kept = whole.filter((key) => key !== snapshot.seq && !dropped.includes(key));
      await dropDocumentsOf(tx, written, kept);
      await tx.done;
      return true;
    },
    async quarantine(records, ifEpoch) {
      const tx = db.transaction(['events', 'quarantine', 'snapshotBodies'], 'readwrite');
      const moving = ifEpoch === undefined || (await storedEpoch(tx.objectStore('snapshotBodies'))) === ifEpoch;
      for (const record of moving ? records : []) {
        await tx.objectStore('quarantine').add(record);
        if (record.seq !== null) await tx.objectStore('events').delete(record.seq);
      }
      await tx.done;
      return moving;
    },
    async quarantined() {
      return db.getAll('quarantine');
    },
    async readNote(noteId) {
      return (await db.getAllFromIndex('events', 'noteId', noteId)).map(fromStoredForm);
    },
    async replaceAll(events, snapshot) {
      const tx = db.transaction(['events', 'snapshots', 'snapshotBodies', 'documents'], 'readwrite');
      await tx.objectStore('events').clear();
      await tx.objectStore('snapshots').clear();
      await tx.objectStore('snapshotBodies').clear();
      await tx.objectStore('documents').clear();
      for (const event of events) await tx.objectStore('events').add(toStoredForm(event));
      if (snapshot) await putSnapshotAndEpoch(tx, snapshot, '');
      await tx.done;
    },
    async deleteEvents(seqs, ifEpoch) {
      const tx = db.transaction(['events', 'snapshotBodies'], 'readwrite');
      const deleting = ifEpoch === undefined || (await storedEpoch(tx.objectStore('snapshotBodies'))) === ifEpoch;
      const events = tx.objectStore('events');
      await Promise.all([...(deleting ? seqs : []).map((seq) => events.delete(seq)), tx.done]);
      return deleting;
    },
    async readByIds(ids) {
      const tx = db.transaction('events');
      const found = await Promise.all(ids.map((id) => tx.store.index('id').get(id)));
      return found
        .filter((r): r is EventEnvelope => r !== undefined)
        .sort((a, b) => a.seq - b.seq)
        .map(fromStoredForm);
    },
    async addReceived(events) {
      const tx = db.transaction('events', 'readwrite');
      const held = await Promise.all(events.map((e) => tx.store.index('id').getKey(e.id)));
      const stored = events.filter((_, i) => held[i] === undefined).map(({ seq: _seq, ...rest }) => rest as EventEnvelope);
      await Promise.all([
        ...stored.map((e) =>
          tx.store.add(toStoredForm(e)).then((seq) => {
            e.seq = seq;
          }),
        ),
        tx.done,
      ]);
      return stored;
    },
    sync,
    onNewerBuild(listener) {
      newerBuild = listener;
    },
    close: () => {
      db.close();
      sync.close();
      bigWrites?.close();
    },
  };
}
