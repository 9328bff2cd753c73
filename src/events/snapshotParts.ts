import type { IDBPTransaction } from 'idb';
import type { NoteBody, NotesState } from '../projections/notesState';
import type { NotePadDB } from './logDatabase';
import type { Snapshot, SnapshotPart } from './logRecords';
import { storedBody, storedChars } from './storedSnapshot';

/**
 * Snapshots whose bodies are kept in parts (docs/architecture.md "Snapshots"): the snapshot record
 * holds the notes without bodies and `bodyParts`, the number of records of the `snapshotBodies` store
 * (keys `[seq, part]`) that hold them.
 *
 * Why: IndexedDB copies a value synchronously in `put()`, and a snapshot of thousands of notes with
 * their HTML and document JSON made one long main-thread task (after an import). Parts are
 * written one after another in one transaction, each from the previous one's success callback:
 * every part is a task of its own, and the transaction is as atomic as one put. They are read back
 * with one request: a request per part cost a start-up a round trip and a task each
 * (docs/benchmarks.md holds the figures).
 */

/**
 * A stored snapshot record: bodies left out when `bodyParts` is set. `sharedBodies`: the notes whose
 * server body is their state body (the same object: a synced device's notes are mostly the server's),
 * stored once, in the state's parts.
 */
export type StoredSnapshotRecord = Snapshot & { bodyParts?: number; sharedBodies?: string[] };

/**
 * Characters of HTML and document JSON per part: a short task of copying each. Not much smaller:
 * Chromium keeps a large value as a file of its own, and reading many small parts back made a
 * start-up slower than one whole snapshot.
 */
const PART_MAX_CHARS = 8_000_000;
/** Bodies per part, whatever their size (each is a few objects to copy). */
const PART_MAX_BODIES = 1_000;

type Tx = IDBPTransaction<NotePadDB, ('snapshots' | 'snapshotBodies' | 'events')[], 'readwrite'>;
type ReadTx = IDBPTransaction<NotePadDB, ('snapshots' | 'snapshotBodies')[], 'readonly'>;

const partRange = (seq: number) => IDBKeyRange.bound([seq, 0], [seq, Number.MAX_SAFE_INTEGER]);
const withoutBodies = (notes: NotesState): NotesState => ({ ...notes, bodies: {} });

/**
 * Put `snapshot` in the transaction's `snapshots` store with its bodies in parts (replacing a
 * snapshot of the same seq). Resolves once every put has succeeded; the caller awaits the transaction.
 */
export async function putSnapshotInParts(tx: Tx, snapshot: Snapshot): Promise<void> {
  const parts = tx.objectStore('snapshotBodies');
  await parts.delete(partRange(snapshot.seq));
  const stateBodies = snapshot.state.notes.bodies;
  const entries: ['state' | 'server', string, NoteBody][] = Object.entries(stateBodies).map(([id, body]) => ['state', id, body]);
  const shared: string[] = [];
  for (const [id, body] of Object.entries(snapshot.server?.notes.bodies ?? {})) {
    // Copying every body twice would double the snapshot's main-thread work on a synced device.
    if (Object.prototype.hasOwnProperty.call(stateBodies, id) && stateBodies[id] === body) shared.push(id);
    else entries.push(['server', id, body]);
  }
  let count = 0;
  for (let at = 0; at < entries.length; count++) {
    // Documents become JSON here, part by part, so that work is spread over the parts' tasks too.
    const part: SnapshotPart = { state: {} };
    let chars = 0;
    for (let n = 0; at < entries.length && n < PART_MAX_BODIES && chars < PART_MAX_CHARS; n++, at++) {
      const [side, id, body] = entries[at];
      const stored = storedBody(body);
      (side === 'state' ? part.state : (part.server ??= {}))[id] = stored;
      chars += storedChars(stored);
    }
    await parts.put(part, [snapshot.seq, count]);
  }
  const record: StoredSnapshotRecord = {
    ...snapshot,
    state: { ...snapshot.state, notes: withoutBodies(snapshot.state.notes) },
    ...(snapshot.server ? { server: { ...snapshot.server, notes: withoutBodies(snapshot.server.notes) } } : {}),
    bodyParts: count,
    ...(shared.length ? { sharedBodies: shared } : {}),
  };
  await tx.objectStore('snapshots').put(record);
}

/** Delete the parts of the snapshot at `seq` (with the snapshot itself, by the caller). */
export function deleteSnapshotParts(tx: Tx, seq: number): Promise<void> {
  return tx.objectStore('snapshotBodies').delete(partRange(seq));
}

/**
 * The snapshot `record` with its bodies read back from its parts (one request, as a whole snapshot
 * was read before parts); null when a part is missing (the caller takes an older snapshot, or none).
 * A record of a build before parts (bodies inside, no `bodyParts`) is returned as it is.
 */
export async function withBodies(tx: ReadTx, record: StoredSnapshotRecord): Promise<Snapshot | null> {
  const { bodyParts, sharedBodies, ...snapshot } = record;
  if (bodyParts === undefined) return record;
  const store = tx.objectStore('snapshotBodies');
  // One request for all parts (in key order): per-part requests cost a round trip or a task each.
  // Parts only: the range is the snapshot's seq (>= 0), never the epoch's key.
  const parts = (await store.getAll(partRange(snapshot.seq))) as SnapshotPart[];
  if (parts.length !== bodyParts) return null;
  const state: Record<string, NoteBody> = {};
  const server: Record<string, NoteBody> = {};
  for (const part of parts) {
    Object.assign(state, part.state);
    if (part.server) Object.assign(server, part.server);
  }
  for (const id of sharedBodies ?? []) {
    if (!Object.prototype.hasOwnProperty.call(state, id)) return null;
    server[id] = state[id];
  }
  return {
    ...snapshot,
    state: { ...snapshot.state, notes: { ...snapshot.state.notes, bodies: state } },
    ...(snapshot.server ? { server: { ...snapshot.server, notes: { ...snapshot.server.notes, bodies: server } } } : {}),
  };
}
