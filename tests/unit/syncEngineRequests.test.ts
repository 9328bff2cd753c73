import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import type { ServerBase } from '../../src/events/logRecords';
import type { LogStorage } from '../../src/events/logStorage';
import { SyncEngine } from '../../src/services/sync/engine';
import { CHECKPOINT_FORMAT } from '../../src/services/sync/syncProtocol';
import { FakeSyncServer, type FakeTransport } from './fakeSyncServer';

/**
 * What the sync engine asks the server for (docs/architecture.md "Sync"; the figures in
 * docs/benchmarks.md "Sync figures"): a new device pulls only after the checkpoint it starts from,
 * and does not download the account's checkpoint again while none can be due.
 */

const timing = { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 20 };
const engines: SyncEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

const record = (deviceId: string) => ({
  userId: 'user-1',
  email: 'a@example.org',
  deviceId,
  deviceName: deviceId,
  ackedThrough: 0,
  since: new Date().toISOString(),
});
const durable = () => new Promise((resolve) => setTimeout(resolve, 5));

async function openLog(storage: LogStorage = createMemoryLogStorage()): Promise<EventLog> {
  const log = new EventLog({ storage });
  await log.load();
  return log;
}

/** Run cycles until the engine has nothing left to send and the server's head is folded. */
async function settle(engine: SyncEngine, log: EventLog, server: FakeSyncServer): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await engine.request();
    if (!log.serverSync.outbox().length && log.serverSync.serverBase()?.head === server.head) return;
    await durable();
  }
  throw new Error('the device did not settle');
}

/** An account of `notes` notes written by device A, whose engine uploads checkpoints every 20 events. */
async function accountWithCheckpoint(notes: number): Promise<FakeSyncServer> {
  const server = new FakeSyncServer();
  const log = await openLog();
  await log.serverSync.enterSync(record('device-a-00000000'), EMPTY_SERVER_BASE);
  const engine = new SyncEngine(log, server.transport(), { deviceId: 'device-a-00000000', timing });
  engines.push(engine);
  engine.start();
  const written: Promise<unknown>[] = [];
  for (let i = 0; i < notes; i++) {
    const id = String(1_764_000_000_000 + i);
    written.push(log.append('note.created', { id, title: `Note ${i}` }), log.append('note.body-saved', { id, html: `<p>text ${i}</p>` }));
  }
  await Promise.all(written);
  await settle(engine, log, server);
  engine.stop();
  return server;
}

/** Sign a fresh device in as the app does: the sync control starts the engine as soon as the log names an account. */
async function signInFresh(
  server: FakeSyncServer,
  transport: FakeTransport = server.transport(),
  storage: LogStorage = createMemoryLogStorage(),
): Promise<{ log: EventLog; engine: () => SyncEngine }> {
  const log = await openLog(storage);
  const deviceId = 'device-fresh-0000';
  let engine: SyncEngine | null = null;
  log.account$.subscribe((r) => {
    if (!r || engine) return;
    engine = new SyncEngine(log, transport, { deviceId, timing });
    engines.push(engine);
    engine.start();
  });
  const checkpoint = await transport.checkpoint(deviceId);
  const base: ServerBase =
    checkpoint?.format === CHECKPOINT_FORMAT ? { head: checkpoint.serverSeq, notes: checkpoint.state } : EMPTY_SERVER_BASE;
  await log.serverSync.enterSync(record(deviceId), base);
  await log.append('device.named', { device: deviceId, name: 'Fresh' });
  return { log, engine: () => engine! };
}

describe('what the sync engine asks the server for', () => {
  it('a device starting from the checkpoint never pulls the events before it, even when the engine starts while the log enters sync', async () => {
    const server = await accountWithCheckpoint(20);
    const checkpointSeq = server.checkpointStored!.serverSeq;
    expect(checkpointSeq).toBeGreaterThan(20);
    const pulls: number[] = [];
    const original = FakeSyncServer.prototype.pull;
    vi.spyOn(server, 'pull').mockImplementation((after) => {
      pulls.push(after);
      return original.call(server, after);
    });
    const fresh = await signInFresh(server);
    await settle(fresh.engine(), fresh.log, server);
    expect(pulls.length).toBeGreaterThan(0);
    expect(Math.min(...pulls)).toBeGreaterThanOrEqual(checkpointSeq);
    expect(fresh.log.state.notes.order).toHaveLength(20);
  });

  it('a device starting from the checkpoint does not download it again until one may be due', async () => {
    const server = await accountWithCheckpoint(20);
    const transport = server.transport();
    const downloads = vi.spyOn(transport, 'checkpoint');
    const fresh = await signInFresh(server, transport);
    await settle(fresh.engine(), fresh.log, server);
    // Once, by signing in (the checkpoint to start from); the engine itself asks for none.
    expect(downloads).toHaveBeenCalledTimes(1);
    // 20 more events since the checkpoint it started from: one may be due, so it asks, then uploads.
    const ids = fresh.log.state.notes.order.slice(0, 10);
    await Promise.all([
      ...ids.map((id, i) => fresh.log.append('note.renamed', { id, title: `Renamed ${i}` })),
      ...ids.map((id) => fresh.log.append('note.starred', { id })),
    ]);
    await settle(fresh.engine(), fresh.log, server);
    expect(downloads).toHaveBeenCalledTimes(2);
    expect(server.checkpointStored!.serverSeq).toBe(server.head);
  });

  it('a device starting from the checkpoint remembers it as read, and never reads its stored copy back to know whether one is due', async () => {
    const server = await accountWithCheckpoint(20);
    const checkpointSeq = server.checkpointStored!.serverSeq;
    const storage = createMemoryLogStorage();
    const reads = vi.spyOn(storage.sync, 'origin');
    const fresh = await signInFresh(server, server.transport(), storage);
    await settle(fresh.engine(), fresh.log, server);
    expect(fresh.log.account$.value?.checkpointSeq).toBe(checkpointSeq);
    expect(reads).not.toHaveBeenCalled();
    expect(fresh.log.state.notes.order).toHaveLength(20);
  });
});
