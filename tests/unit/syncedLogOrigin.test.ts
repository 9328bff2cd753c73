import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SCHEMA_VERSION } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { NOTES_KEY, toStorageKeys } from '../../src/projections/storageKeys';
import { LOST_ORIGIN_EXPORT_REASON, exportLogFile } from '../../src/services/logTransfer';
import { startMirrorAfterLegacyImport } from '../../src/services/mirrorStart';
import { SyncEngine } from '../../src/services/sync/engine';
import { FakeSyncServer } from './fakeSyncServer';
import { ev } from './helpers';
import { MemoryWebStorage } from './memoryWebStorage';
import { SYNC_RECORD } from '../support/syncRecord';

/**
 * A synced device that started from the account's checkpoint holds none of the events before it
 * (docs/architecture.md "Sync"). When its snapshot cannot be used (a snapshot of the build before a
 * schema version change), it folds again from that checkpoint, not from nothing: the notes made
 * before the checkpoint stay. When its stored copy of that checkpoint (the origin) does not read
 * either, that fold lacks those notes, and it is never taken as the account's (docs/architecture.md
 * "Reading states"): a form a newer build wrote leaves the log to that build, a broken one is taken
 * again from the host, and no checkpoint nor localStorage copy is made of the incomplete notes meanwhile.
 * A new device stores that checkpoint as the bytes the host sent (opened), not a copy of the notes'
 * objects; an origin stored the way builds before stored it (the notes state itself) still reads.
 */

const RECORD = SYNC_RECORD;

const timing = { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 3 };
const engines: SyncEngine[] = [];
const SEED_IDS = [0, 1, 2, 3, 4].map((i) => String(1764000000100 + i));

async function open(storage?: LogStorage) {
  const log = new EventLog({ storage: storage ?? (await openIndexedDbStorage()), channel: null });
  await log.load();
  return log;
}

function engineFor(log: EventLog, server: FakeSyncServer, deviceId = RECORD.deviceId): SyncEngine {
  const engine = new SyncEngine(log, server.transport(), { deviceId, timing });
  engines.push(engine);
  return engine;
}

/** A host whose account has five notes and a checkpoint of them; this device's IndexedDB is fresh after it. */
async function seededServer(): Promise<FakeSyncServer> {
  const server = new FakeSyncServer();
  const seed = await open();
  await seed.serverSync.enterSync({ ...RECORD, deviceId: 'device-seed-000' }, EMPTY_SERVER_BASE);
  const seeding = engineFor(seed, server, 'device-seed-000');
  seeding.start();
  for (const id of SEED_IDS) await seed.append('note.created', { id, title: `Seed ${id}` });
  await seeding.request();
  seeding.stop();
  await seed.close();
  expect(server.checkpointStored).not.toBeNull();
  globalThis.indexedDB = new IDBFactory();
  return server;
}

