import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PUSH_BODY_BYTES, MAX_WIRE_EVENT_BYTES } from '../../src/events/catalog';
import { EventLog } from '../../src/events/eventLog';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import { createMemoryStorage } from '../../src/events/memoryStorage';
import { SyncEngine } from '../../src/services/sync/engine';
import { sizedWireForm } from '../../src/services/sync/wireBatch';
import { DEFAULT_SYNC_LIMITS } from '../../functions/sync/limits.ts';
import { checkPush } from '../../functions/sync/push.ts';
import { sealEvent } from '../../src/services/sync/e2ee/seal';
import { textOfBytes } from '../support/wireSized';
import { FakeSyncServer, type FakeTransport } from './fakeSyncServer';

/**
 * The sync engine against the host's limits (docs/sync.md "Limits", docs/architecture.md "Sync"):
 * batches are cut by the UTF-8 bytes the server measures, an event over a limit is set aside alone
 * ("· 1 could not be synced"), a batch the server cannot take as a whole is split, and a device
 * whose push fails still pulls the other devices' changes.
 */

const TIMING = { pushDelayMs: 0, retryMs: 1, maxRetryMs: 5, pollMs: 1e9, checkpointEvery: 1e9 };
const engines: SyncEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

interface Device {
  log: EventLog;
  transport: FakeTransport;
  engine: SyncEngine;
  deviceId: string;
}

/** A signed-in device of `server`'s account, its engine started. */
async function device(server: FakeSyncServer, name: string): Promise<Device> {
  const log = new EventLog({ storage: createMemoryStorage() });
  await log.load();
  const deviceId = `device-${name}-000000`;
  await log.enterSync(
    { userId: 'user-1', email: 'a@example.org', deviceId, deviceName: name, ackedThrough: 0, since: new Date().toISOString() },
    EMPTY_SERVER_BASE,
  );
  const transport = server.transport();
  const engine = new SyncEngine(log, transport, { deviceId, timing: TIMING });
  engines.push(engine);
  engine.start();
  return { log, transport, engine, deviceId };
}

/** Run cycles until the device's outbox is empty and it folded the server's head. */
async function settle(d: Device, server: FakeSyncServer): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await d.engine.request();
    if (!d.log.outbox().length && d.log.serverBase()?.head === server.head) return;
  }
  throw new Error('the device did not settle');
}

let nextNote = 1_764_100_000_000;
/** A body save as the editor makes it: the HTML and the BlockNote document, both holding `text`. */
const save = (log: EventLog, id: string, text: string) =>
  log.append('note.body-saved', {
    id,
    html: `<p>${text}</p>`,
    blocks: [{ id: 'b1', type: 'paragraph', props: {}, content: [{ type: 'text', text, styles: {} }], children: [] }],
    base: log.state.notes.revs[id]?.id,
  });

/**
 * The HTML of the largest body save of note `id` whose sealed wire form is at most `limit` bytes,
 * and of the smallest one over it (a sealed size moves in steps of base64's 4 characters).
 */
function htmlAroundSealedLimit(log: EventLog, id: string, unit: string, limit: number): { at: string; over: string } {
  const html = (bytes: number) => `<p>${textOfBytes(bytes, unit)}</p>`;
  const sealedSize = (bytes: number) => sizedWireForm(log.create('note.body-saved', { id, html: html(bytes) })).bytes;
  let bytes = Math.floor(((limit - sealedSize(0)) * 3) / 4);
  while (sealedSize(bytes + 1) <= limit) bytes++;
  while (sealedSize(bytes) > limit) bytes--;
  return { at: html(bytes), over: html(bytes + 1) };
}

