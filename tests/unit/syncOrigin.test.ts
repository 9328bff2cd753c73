import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { SyncEngine } from '../../src/services/sync/engine';
import { FakeSyncServer } from './fakeSyncServer';

/**
 * The checkpoint a new device started from, as its sync bookkeeping keeps it (docs/architecture.md
 * "Sync"): the bytes the server sent (opened), not a copy of the notes' objects; an origin stored
 * the way builds before stored it (the notes state itself) still reads.
 */

const RECORD = {
  userId: 'user-1',
  email: 'a@example.org',
  deviceId: 'device-one-0000',
  deviceName: 'One',
  ackedThrough: 0,
  since: '2026-11-28T02:00:00.000Z',
};
const timing = { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 3 };
const engines: SyncEngine[] = [];

async function open(storage?: LogStorage) {
  const log = new EventLog({ storage: storage ?? (await openIndexedDbStorage()), channel: null });
  await log.load();
  return log;
}

/** A server whose account has five notes and a checkpoint of them. */
async function seededServer(): Promise<FakeSyncServer> {
  const server = new FakeSyncServer();
  const seed = await open();
  await seed.serverSync.enterSync({ ...RECORD, deviceId: 'device-seed-000' }, EMPTY_SERVER_BASE);
  const seeding = new SyncEngine(seed, server.transport(), { deviceId: 'device-seed-000', timing });
  engines.push(seeding);
  seeding.start();
  for (let i = 0; i < 5; i++) await seed.append('note.created', { id: String(1764000000100 + i), title: `Seed ${i}` });
  await seeding.request();
  seeding.stop();
  await seed.close();
  expect(server.checkpointStored).not.toBeNull();
  globalThis.indexedDB = new IDBFactory();
  return server;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

describe('the origin of a new device', () => {
  it('is stored as the checkpoint’s bytes as they came, and reads back to the checkpoint’s notes', async () => {
    const server = await seededServer();
    const checkpoint = (await server.transport().checkpoint(RECORD.deviceId))!;
    expect(checkpoint.opened?.gzip).toBeInstanceOf(Uint8Array);
    const storage = await openIndexedDbStorage();
    const log = await open(storage);
    await log.serverSync.enterSync(RECORD, { head: checkpoint.serverSeq, notes: checkpoint.state }, checkpoint.opened);

    const stored = (await storage.sync.origin())!;
    expect(stored.head).toBe(checkpoint.serverSeq);
    expect('notes' in stored).toBe(false);
    expect('gzip' in stored && stored.gzip.byteLength).toBe(checkpoint.opened!.gzip.byteLength);
    const origin = (await log.serverSync.origin())!;
    expect(origin.head).toBe(checkpoint.serverSeq);
    expect(toStorageKeys(origin.notes)).toEqual(toStorageKeys(checkpoint.state));
    expect(origin.notes.order).toHaveLength(5);
    await log.close();

    // A restart of this device reads it from IndexedDB as well.
    const again = await open();
    expect(toStorageKeys((await again.serverSync.origin())!.notes)).toEqual(toStorageKeys(checkpoint.state));
    await again.close();
  });

  it('stored by a build before, as the notes state itself, still reads', async () => {
    const server = await seededServer();
    const checkpoint = (await server.transport().checkpoint(RECORD.deviceId))!;
    const storage = await openIndexedDbStorage();
    const log = await open(storage);
    // Entered without the bytes, as before: the notes state is stored.
    await log.serverSync.enterSync(RECORD, { head: checkpoint.serverSeq, notes: checkpoint.state });
    const stored = (await storage.sync.origin())!;
    expect('notes' in stored && stored.v).toBe(EVENT_SCHEMA_VERSION);
    expect(toStorageKeys((await log.serverSync.origin())!.notes)).toEqual(toStorageKeys(checkpoint.state));
    // A record written as builds of schema 3 wrote it: no `v`, a version-3 state (no identity parts).
    const { order, meta, bodies, starred, deleted, revs, devices } = checkpoint.state;
    await storage.sync.setOrigin({ head: checkpoint.serverSeq, notes: { order, meta, bodies, starred, deleted, revs, devices } as never });
    const read = (await log.serverSync.origin())!;
    expect(read.head).toBe(checkpoint.serverSeq);
    expect(read.notes.order).toEqual(checkpoint.state.order);
    await log.close();
  });

  it('bytes that do not hold a notes state are not used', async () => {
    const storage = await openIndexedDbStorage();
    const log = await open(storage);
    await log.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    await storage.sync.setOrigin({ head: 7, v: EVENT_SCHEMA_VERSION, gzip: new Uint8Array([1, 2, 3]) });
    expect(await log.serverSync.origin()).toBeNull();
    await log.close();
  });
});
