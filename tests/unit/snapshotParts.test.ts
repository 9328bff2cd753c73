import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { createOldLogStores } from './oldLogSchema';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import type { Snapshot, SnapshotPart } from '../../src/events/logRecords';
import { EMPTY_NOTES, INITIAL_VIEW, isUnreadBody, type NoteBody } from '../../src/projections/notesState';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const blocksOf = (text: string) => [{ id: 'b', type: 'paragraph', props: {}, content: [{ type: 'text', text, styles: {} }], children: [] }];

/** A snapshot at `seq` of `count` notes; every 100th body is 50,000 characters, every 3rd has a document. */
function snapshot(seq: number, count: number, withServer = false): Snapshot {
  const order = Array.from({ length: count }, (_, i) => String(1_700_000_000_000 + i));
  const meta = Object.fromEntries(order.map((id) => [id, { title: `Note ${id}`, modified: '2026-11-24T00:00:00.000Z' }]));
  const bodies: Record<string, NoteBody> = Object.fromEntries(
    order.map((id, i) => {
      const text = i % 100 === 0 ? 'x'.repeat(50_000) : `text of ${id}`;
      return [id, i % 3 === 0 ? { html: `<p>${text}</p>`, blocks: blocksOf(text) } : { html: `<p>${text}</p>` }];
    }),
  );
  const notes = { ...EMPTY_NOTES, order, meta, bodies };
  const server = withServer ? { head: 9, notes: { ...notes, bodies: { [order[0]]: { html: '<p>server copy</p>' } } } } : undefined;
  return { v: 3, seq, at: '2026-11-24T00:00:00.000Z', state: { notes, view: INITIAL_VIEW, seq }, ...(server ? { server } : {}) };
}

/** Bodies with their documents as the stored form gives them back (JSON strings), to compare with a read. */
const asRead = (bodies: Record<string, NoteBody>) =>
  Object.fromEntries(Object.entries(bodies).map(([id, b]) => [id, b.blocks ? { html: b.html, blocksJson: JSON.stringify(b.blocks) } : b]));

/** The stored snapshots' keys, their parts (not the lists of documents under [seq, -1], nor the epoch) and the documents' keys. */
async function rawParts(): Promise<{ snapshots: number[]; parts: [number, number][]; values: SnapshotPart[]; documents: string[] }> {
  const db = await openDB(LOG_DB_NAME);
  const snapshots = (await db.getAllKeys('snapshots')) as number[];
  const keys = (await db.getAllKeys('snapshotBodies')) as unknown as [number, number][];
  const all = (await db.getAll('snapshotBodies')) as SnapshotPart[];
  const documents = (await db.getAllKeys('documents')) as string[];
  db.close();
  const isPart = (key: [number, number]) => key[0] >= 0 && key[1] >= 0;
  return { snapshots, parts: keys.filter(isPart), values: all.filter((_, i) => isPart(keys[i])), documents };
}