describe('sync limits on the device', () => {
  it('pushes an outbox of 150 saves of a 10,000-character CJK note in batches under the host’s body limit', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'cjk');
    const id = String(nextNote++);
    await a.log.append('note.created', { id, title: '長い記事' });
    const text = '漢字かなカナ한국어中'.repeat(1000);
    expect(text).toHaveLength(10_000);
    a.transport.online = false;
    for (let i = 0; i < 150; i++) await save(a.log, id, `${i}${text.slice(String(i).length)}`);
    const sizes = a.log.outbox().map((e) => sizedWireForm(e).bytes);
    // In UTF-16 code units the outbox is under half the body limit; in the bytes the host counts it is over it.
    expect(a.log.outbox().reduce((n, e) => n + JSON.stringify(sizedWireForm(e).wire).length, 0)).toBeLessThan(MAX_PUSH_BODY_BYTES / 2);
    expect(sizes.reduce((n, b) => n + b, 0)).toBeGreaterThan(MAX_PUSH_BODY_BYTES);
    a.transport.online = true;
    await settle(a, server);
    expect((await server.opened()).filter((e) => e.event.type === 'note.body-saved')).toHaveLength(150);
    expect(a.transport.pushes).toBeGreaterThanOrEqual(3);
    expect(a.engine.status$.value).toMatchObject({ state: 'synced', pending: 0, setAside: 0 });
  });

  it.each([
    ['CJK', '漢'],
    ['emoji', '😀'],
  ])(
    'a %s body save whose sealed form is at the per-event limit syncs, the next size up is set aside; the host measures both the same',
    async (_label, unit) => {
      const server = new FakeSyncServer();
      const a = await device(server, `edge${unit.length}`);
      a.transport.online = false;
      const atLimit = String(nextNote++);
      const over = String(nextNote++);
      await a.log.append('note.created', { id: atLimit, title: 'At the limit' });
      await a.log.append('note.created', { id: over, title: 'Over the limit' });
      await a.log.append('note.body-saved', { id: atLimit, html: htmlAroundSealedLimit(a.log, atLimit, unit, MAX_WIRE_EVENT_BYTES).at });
      await a.log.append('note.body-saved', { id: over, html: htmlAroundSealedLimit(a.log, over, unit, MAX_WIRE_EVENT_BYTES).over });
      const [saveAt, saveOver] = a.log.outbox().slice(2);
      const atBytes = sizedWireForm(saveAt).bytes;
      const overBytes = sizedWireForm(saveOver).bytes;
      expect(atBytes).toBeLessThanOrEqual(MAX_WIRE_EVENT_BYTES);
      expect(atBytes).toBeGreaterThan(MAX_WIRE_EVENT_BYTES - 4);
      expect(overBytes).toBeGreaterThan(MAX_WIRE_EVENT_BYTES);
      // The host's own check of the same events sealed: it takes the first and refuses the second, counting the same bytes.
      const { userId, key } = await server.keyring;
      const sealedAt = await sealEvent(key, userId, sizedWireForm(saveAt).wire);
      const hostCheck = checkPush({ deviceId: a.deviceId, events: [sealedAt] }, DEFAULT_SYNC_LIMITS);
      expect(hostCheck.events.map((e) => e.bytes)).toEqual([atBytes]);
      const sealedOver = await sealEvent(key, userId, sizedWireForm(saveOver).wire);
      const hostOver = checkPush({ deviceId: a.deviceId, events: [sealedOver] }, DEFAULT_SYNC_LIMITS);
      expect(hostOver.refused).toEqual([
        { id: saveOver.id, reason: `too large to sync: ${overBytes} bytes of JSON, over the limit of ${MAX_WIRE_EVENT_BYTES}` },
      ]);
      a.transport.online = true;
      await settle(a, server);
      expect(server.events.map((e) => e.event.id)).toContain(saveAt.id);
      expect(server.events.map((e) => e.event.id)).not.toContain(saveOver.id);
      expect(a.engine.status$.value).toMatchObject({ state: 'synced', pending: 0, setAside: 1 });
      expect(a.log.state.notes.bodies[over].html).toContain(unit);
    },
  );

  it('sets aside exactly the events the host refuses in its answer and stores the rest of the batch', async () => {
    const server = new FakeSyncServer();
    server.limits.maxEventBytes = 20_000;
    const a = await device(server, 'refused');
    a.transport.online = false;
    const ids = [String(nextNote++), String(nextNote++), String(nextNote++)];
    for (const id of ids) await a.log.append('note.created', { id, title: id });
    await a.log.append('note.body-saved', { id: ids[0], html: '<p>small</p>' });
    await a.log.append('note.body-saved', { id: ids[1], html: `<p>${'大'.repeat(10_000)}</p>` });
    await a.log.append('note.body-saved', { id: ids[2], html: '<p>small too</p>' });
    const big = a.log.outbox()[4].id;
    a.transport.online = true;
    await settle(a, server);
    expect(a.transport.pushes).toBe(1);
    expect(server.events).toHaveLength(5);
    expect(server.events.map((e) => e.event.id)).not.toContain(big);
    expect(a.engine.status$.value).toMatchObject({ state: 'synced', pending: 0, setAside: 1 });
    await a.engine.request();
    expect(a.transport.pushes).toBe(1);
  });

  it('splits a batch the host answers 413 to until it fits, and sets aside an event refused alone', async () => {
    const server = new FakeSyncServer();
    // A host (or a proxy before it) that takes smaller bodies than the app's batches.
    server.limits.maxPushBytes = 50_000;
    const a = await device(server, 'split');
    a.transport.online = false;
    const id = String(nextNote++);
    await a.log.append('note.created', { id, title: 'Split' });
    for (let i = 0; i < 10; i++) await a.log.append('note.body-saved', { id, html: `<p>${i}${'x'.repeat(12_000)}</p>` });
    await a.log.append('note.body-saved', { id, html: `<p>${'y'.repeat(60_000)}</p>` });
    await a.log.append('note.renamed', { id, title: 'After the big one' });
    const big = a.log.outbox()[11].id;
    a.transport.online = true;
    await settle(a, server);
    expect(server.events).toHaveLength(12);
    expect(server.events.map((e) => e.event.id)).not.toContain(big);
    expect(a.engine.status$.value).toMatchObject({ state: 'synced', pending: 0, setAside: 1 });
    expect(a.log.state.notes.bodies[id].html).toContain('yyyy');
  });

  it('sets nothing aside when the host answers a push 400, which names the request and not an event, and pushes it later', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'bad-request');
    a.transport.failPushesWith = 400;
    const id = String(nextNote++);
    await a.log.append('note.created', { id, title: 'Kept' });
    await a.log.append('note.renamed', { id, title: 'Kept and renamed' });
    await a.engine.request();
    expect(a.engine.status$.value).toMatchObject({ state: 'error', pending: 2, setAside: 0 });
    a.transport.failPushesWith = null;
    await settle(a, server);
    expect(server.events).toHaveLength(2);
    expect(a.engine.status$.value).toMatchObject({ state: 'synced', pending: 0, setAside: 0 });
  });

  it('keeps pulling other devices’ changes while its own push keeps failing, and pushes once it can', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'stuck');
    const b = await device(server, 'other');
    a.transport.failPushesWith = 503;
    const mine = String(nextNote++);
    await a.log.append('note.created', { id: mine, title: 'Written on A' });
    for (let round = 0; round < 3; round++) {
      const theirs = String(nextNote++);
      await b.log.append('note.created', { id: theirs, title: `From B ${round}` });
      await settle(b, server);
      await a.engine.request();
      expect(a.log.state.notes.meta[theirs]?.title).toBe(`From B ${round}`);
      expect(a.engine.status$.value).toMatchObject({ state: 'error', pending: 1 });
    }
    a.transport.failPushesWith = null;
    await settle(a, server);
    await settle(b, server);
    expect(b.log.state.notes.meta[mine]?.title).toBe('Written on A');
    expect(a.log.state.notes.order).toEqual(b.log.state.notes.order);
    expect(a.engine.status$.value).toMatchObject({ state: 'synced', pending: 0 });
  });
});