/** This device started from the account's checkpoint, wrote one note of its own, then stored `origin` in place of its origin. */
async function deviceFromCheckpoint(server: FakeSyncServer, origin: Record<string, unknown>): Promise<void> {
  const checkpoint = (await server.transport().checkpoint(RECORD.deviceId))!;
  const storage = await openIndexedDbStorage();
  const log = await open(storage);
  await log.serverSync.enterSync(RECORD, { head: checkpoint.serverSeq, notes: checkpoint.state });
  await log.append('note.created', { id: '1764000000900', title: 'Mine' });
  expect(log.state.notes.order).toHaveLength(6);
  await storage.sync.setOrigin(origin as never);
  await log.close();
  // No snapshot (the log's epoch stays): the next start folds from the origin.
  const db = await openDB(LOG_DB_NAME);
  await db.clear('snapshots');
  await db.delete('snapshotBodies', IDBKeyRange.bound([0, 0], [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]));
  db.close();
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

describe('a synced device without a usable snapshot', () => {
  it('folds again from the checkpoint it started from, keeping the notes made before it', async () => {
    const storage = createMemoryLogStorage();
    const first = new EventLog({ storage, channel: null });
    await first.load();
    const before = foldNotes(EMPTY_NOTES, [ev('note.created', { id: '1764000000001', title: 'Before the checkpoint' })]);
    // Checkpoints of older formats are upcast before they get here (catalog/readState.ts, sealingTransport.test.ts).
    await first.serverSync.enterSync(RECORD, { head: 7, notes: before });
    await first.append('note.created', { id: '1764000000002', title: 'Mine' });
    await first.close();

    // The stored snapshots are a previous schema version's: the next start cannot use them.
    const latest = storage.latestSnapshot.bind(storage);
    storage.latestSnapshot = async () => {
      const snapshot = await latest();
      return snapshot && { ...snapshot, v: EVENT_SCHEMA_VERSION - 1 };
    };
    const again = new EventLog({ storage, channel: null });
    await again.load();
    const titles = again.state.notes.order.map((id) => again.state.notes.meta[id].title);
    expect(titles.sort()).toEqual(['Before the checkpoint', 'Mine']);
    expect(again.state.notes.shares).toEqual({});
    expect(again.serverSync.serverBase()?.head).toBe(7);
    expect(again.serverSync.outbox().map((e) => e.type)).toEqual(['note.created']);
  });
});

describe('an origin this build cannot read', () => {
  it('of a form a newer build wrote: the tab stops writing and syncs nothing, the host keeps its checkpoint', async () => {
    const server = await seededServer();
    const before = structuredClone(server.checkpointStored);
    const head = server.head;
    await deviceFromCheckpoint(server, { head: 6, v: EVENT_SCHEMA_VERSION, parts: [[31, 139, 8]] });

    const log = await open();
    expect(log.status$.value.newerVersion).not.toBeNull();
    expect(log.writable).toBe(false);
    const engine = engineFor(log, server);
    engine.start();
    await engine.request();
    expect(engine.status$.value.state).toBe('paused');
    expect(server.head).toBe(head);
    expect(server.checkpointStored).toEqual(before);
    await log.close();
  });

  it('of a newer schema version: the same', async () => {
    const server = await seededServer();
    await deviceFromCheckpoint(server, { head: 6, v: EVENT_SCHEMA_VERSION + 1, notes: { anything: true } });
    const log = await open();
    expect(log.status$.value.newerVersion).toBe(EVENT_SCHEMA_VERSION + 1);
    await log.close();
  });

  it('broken: the device takes the account’s checkpoint again and ends with every note, its own included', async () => {
    const server = await seededServer();
    await deviceFromCheckpoint(server, { head: 6, v: EVENT_SCHEMA_VERSION, notes: { order: 'not a list' } });

    const log = await open();
    expect(log.writable).toBe(true);
    expect(log.serverSync.lostOrigin()).toMatch(/order/);
    // Folded without the checkpoint: only this device's own note.
    expect(log.state.notes.order).toEqual(['1764000000900']);
    const engine = engineFor(log, server);
    engine.start();
    await engine.request();
    expect(engine.status$.value.message).toBeNull();
    expect(engine.status$.value.state).toBe('synced');
    expect(log.serverSync.lostOrigin()).toBeNull();
    expect([...log.state.notes.order].sort()).toEqual([...SEED_IDS, '1764000000900'].sort());
    // Stored again: the next start reads it.
    expect((await log.serverSync.origin())?.notes.order).toHaveLength(5);
    await log.close();
  });

  it('broken bytes: the checkpoint is taken again the same way, and stored again as the bytes that came', async () => {
    const server = await seededServer();
    await deviceFromCheckpoint(server, { head: 6, v: EVENT_SCHEMA_VERSION, gzip: new Uint8Array([31, 139, 8]) });

    const storage = await openIndexedDbStorage();
    const log = await open(storage);
    expect(log.writable).toBe(true);
    expect(log.serverSync.lostOrigin()).toMatch(/bytes do not read/);
    const engine = engineFor(log, server);
    engine.start();
    await engine.request();
    expect(engine.status$.value.message).toBeNull();
    expect(log.serverSync.lostOrigin()).toBeNull();
    expect([...log.state.notes.order].sort()).toEqual([...SEED_IDS, '1764000000900'].sort());
    expect('gzip' in (await storage.sync.origin())!).toBe(true);
    expect((await log.serverSync.origin())?.notes.order).toHaveLength(5);
    await log.close();
  });

  it('broken: the localStorage copy is not written from the incomplete fold, only once the checkpoint is taken again', async () => {
    const server = await seededServer();
    await deviceFromCheckpoint(server, { head: 6, v: EVENT_SCHEMA_VERSION, notes: { order: 'not a list' } });
    const log = await open();
    const web = new MemoryWebStorage();
    const mirror = startMirrorAfterLegacyImport(log, web, Promise.resolve({ imported: 0, error: null }), () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await log.append('note.renamed', { id: '1764000000900', title: 'Mine, renamed' });
    mirror.flush();
    expect(web.getItem(NOTES_KEY)).toBeNull();

    const engine = engineFor(log, server);
    engine.start();
    await engine.request();
    await vi.waitFor(() => expect(JSON.parse(web.getItem(NOTES_KEY) ?? '[]')).toHaveLength(6));
    await log.close();
  });

  it('broken: an export of the log is refused until the checkpoint is taken again, then holds it', async () => {
    const server = await seededServer();
    await deviceFromCheckpoint(server, { head: 6, v: EVENT_SCHEMA_VERSION, notes: { order: 'not a list' } });
    const log = await open();
    await expect(exportLogFile(log)).rejects.toThrow(LOST_ORIGIN_EXPORT_REASON);

    const engine = engineFor(log, server);
    engine.start();
    await engine.request();
    const file = await exportLogFile(log);
    expect([...(file.origin?.notes.order ?? [])].sort()).toEqual([...SEED_IDS].sort());
    await log.close();
  });

  it('broken, and the host has no checkpoint: an error, nothing uploaded, and the next cycle tries again', async () => {
    const server = await seededServer();
    await deviceFromCheckpoint(server, { head: 6, v: EVENT_SCHEMA_VERSION, notes: { order: 'not a list' } });
    const head = server.head;
    server.checkpointStored = null;

    const log = await open();
    const engine = engineFor(log, server);
    engine.start();
    await engine.request();
    expect(engine.status$.value.state).toBe('error');
    expect(engine.status$.value.message).toMatch(/checkpoint does not open/);
    expect(server.checkpointStored).toBeNull();
    expect(server.head).toBe(head);
    expect(log.serverSync.lostOrigin()).not.toBeNull();
    await log.close();
  });
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
