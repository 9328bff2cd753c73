import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, bodyBlocks, isUnreadBody, type NotesState } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { SyncEngine } from '../../src/services/sync/engine';
import type { WireEvent } from '../../src/services/sync/syncProtocol';
import { ChangesDevice, noteEvent, para, textOf, wholeHtml } from '../support/changesDevice';
import { FakeSyncServer } from './fakeSyncServer';
import { SYNC_RECORD } from '../support/syncRecord';

/**
 * A synced device's start from its own snapshot (docs/architecture.md "Documents by reference",
 * "Sync"): the snapshot's bodies stay unread, the server order and the outbox folded onto them read
 * only the documents they merge into, and the notes are those of a fold of the server order from
 * nothing, on this device and on one that signs in afresh.
 */

const ONE = '1764230400000';
const TWO = '1764230500000';
const THREE = '1764230600000';
const OTHER = 'device-two-0000';
const RECORD = SYNC_RECORD;
const BLOCKS = [para('b1', 'First.'), para('b2', 'Second.'), para('b3', 'Third.')];
const timing = { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 1e9 };
const engines: SyncEngine[] = [];

beforeAll(async () => {
  await loadChainEngine();
});
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

const onWire = (e: AppEvent): WireEvent => {
  const { seq: _seq, sseq: _sseq, ...wire } = e;
  return wire;
};
const texts = (notes: NotesState, id: string) => ((bodyBlocks(notes.bodies[id]) ?? []) as PlainBlock[]).map(textOf);

/** Three notes saved whole by the other device; note one's saving revision (a chain of changes starts there). */
function threeNotes(): { events: AppEvent[]; rev1: string } {
  const events: AppEvent[] = [];
  for (const [id, title] of [
    [ONE, 'One'],
    [TWO, 'Two'],
    [THREE, 'Three'],
  ]) {
    const created = noteEvent('note.created', { id, title }, OTHER);
    events.push(created, noteEvent('note.body-saved', { id, html: wholeHtml(BLOCKS), blocks: BLOCKS, base: created.id }, OTHER));
  }
  return { events, rev1: events[1].id };
}

function syncing(log: EventLog, server: FakeSyncServer): SyncEngine {
  const engine = new SyncEngine(log, server.transport(), { deviceId: RECORD.deviceId, timing });
  engines.push(engine);
  engine.start();
  return engine;
}

/**
 * The account holds three notes; this device signed in, pulled them, shows note two and wrote its
 * snapshot (documents by reference), then was closed: what its next start reads.
 */
async function syncedDevice(server: FakeSyncServer): Promise<{ rev1: string }> {
  const { events, rev1 } = threeNotes();
  await server.transport().push(OTHER, events.map(onWire));
  const log = new EventLog({ storage: await openIndexedDbStorage() });
  await log.load();
  await log.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
  const engine = syncing(log, server);
  await engine.request();
  await log.append('note.selected', { id: TWO });
  engine.stop();
  await log.writeSnapshot();
  await log.close();
  return { rev1 };
}

/** Open the log with its reads of documents recorded: the keys asked for (null: the whole store). */
async function openWatched(): Promise<{ log: EventLog; asked: (readonly string[] | null)[]; storage: LogStorage }> {
  const storage: LogStorage = await openIndexedDbStorage();
  const asked: (readonly string[] | null)[] = [];
  const readDocuments = storage.readDocuments.bind(storage);
  storage.readDocuments = (keys) => {
    asked.push(keys);
    return readDocuments(keys);
  };
  const log = new EventLog({ storage });
  await log.load();
  return { log, asked, storage };
}

/** The notes of the server's order folded from nothing, as a device folds it. */
async function foldedFromNothing(server: FakeSyncServer): Promise<NotesState> {
  const events = (await server.opened()).map(({ event }) => event as AppEvent);
  return foldNotes(EMPTY_NOTES, events);
}

const unreadIn = (log: EventLog, id: string) => ({
  state: isUnreadBody(log.state.notes.bodies[id]),
  server: isUnreadBody(log.serverSync.serverBase()!.notes.bodies[id]),
});

