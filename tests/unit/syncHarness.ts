import { afterEach } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import type { EventPayloads, EventType } from '../../catalog';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { SyncEngine } from '../../src/services/sync/engine';
import { CHECKPOINT_FORMAT } from '../../src/services/sync/syncProtocol';
import { seededRandom } from '../support/random';
import type { FakeSyncServer, FakeTransport } from './fakeSyncServer';

/**
 * Devices of one account in one process (docs/architecture.md "Sync"): each an EventLog on memory
 * storage with the real sync engine, against FakeSyncServer. A test file that imports this stops
 * every engine after each test.
 */

export interface Device {
  name: string;
  log: EventLog;
  transport: FakeTransport;
  engine: SyncEngine | null;
  deviceId: string;
}

export const running: Device[] = [];
afterEach(() => {
  for (const d of running.splice(0)) d.engine?.stop();
});

export async function device(server: FakeSyncServer, name: string): Promise<Device> {
  const log = new EventLog({ storage: createMemoryLogStorage() });
  await log.load();
  const d: Device = { name, log, transport: server.transport(), engine: null, deviceId: `device-${name}-00000000` };
  running.push(d);
  return d;
}

/** Sign `d` in: the account's checkpoint (if any) as the base, this device's notes join the outbox, it names itself, sync starts. */
export async function signIn(d: Device, seed = 1) {
  const checkpoint = await d.transport.checkpoint(d.deviceId);
  const base = checkpoint?.format === CHECKPOINT_FORMAT ? { head: checkpoint.serverSeq, notes: checkpoint.state } : EMPTY_SERVER_BASE;
  await d.log.serverSync.enterSync(
    {
      userId: 'user-1',
      email: 'a@example.org',
      deviceId: d.deviceId,
      deviceName: d.name,
      ackedThrough: 0,
      since: new Date().toISOString(),
    },
    base,
  );
  await d.log.append('device.named', { device: d.deviceId, name: d.name });
  d.engine = new SyncEngine(d.log, d.transport, {
    deviceId: d.deviceId,
    timing: { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 20 },
    random: seededRandom(seed),
  });
  d.engine.start();
}

/** Let every online device sync until nothing moves. */
export async function settle(server: FakeSyncServer, devices: Device[]) {
  for (let round = 0; round < 50; round++) {
    const before = server.head;
    for (const d of devices) if (d.transport.online) await d.engine!.request();
    if (server.head === before && devices.every((d) => !d.transport.online || d.log.serverSync.outbox().length === 0)) {
      for (const d of devices) if (d.transport.online) await d.engine!.request();
      return;
    }
  }
  throw new Error('devices did not settle');
}

export const keys = (d: Device) => toStorageKeys(d.log.state.notes);
/** Appends not yet durable: `durable()` waits for them, however loaded the machine is. */
const appending: Promise<unknown>[] = [];
/** Append on `d` and remember the write, so `durable()` can wait for it. */
export function act<T extends EventType>(d: Device, type: T, payload: EventPayloads[T]): void {
  appending.push(d.log.append(type, payload));
}
let nextId = 1_764_000_000_000;
export const newNote = (d: Device, title: string) => {
  const id = String(nextId++);
  act(d, 'note.created', { id, title });
  return id;
};
/** A save as the editor makes it: it names the revision the text started from. */
export const save = (d: Device, id: string, html: string) => act(d, 'note.body-saved', { id, html, base: d.log.state.notes.revs[id]?.id });
export const durable = () => Promise.all(appending.splice(0));
