import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SCHEMA_VERSION } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import type { Channel } from '../../src/events/tabChannel';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { SyncEngine } from '../../src/services/sync/engine';
import { FakeSyncServer } from './fakeSyncServer';
import { parseLogFile, startOf } from '../../src/events/logFile';
import { exportLogFile } from '../../src/services/logTransfer';
import { Replay } from '../../src/projections/replay';
import { SYNC_RECORD } from '../support/syncRecord';
import { holdWritesDuringFold } from '../support/heldWrites';

/**
 * A synced log across reloads and tabs (docs/architecture.md "Sync"): the server order, the
 * outbox and the view survive a restart in IndexedDB; a tab that does not talk to the server
 * folds what the talking tab received.
 */

const RECORD = SYNC_RECORD;
const engines: SyncEngine[] = [];
const timing = { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 1e9 };

function channelPair() {
  const make = (): Channel & { peer?: Channel } => ({
    onmessage: null,
    postMessage(data: unknown) {
      const peer = this.peer;
      setTimeout(() => peer?.onmessage?.({ data } as MessageEvent));
    },
    close() {},
  });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b] as const;
}

async function open(storage?: LogStorage, channel: Channel | null = null) {
  const log = new EventLog({ storage: storage ?? (await openIndexedDbStorage()), channel });
  await log.load();
  return log;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

describe('a synced log', () => {
  it('starts again from IndexedDB with the same notes, the server head and the unsent edits still in the outbox', async () => {
    const server = new FakeSyncServer();
    const other = server.transport();
    await other.push('device-two-0000', [
      {
        v: 2,
        id: '00000000-0000-4000-8000-0000000000a1',
        at: '2026-11-24T09:00:00.000Z',
        type: 'note.created',
        payload: { id: '1764000000001', title: 'From two' },
      },
    ]);
    const first = await open();
    await first.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    const engine = new SyncEngine(first, server.transport(), { deviceId: RECORD.deviceId, timing });
    engines.push(engine);
    engine.start();
    await first.append('note.created', { id: '1764000000002', title: 'Mine' });
    await engine.request();
    expect(first.serverSync.outbox()).toEqual([]);
    engine.stop();
    // Offline now: an edit stays in the outbox.
    await first.append('note.renamed', { id: '1764000000001', title: 'Renamed offline' });
    const keysBefore = toStorageKeys(first.state.notes);
    await first.close();

    const again = await open();
    expect(again.account$.value?.deviceId).toBe(RECORD.deviceId);
    expect(toStorageKeys(again.state.notes)).toEqual(keysBefore);
    expect(again.serverSync.serverBase()?.head).toBe(server.head);
    expect(again.serverSync.outbox().map((e) => e.type)).toEqual(['note.renamed']);
    // Events made here name this device.
    expect((await again.append('note.starred', { id: '1764000000002' })).device).toBe(RECORD.deviceId);
  });

  it('keeps the selected note across a reload when the server ordered it after the snapshot’s head', async () => {
    const server = new FakeSyncServer();
    const first = await open();
    // enterSync writes a snapshot whose server base is the empty account.
    await first.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    const engine = new SyncEngine(first, server.transport(), { deviceId: RECORD.deviceId, timing });
    engines.push(engine);
    engine.start();
    await first.append('note.created', { id: '1764000000003', title: 'Picked' });
    await first.append('note.created', { id: '1764000000004', title: 'Other' });
    await first.append('note.selected', { id: '1764000000003' });
    await engine.request();
    expect(first.serverSync.outbox()).toEqual([]);
    engine.stop();
    await first.close();

    const again = await open();
    expect(again.state.notes.order).toHaveLength(2);
    expect(again.state.view.selectedId).toBe('1764000000003');
  });

  it('a tab that does not talk to the server folds what the talking tab received, in the server’s order', async () => {
    const server = new FakeSyncServer();
    const [endA, endB] = channelPair();
    const storage = await openIndexedDbStorage();
    const leader = await open(storage, endA);
    await leader.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    const follower = await open(await openIndexedDbStorage(), endB);
    await vi.waitFor(() => expect(follower.account$.value?.userId).toBe('user-1'), { timeout: 5000, interval: 10 });
    await server.transport().push('device-two-0000', [
      {
        v: 2,
        id: '00000000-0000-4000-8000-0000000000b1',
        at: '2026-11-24T09:00:00.000Z',
        type: 'note.created',
        payload: { id: '1764000000003', title: 'Pulled' },
      },
    ]);
    const engine = new SyncEngine(leader, server.transport(), { deviceId: RECORD.deviceId, timing });
    engines.push(engine);
    engine.start();
    // The follower's own edit reaches the server through the leader.
    await follower.append('note.created', { id: '1764000000004', title: 'From the follower tab' });
    // The edit reaches the leader over the channel, then the server; the pull reaches the follower the same way.
    await vi.waitFor(
      async () => {
        await engine.request();
        expect((await server.opened()).map((e) => (e.event.payload as { title?: string }).title)).toContain('From the follower tab');
        expect(follower.state.notes.meta['1764000000003']?.title).toBe('Pulled');
      },
      { timeout: 5000, interval: 20 },
    );
    expect(toStorageKeys(follower.state.notes)).toEqual(toStorageKeys(leader.state.notes));
  });

  it('folds its own edit once when the server’s order of it arrives before its own write is confirmed', async () => {
    const server = new FakeSyncServer();
    const [endA, endB] = channelPair();
    const leader = await open(await openIndexedDbStorage(), endA);
    await leader.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    // The follower's write is durable (other tabs read it) before the follower hears it was written.
    const followerStorage = await openIndexedDbStorage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const append = followerStorage.append.bind(followerStorage);
    followerStorage.append = async (events) => {
      const written = await append(events);
      await held;
      return written;
    };
    const follower = await open(followerStorage, endB);
    await vi.waitFor(() => expect(follower.account$.value?.userId).toBe('user-1'), { timeout: 5000, interval: 10 });
    // The leader's start of sync asked the follower to fold the log again: let that end first, so
    // no fold of the stored log meets the held edit (that would hide the order under test).
    await follower.reload();
    const engine = new SyncEngine(leader, server.transport(), { deviceId: RECORD.deviceId, timing });
    engines.push(engine);
    engine.start();
    const appended = follower.append('note.created', { id: '1764000000007', title: 'Written, not yet confirmed' });
    // The leader reads the stored edit, the server orders it, and the order reaches the follower first.
    await vi.waitFor(
      async () => {
        await leader.catchUp();
        await engine.request();
        expect(server.head).toBe(1);
        expect(follower.serverSync.serverBase()?.head).toBe(1);
      },
      { timeout: 5000, interval: 20 },
    );
    // Shown once while its write is still unconfirmed, and once after.
    expect(follower.state.notes.order).toEqual(['1764000000007']);
    release();
    await appended;
    await follower.catchUp();
    expect(follower.state.notes.order).toEqual(['1764000000007']);
    expect(follower.serverSync.outbox()).toEqual([]);
    expect(toStorageKeys(follower.state.notes)).toEqual(toStorageKeys(leader.state.notes));
  });

  it('folds its own edit once when its write is confirmed while the tab folds the stored log again', async () => {
    const storage = await openIndexedDbStorage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const append = storage.append.bind(storage);
    // The edit is durable, but the tab hears so only once the fold again below has read it from storage.
    storage.append = async (events) => {
      const written = await append(events);
      await held;
      return written;
    };
    const log = await open(storage);
    await log.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    const appended = log.append('note.created', { id: '1764000000009', title: 'Written during a fold again' });
    await vi.waitFor(async () => expect((await storage.readAfter(0)).length).toBeGreaterThan(0), { timeout: 5000, interval: 10 });
    const orderedAfter = storage.sync.orderedAfter.bind(storage.sync);
    // Called by the fold again once it has put the unsent edits on the server's notes: the write's confirmation lands inside that fold.
    storage.sync.orderedAfter = async (head) => {
      const read = await orderedAfter(head);
      release();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return read;
    };
    await log.reload();
    await appended;
    await log.catchUp();
    expect(log.state.notes.order).toEqual(['1764000000009']);
    expect(log.serverSync.outbox().map((e) => e.payload)).toEqual([{ id: '1764000000009', title: 'Written during a fold again' }]);
  });

  it('shows its own edit once when it is written while the tab folds the stored log again, before its write is confirmed', async () => {
    const storage = await openIndexedDbStorage();
    const log = await open(storage);
    await log.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    const { release } = holdWritesDuringFold(storage);
    const reloading = log.reload();
    const appended = log.append('note.created', { id: '1764000000012', title: 'Written during a fold again' });
    await reloading;
    expect(log.state.notes.order).toEqual(['1764000000012']);
    release();
    await appended;
    await log.catchUp();
    expect(log.state.notes.order).toEqual(['1764000000012']);
    expect(log.serverSync.outbox().map((e) => e.payload)).toEqual([{ id: '1764000000012', title: 'Written during a fold again' }]);
  });

  it('shows another tab’s edit stored while this tab folds the stored log again, once', async () => {
    const storage = await openIndexedDbStorage();
    const log = await open(storage);
    await log.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    const other = log.create('note.created', { id: '1764000000011', title: 'Written by another tab meanwhile' });
    const orderedAfter = storage.sync.orderedAfter.bind(storage.sync);
    let written = false;
    // Called by the fold again after it read the unsent edits and before it reads the records after the snapshot.
    storage.sync.orderedAfter = async (head) => {
      if (!written) {
        written = true;
        await storage.append([{ ...other, v: EVENT_SCHEMA_VERSION }]);
      }
      return orderedAfter(head);
    };
    await log.reload();
    await log.catchUp();
    expect(log.state.notes.order).toEqual(['1764000000011']);
    expect(log.serverSync.outbox().map((e) => e.id)).toEqual([other.id]);
  });

  it('skips an event of the account it cannot read, in the tab that pulled it, in a tab that did not, and after a restart, and keeps writing', async () => {
    const server = new FakeSyncServer();
    const [endA, endB] = channelPair();
    const leader = await open(await openIndexedDbStorage(), endA);
    await leader.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    const follower = await open(await openIndexedDbStorage(), endB);
    await vi.waitFor(() => expect(follower.account$.value?.userId).toBe('user-1'), { timeout: 5000, interval: 10 });
    // An older host stored an event of a newer NotePad; the host refuses such events today.
    await server.storeSealed('device-newer-0000', {
      v: 3,
      id: '00000000-0000-4000-8000-0000000000c1',
      at: '2026-11-24T09:00:00.000Z',
      type: 'note.sang',
      payload: {},
    });
    await server.transport().push('device-two-0000', [
      {
        v: 2,
        id: '00000000-0000-4000-8000-0000000000c2',
        at: '2026-11-24T09:01:00.000Z',
        type: 'note.created',
        payload: { id: '1764000000006', title: 'After it' },
      },
    ]);
    const engine = new SyncEngine(leader, server.transport(), { deviceId: RECORD.deviceId, timing });
    engines.push(engine);
    engine.start();
    await engine.request();
    expect(leader.writable).toBe(true);
    expect(leader.state.notes.meta['1764000000006']?.title).toBe('After it');
    expect(engine.status$.value).toMatchObject({ state: 'synced', unreadable: 1 });
    await vi.waitFor(() => expect(follower.state.notes.meta['1764000000006']?.title).toBe('After it'), { timeout: 5000, interval: 10 });
    expect(follower.writable).toBe(true);
    await follower.append('note.starred', { id: '1764000000006' });
    await vi.waitFor(
      async () => {
        await engine.request();
        expect((await server.opened()).map((e) => e.event.type)).toContain('note.starred');
      },
      { timeout: 5000, interval: 20 },
    );
    engine.stop();
    const keysBefore = toStorageKeys(leader.state.notes);
    await leader.close();
    await follower.close();

    const again = await open();
    expect(again.writable).toBe(true);
    expect(again.serverSync.serverBase()?.head).toBe(server.head);
    expect(toStorageKeys(again.state.notes)).toEqual(keysBefore);
    expect(await again.serverSync.unreadableCount()).toBe(1);
  });

  it('signing out keeps this device’s notes as its own, or removes them', async () => {
    const kept = await open();
    await kept.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    await kept.append('note.created', { id: '1764000000005', title: 'Stays' });
    await kept.serverSync.leaveSync(true);
    expect(kept.account$.value).toBeNull();
    await kept.close();
    const reopened = await open();
    expect(reopened.account$.value).toBeNull();
    expect(reopened.state.notes.meta['1764000000005'].title).toBe('Stays');
    await reopened.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
    await reopened.serverSync.leaveSync(false);
    expect(reopened.state.notes.order).toEqual([]);
    await reopened.close();
    expect((await open()).state.notes.order).toEqual([]);
  });
});

describe('the export of a synced device', () => {
  it('replays to the keys the device shows: server order first, then its own unsent events, from the checkpoint it started from', async () => {
    const server = new FakeSyncServer();
    const seed = await open();
    await seed.serverSync.enterSync({ ...RECORD, deviceId: 'device-seed-000' }, EMPTY_SERVER_BASE);
    const seeding = new SyncEngine(seed, server.transport(), { deviceId: 'device-seed-000', timing: { ...timing, checkpointEvery: 3 } });
    engines.push(seeding);
    seeding.start();
    for (let i = 0; i < 5; i++) await seed.append('note.created', { id: String(1764000000100 + i), title: `Seed ${i}` });
    await seeding.request();
    expect(server.checkpointStored).not.toBeNull();
    await seed.append('note.renamed', { id: '1764000000100', title: 'After the checkpoint' });
    await seeding.request();
    seeding.stop();

    globalThis.indexedDB = new IDBFactory();
    const fresh = await open();
    const checkpoint = (await server.openedCheckpoint())!;
    await fresh.serverSync.enterSync(RECORD, { head: checkpoint.serverSeq, notes: checkpoint.state });
    const engine = new SyncEngine(fresh, server.transport(), { deviceId: RECORD.deviceId, timing });
    engines.push(engine);
    engine.start();
    await engine.request();
    engine.stop();
    await fresh.append('note.starred', { id: '1764000000101' }); // not sent: stays in the outbox
    const file = parseLogFile(JSON.stringify(await exportLogFile(fresh)));
    expect(file.origin?.head).toBe(checkpoint.serverSeq);
    const replayed = new Replay(file.events, startOf(file)).stateAt(file.events.length);
    expect(toStorageKeys(replayed.notes)).toEqual(toStorageKeys(fresh.state.notes));
    expect(fresh.state.notes.meta['1764000000100'].title).toBe('After the checkpoint');
  });
});