describe('a synced device’s start from its own snapshot', () => {
  it('reads no document but the shown note’s', async () => {
    const server = new FakeSyncServer();
    await syncedDevice(server);
    const { log, asked } = await openWatched();
    expect(log.account$.value?.deviceId).toBe(RECORD.deviceId);
    expect(log.state.view.selectedId).toBe(TWO);
    expect(unreadIn(log, ONE)).toEqual({ state: true, server: true });
    expect(unreadIn(log, THREE)).toEqual({ state: true, server: true });
    expect(texts(log.state.notes, TWO)).toEqual(['First.', 'Second.', 'Third.']);
    // Never the whole store; one key: note two's body, the same object in the notes and the server's.
    expect(asked).not.toContain(null);
    expect(new Set(asked.flat())).toHaveProperty('size', 1);
    await log.readNotes(null);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(await foldedFromNothing(server)));
    await log.close();
  });

  it('folds another device’s change of an unread note into it, reading that note only, as a fold from nothing does', async () => {
    const server = new FakeSyncServer();
    const { rev1 } = await syncedDevice(server);
    const { log, asked } = await openWatched();
    const other = new ChangesDevice(OTHER, ONE, BLOCKS, rev1);
    const change = other.save(BLOCKS.map((b, i) => (i === 1 ? para(b.id, 'Second, from two.') : b)));
    await server.transport().push(OTHER, [onWire(change)]);
    asked.length = 0;
    await syncing(log, server).request();
    expect(log.serverSync.serverBase()?.head).toBe(server.head);
    expect(texts(log.state.notes, ONE)).toEqual(['First.', 'Second, from two.', 'Third.']);
    expect(unreadIn(log, THREE)).toEqual({ state: true, server: true });
    expect(asked).not.toContain(null);
    const expected = await foldedFromNothing(server);
    expect(texts(log.serverSync.serverBase()!.notes, ONE)).toEqual(texts(expected, ONE));
    await log.readNotes(null);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(expected));
    await log.close();
  });

  it('folds the log again when a document the server order merges into is gone (another tab’s clean-up)', async () => {
    const server = new FakeSyncServer();
    const { rev1 } = await syncedDevice(server);
    const { log, storage } = await openWatched();
    const key = (log.state.notes.bodies[ONE] as { docKey: string }).docKey;
    const db = await openDB(LOG_DB_NAME);
    await db.delete('documents', key);
    db.close();
    const other = new ChangesDevice(OTHER, ONE, BLOCKS, rev1);
    const change = other.save(BLOCKS.map((b, i) => (i === 0 ? para(b.id, 'First, from two.') : b)));
    await server.transport().push(OTHER, [onWire(change)]);
    // Another tab received it: stored with its place in the server's order, then this tab is told (TabLink's `ordered`).
    await storage.addReceived([{ ...change, seq: undefined, sseq: server.head }]);
    await storage.sync.order([{ sseq: server.head, id: change.id }]);
    await log.serverSync.advance();
    expect(log.serverSync.serverBase()?.head).toBe(server.head);
    expect(texts(log.state.notes, ONE)).toEqual(['First, from two.', 'Second.', 'Third.']);
    await log.readNotes(null);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(await foldedFromNothing(server)));
    await log.close();
  });

  it('uploads the account’s checkpoint of every note without putting the documents it read into the state', async () => {
    const server = new FakeSyncServer();
    await syncedDevice(server);
    const { log, asked } = await openWatched();
    asked.length = 0;
    const engine = new SyncEngine(log, server.transport(), { deviceId: RECORD.deviceId, timing: { ...timing, checkpointEvery: 1 } });
    engines.push(engine);
    engine.start();
    await engine.request();
    const checkpoint = await server.openedCheckpoint();
    expect(checkpoint?.serverSeq).toBe(server.head);
    expect(toStorageKeys(checkpoint!.state)).toEqual(toStorageKeys(await foldedFromNothing(server)));
    // Read in slices of keys, never the whole store at once, and kept by the upload only.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked).not.toContain(null);
    expect(unreadIn(log, ONE)).toEqual({ state: true, server: true });
    expect(unreadIn(log, THREE)).toEqual({ state: true, server: true });
    await log.close();
  });

  it('folds its outbox again on an unread base at start, and converges with a device that signs in afresh', async () => {
    const server = new FakeSyncServer();
    const { rev1 } = await syncedDevice(server);
    // Offline, this device changes note one (its outbox); the other device changes it too, meanwhile.
    const offline = new EventLog({ storage: await openIndexedDbStorage() });
    await offline.load();
    const mine = new ChangesDevice(RECORD.deviceId, ONE, BLOCKS, rev1);
    await offline.appendEvent(mine.save(BLOCKS.map((b, i) => (i === 0 ? para(b.id, 'First, from one.') : b))));
    await offline.writeSnapshot();
    const shownBefore = toStorageKeys({ ...offline.state.notes, order: [ONE] });
    await offline.close();
    const theirs = new ChangesDevice(OTHER, ONE, BLOCKS, rev1);
    await server.transport().push(OTHER, [onWire(theirs.save(BLOCKS.map((b, i) => (i === 2 ? para(b.id, 'Third, from two.') : b))))]);

    const { log, asked } = await openWatched();
    expect(log.serverSync.outbox().map((e) => e.type)).toEqual(['note.changed']);
    expect(texts(log.state.notes, ONE)).toEqual(['First, from one.', 'Second.', 'Third.']);
    expect(toStorageKeys({ ...log.state.notes, order: [ONE] })).toEqual(shownBefore);
    expect(unreadIn(log, THREE)).toEqual({ state: true, server: true });
    expect(asked).not.toContain(null);

    await syncing(log, server).request();
    expect(log.serverSync.outbox()).toEqual([]);
    expect(texts(log.state.notes, ONE)).toEqual(['First, from one.', 'Second.', 'Third, from two.']);
    expect(unreadIn(log, THREE)).toEqual({ state: true, server: true });
    await log.readNotes(null);
    const keys = toStorageKeys(log.state.notes);
    expect(keys).toEqual(toStorageKeys(await foldedFromNothing(server)));
    await log.close();

    // A device that signs in afresh folds the whole order with every body whole: the same notes.
    globalThis.indexedDB = new IDBFactory();
    const fresh = new EventLog({ storage: await openIndexedDbStorage() });
    await fresh.load();
    await fresh.serverSync.enterSync({ ...RECORD, deviceId: 'device-three-00' }, EMPTY_SERVER_BASE);
    const engine = new SyncEngine(fresh, server.transport(), { deviceId: 'device-three-00', timing });
    engines.push(engine);
    engine.start();
    await engine.request();
    expect(toStorageKeys(fresh.state.notes)).toEqual(keys);
    await fresh.close();
  });
});