describe('snapshot bodies in parts', () => {
  it('splits the bodies of a large snapshot into parts of bounded size and reads them back whole, server base included', async () => {
    const storage = await openIndexedDbStorage(null);
    const written = snapshot(40, 2_500, true);
    await storage.writeSnapshot(written);
    const { parts, values } = await rawParts();
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts).toEqual(parts.map((_, k) => [40, k]));
    for (const part of values) {
      expect(Object.keys(part.state).length + Object.keys(part.server ?? {}).length).toBeLessThanOrEqual(1_000);
      // The HTML is in the bodies' records (docs/architecture.md "Documents by reference"): a part holds keys.
      for (const b of [...Object.values(part.state), ...Object.values(part.server ?? {})]) expect(b.html).toBeUndefined();
    }
    const read = (await storage.latestSnapshot())!;
    expect(read.state.notes.order).toEqual(written.state.notes.order);
    expect(read.state.notes.bodies).toEqual(asRead(written.state.notes.bodies));
    expect(read.server?.notes.bodies).toEqual(written.server!.notes.bodies);
    expect(read).not.toHaveProperty('bodyParts');
    storage.close();
  });

  it('writes a body the server base shares with the state once, and reads it back in both', async () => {
    const storage = await openIndexedDbStorage(null);
    const base = snapshot(50, 1_200);
    const { notes } = base.state;
    const own = notes.order[7];
    // A synced device: the server's notes are the state's, but for one note edited on top of them.
    const written: Snapshot = {
      ...base,
      server: { head: 30, notes: { ...notes, bodies: { ...notes.bodies, [own]: { html: '<p>before the edit</p>' } } } },
    };
    await storage.writeSnapshot(written);
    const { values } = await rawParts();
    const serverBodies = values.flatMap((part) => Object.keys(part.server ?? {}));
    expect(serverBodies).toEqual([own]);
    expect(values.flatMap((part) => Object.keys(part.state))).toHaveLength(1_200);
    // Bodies are records of their own: a part holds keys (docs/architecture.md "Documents by reference").
    const partBodies = values.flatMap((part) => [...Object.values(part.state), ...Object.values(part.server ?? {})]);
    expect(partBodies.filter((b) => 'blocksJson' in b || 'chain' in b || 'html' in b)).toEqual([]);
    expect(partBodies.filter((b) => 'docKey' in b)).toHaveLength(1_201);
    const read = (await storage.latestSnapshot())!;
    expect(read.state.notes.bodies).toEqual(asRead(notes.bodies));
    expect(read.server?.notes.bodies).toEqual(asRead(written.server!.notes.bodies));
    expect(read.server?.notes.bodies[own]).toEqual({ html: '<p>before the edit</p>' });
    expect(read).not.toHaveProperty('sharedBodies');
    storage.close();
  });

  it('a device that begins sync from a checkpoint stores each of its notes’ bodies once', async () => {
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    const checkpoint = snapshot(1, 1_500).state.notes;
    const record = {
      userId: 'u',
      email: 'a@example.org',
      deviceId: 'device-1',
      deviceName: 'One',
      ackedThrough: 0,
      since: '2026-11-27T00:00:00.000Z',
    };
    await log.serverSync.enterSync(record, { head: 40, notes: checkpoint });
    await log.close();
    // The store also holds the log's epoch, under a key of its own.
    const values = (await rawParts()).values.filter((value) => 'state' in value);
    expect(values.flatMap((part) => Object.keys(part.server ?? {}))).toEqual([]);
    expect(values.flatMap((part) => Object.keys(part.state))).toHaveLength(1_500);
    const again = new EventLog({ storage: await openIndexedDbStorage(null) });
    await again.load();
    expect(again.state.notes.order).toEqual(checkpoint.order);
    // Read by note, a synced start's too (docs/architecture.md "Documents by reference"): whole once read.
    expect(Object.values(again.serverSync.serverBase()!.notes.bodies).every(isUnreadBody)).toBe(true);
    await again.readNotes(null);
    expect(again.serverSync.serverBase()?.notes.bodies).toEqual(asRead(checkpoint.bodies));
    await again.close();
  });

  it('passes over a snapshot whose shared bodies are not all in its parts', async () => {
    const storage = await openIndexedDbStorage(null);
    await storage.writeSnapshot(snapshot(10, 20));
    const synced = snapshot(20, 30);
    await storage.writeSnapshot({ ...synced, server: { head: 5, notes: synced.state.notes } });
    const db = await openDB(LOG_DB_NAME);
    const record = await db.get('snapshots', 20);
    await db.put('snapshots', { ...record, sharedBodies: [...record.sharedBodies, '1600000000000'] });
    db.close();
    expect((await storage.latestSnapshot())!.seq).toBe(10);
    storage.close();
  });

  it('drops the parts of the snapshots it drops, and a rewrite of one seq leaves no part of the old write', async () => {
    const storage = await openIndexedDbStorage(null);
    await storage.writeSnapshot(snapshot(10, 1_500));
    await storage.writeSnapshot(snapshot(20, 10));
    await storage.writeSnapshot(snapshot(30, 10));
    await storage.writeSnapshot(snapshot(30, 5));
    const { snapshots, parts } = await rawParts();
    expect(snapshots.filter((k) => k >= 0)).toEqual([20, 30]);
    expect(parts).toEqual([
      [20, 0],
      [30, 0],
    ]);
    expect(Object.keys((await storage.latestSnapshot())!.state.notes.bodies)).toHaveLength(5);
    storage.close();
  });

  it('passes over a snapshot missing a part for the one before it, and with none left the log folds every event', async () => {
    const storage = await openIndexedDbStorage(null);
    await storage.writeSnapshot(snapshot(10, 20));
    await storage.writeSnapshot(snapshot(20, 1_500));
    const db = await openDB(LOG_DB_NAME);
    await db.delete('snapshotBodies', [20, 1]);
    expect((await storage.latestSnapshot())!.seq).toBe(10);
    await db.delete('snapshotBodies', [10, 0]);
    db.close();
    expect(await storage.latestSnapshot()).toBeNull();
    storage.close();

    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    await log.append('note.created', { id: '1', title: 'Kept' });
    await log.close();
    const again = new EventLog({ storage: await openIndexedDbStorage(null) });
    await again.load();
    expect(again.state.notes.meta['1'].title).toBe('Kept');
    await again.close();
  });

  it('with no snapshot left, a log that has an epoch (replaced once) keeps it: a start writes its fresh snapshot', async () => {
    const storage = await openIndexedDbStorage(null);
    await storage.writeSnapshot({ ...snapshot(20, 30), epoch: 'epoch-of-a-replaced-log' });
    expect(await storage.epoch()).toBe('epoch-of-a-replaced-log');
    const db = await openDB(LOG_DB_NAME);
    await db.delete('snapshotBodies', [20, 0]);
    db.close();
    expect(await storage.latestSnapshot()).toBeNull();
    storage.close();

    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    await log.append('note.created', { id: '1', title: 'Kept' });
    // Before, the fold named no epoch while the log had one: every snapshot write was refused.
    await log.writeSnapshot();
    expect((await log.latestSnapshot())?.seq).toBe(1);
    await log.close();
    const after = await openIndexedDbStorage(null);
    expect(await after.epoch()).toBe('epoch-of-a-replaced-log');
    after.close();
  });

  it('opens a database of the build before parts and reads its snapshot, bodies inside, as it is', async () => {
    const old = snapshot(5, 3);
    const v2 = await openDB(LOG_DB_NAME, 2, {
      upgrade(db) {
        createOldLogStores(db, 2);
      },
    });
    const stored = { ...old, state: { ...old.state, notes: { ...old.state.notes, bodies: asRead(old.state.notes.bodies) } } };
    await v2.put('snapshots', stored);
    v2.close();
    const storage = await openIndexedDbStorage(null);
    expect(await storage.latestSnapshot()).toEqual(stored);
    storage.close();
  });
});
