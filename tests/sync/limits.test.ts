// The sync limits and unreadable events through the real host, on SQLite and on Postgres, with the
// app's own engine, log and HTTP transport as a device (docs/sync.md "Limits", docs/architecture.md
// "Sync"): the app and the host measure an event to the byte alike, a long non-Latin note's saves
// all sync, a device whose push fails keeps pulling, and an event of the account no build can read
// stops nothing.
import { join } from 'node:path';
import ky from 'ky';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION, MAX_PUSH_BODY_BYTES, MAX_WIRE_EVENT_BYTES, utf8Length, type AppEvent } from '../../catalog/index.ts';
import { EventLog } from '../../src/events/eventLog';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import { createMemoryStorage } from '../../src/events/memoryStorage';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { SyncEngine } from '../../src/services/sync/engine';
import { ALTERED_REASON } from '../../src/services/sync/e2ee/seal';
import { httpSyncTransport } from '../../src/services/sync/httpTransport';
import { sealingTransport } from '../../src/services/sync/sealingTransport';
import { SyncError, type SealedTransport } from '../../src/services/sync/transport';
import { sizedWireForm } from '../../src/services/sync/wireBatch';
import type { IncomingEvent } from '../../functions/sync/store.ts';
import { openPostgresSyncStore } from '../../server/sync/postgresStore';
import { openSqliteSyncStore } from '../../server/sync/sqliteStore';
import { textOfBytes } from '../support/wireSized';
import { newDeviceId, noteEvent, SyncClient, type WireEvent } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncHost, type InProcessHost } from './host';

const cluster = usePostgresCluster();
let databases = 0;
let accounts = 0;
// The test runs every cycle itself (settle): no retry timers spinning beside it.
const TIMING = { pushDelayMs: 0, retryMs: 1e9, maxRetryMs: 1e9, pollMs: 1e9, checkpointEvery: 1e9 };

/** A device as the app runs it: its log in memory, the engine, and the HTTP transport with the account's cookie. */
interface AppDevice {
  log: EventLog;
  engine: SyncEngine;
  deviceId: string;
  /** While set, every push fails with a 503 before it is sent (pulls still go to the host). */
  failPushes: boolean;
}

describe.each(['sqlite', 'postgres'])('sync limits on %s', (kind) => {
  let host: InProcessHost;
  let databaseUrl = '';
  const devices: AppDevice[] = [];
  beforeAll(async () => {
    if (kind === 'postgres') databaseUrl = await cluster().createDatabase(`limits_${++databases}`);
    host = await startSyncHost(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  }, 60_000);

  /** Store events straight into the host's database, past every check, as an older host would have. */
  async function storeDirectly(userId: string, deviceId: string, events: IncomingEvent[]): Promise<void> {
    if (!databaseUrl) {
      const store = openSqliteSyncStore(join(host.dir, 'sync.sqlite'));
      await store.push(userId, deviceId, events, new Date()).finally(() => store.close());
      return;
    }
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const store = await openPostgresSyncStore(pool, databaseUrl);
    await store.push(userId, deviceId, events, new Date()).finally(async () => {
      await store.close();
      await pool.end();
    });
  }
  afterAll(async () => {
    for (const d of devices) d.engine.stop();
    await host?.close();
  });

  const account = () => new SyncClient(host.url).register(`limits-${kind}-${++accounts}@example.com`);

  async function appDevice(client: SyncClient): Promise<AppDevice> {
    const log = new EventLog({ storage: createMemoryStorage() });
    await log.load();
    const deviceId = newDeviceId();
    await log.enterSync(
      { userId: 'same-account', email: 'a@example.org', deviceId, deviceName: 'Node', ackedThrough: 0, since: new Date().toISOString() },
      EMPTY_SERVER_BASE,
    );
    const http = httpSyncTransport(client.origin, ky.create({ headers: { Cookie: client.cookie!, Origin: client.origin } }));
    const device: AppDevice = { log, deviceId, failPushes: false, engine: null as unknown as SyncEngine };
    const wire: SealedTransport = {
      ...http,
      push: (id, events) =>
        device.failPushes ? Promise.reject(new SyncError('busy', 'the push failed', null, 503)) : http.push(id, events),
    };
    const keyring = client.keyring!;
    device.engine = new SyncEngine(
      log,
      sealingTransport(wire, async () => keyring),
      { deviceId, timing: TIMING },
    );
    devices.push(device);
    device.engine.start();
    return device;
  }

  /** Run cycles until the device's outbox is empty and it folded the account's head. */
  async function settle(device: AppDevice, client: SyncClient): Promise<void> {
    for (let i = 0; i < 50; i++) {
      await device.engine.request();
      const head = (await client.head(device.deviceId)).json.head;
      if (!device.log.outbox().length && device.log.serverBase()?.head === head) return;
    }
    throw new Error('the device did not settle');
  }

  it.each([
    ['CJK', '漢'],
    ['emoji', '😀'],
  ])(
    'the host stores a sealed %s event at the per-event limit and refuses the next size up alone, as the app measures them',
    async (_label, unit) => {
      const client = await account();
      const device = newDeviceId();
      const template = noteEvent('note.body-saved', { id: '1700000009000', html: '' });
      const wireOf = (bytes: number): WireEvent => ({
        ...template,
        id: crypto.randomUUID(),
        v: EVENT_SCHEMA_VERSION,
        payload: { ...template.payload, html: `<p>${textOfBytes(bytes, unit)}</p>` },
      });
      const sealedSize = (bytes: number) => sizedWireForm({ ...wireOf(bytes), seq: 1 } as unknown as AppEvent).bytes;
      // The largest save whose sealed form fits the limit, and the next size up (sealed sizes move in base64's steps of 4).
      let bytes = Math.floor(((MAX_WIRE_EVENT_BYTES - sealedSize(0)) * 3) / 4);
      while (sealedSize(bytes + 1) <= MAX_WIRE_EVENT_BYTES) bytes++;
      const atLimit = wireOf(bytes);
      const over = wireOf(bytes + 1);
      const overBytes = sizedWireForm({ ...over, seq: 2 } as unknown as AppEvent).bytes;
      expect(sizedWireForm({ ...atLimit, seq: 1 } as unknown as AppEvent).bytes).toBeGreaterThan(MAX_WIRE_EVENT_BYTES - 4);
      expect(overBytes).toBeGreaterThan(MAX_WIRE_EVENT_BYTES);
      const created = noteEvent('note.created', { id: '1700000009000', title: 'Edge' });
      const stored = await client.push(device, [created, atLimit]);
      expect(stored.status).toBe(200);
      expect(stored.json.accepted.map((a: { id: string }) => a.id)).toEqual([created.id, atLimit.id]);
      const after = noteEvent('note.renamed', { id: '1700000009000', title: 'After' });
      const refused = await client.push(device, [over, after]);
      expect(refused.status).toBe(200);
      expect(refused.json.refused).toEqual([
        { id: over.id, reason: `too large to sync: ${overBytes} bytes of JSON, over the limit of ${MAX_WIRE_EVENT_BYTES}` },
      ]);
      expect(refused.json.accepted.map((a: { id: string }) => a.id)).toEqual([after.id]);
      const pulled = await client.pullAll(device);
      expect(pulled.events.map((e) => e.event.id)).toEqual([created.id, atLimit.id, after.id]);
      expect(utf8Length(JSON.stringify(pulled.events[1].event))).toBe(sizedWireForm({ ...atLimit, seq: 1 } as unknown as AppEvent).bytes);
      expect(await client.open(pulled.events[1].event)).toEqual(atLimit);
    },
    60_000,
  );

  it('a device with 150 saves of a 10,000-character CJK note pushes them all, and pulls another device’s changes throughout, also while its push fails', async () => {
    const client = await account();
    const a = await appDevice(client);
    const other = newDeviceId();
    const id = String(1_764_200_000_000);
    const text = '漢字かなカナ한국어中'.repeat(1000);
    a.failPushes = true;
    await a.log.append('note.created', { id, title: '長い記事' });
    for (let i = 0; i < 150; i++) {
      const typed = `${i}${text.slice(String(i).length)}`;
      await a.log.append('note.body-saved', {
        id,
        html: `<p>${typed}</p>`,
        blocks: [{ id: 'b1', type: 'paragraph', props: {}, content: [{ type: 'text', text: typed, styles: {} }], children: [] }],
        base: a.log.state.notes.revs[id]?.id,
      });
    }
    const bytes = a.log.outbox().reduce((n, e) => n + sizedWireForm(e).bytes, 0);
    expect(bytes).toBeGreaterThan(MAX_PUSH_BODY_BYTES);
    // Another device writes while this one cannot push: its notes keep arriving here.
    for (let round = 0; round < 3; round++) {
      const theirs = String(1_764_200_000_100 + round);
      expect((await client.push(other, [noteEvent('note.created', { id: theirs, title: `Other ${round}` })])).status).toBe(200);
      await a.engine.request();
      expect(a.log.state.notes.meta[theirs]?.title).toBe(`Other ${round}`);
      expect(a.engine.status$.value).toMatchObject({ state: 'error', pending: 151 });
    }
    a.failPushes = false;
    await settle(a, client);
    expect((await client.push(other, [noteEvent('note.created', { id: '1764200000200', title: 'Later' })])).status).toBe(200);
    await settle(a, client);
    expect(a.engine.status$.value).toMatchObject({ state: 'synced', pending: 0, setAside: 0 });
    const all = await client.pullAll(other);
    expect(all.events.filter((e) => e.deviceId === a.deviceId)).toHaveLength(151);
    expect(a.log.state.notes.order).toHaveLength(5);
    expect(a.log.state.notes.bodies[id].html).toContain('149');
  }, 120_000);

  it('a device whose account holds events it cannot read or open (a newer schema, an unknown type, a ciphertext moved from another event or account) skips them with the reason, keeps writing and syncing, and a new device folds the rest', async () => {
    const client = await account();
    const userId: string = (await client.session()).json.user.id;
    const a = await appDevice(client);
    const mine = String(1_764_300_000_000);
    await a.log.append('note.created', { id: mine, title: 'Before' });
    await settle(a, client);
    // Straight into the store, past every check: a newer schema's event and an unknown type (as an
    // older host stored them), a ciphertext moved onto another event, and one of another account.
    const forged = [
      {
        v: EVENT_SCHEMA_VERSION + 1,
        id: 'f0000000-0000-4000-8000-00000000f001',
        at: new Date().toISOString(),
        type: 'note.body-saved',
        payload: { id: mine },
      },
      {
        v: EVENT_SCHEMA_VERSION,
        id: 'f0000000-0000-4000-8000-00000000f002',
        at: new Date().toISOString(),
        type: 'note.exploded',
        payload: { id: mine },
      },
    ];
    const sealed = await Promise.all(forged.map((event) => client.seal(event)));
    const rename = await client.seal({ ...noteEvent('note.renamed', { id: mine, title: 'Moved here' }), v: EVENT_SCHEMA_VERSION });
    const moved = { ...rename, id: 'f0000000-0000-4000-8000-00000000f003', c: sealed[1].c };
    const stranger = await new SyncClient(host.url).register(`stranger-${kind}-${++accounts}@example.com`);
    const foreign = await stranger.seal({ ...noteEvent('note.renamed', { id: mine, title: 'Not yours' }), v: EVENT_SCHEMA_VERSION });
    await storeDirectly(
      userId,
      a.deviceId,
      [...sealed, moved, foreign].map((event) => ({ id: event.id, body: JSON.stringify(event), bytes: utf8Length(JSON.stringify(event)) })),
    );
    const theirs = noteEvent('note.created', { id: '1764300000001', title: 'From elsewhere' });
    expect((await client.push(newDeviceId(), [theirs])).status).toBe(200);
    await settle(a, client);
    expect(a.log.writable).toBe(true);
    expect(a.engine.status$.value).toMatchObject({ state: 'synced', unreadable: 4, altered: 2 });
    expect((await a.log.unreadableEntries()).filter((u) => u.reason === ALTERED_REASON).map((u) => u.id)).toEqual([moved.id, foreign.id]);
    expect(a.log.state.notes.meta['1764300000001']?.title).toBe('From elsewhere');
    expect(a.log.state.notes.meta[mine].title).toBe('Before');
    await a.log.append('note.renamed', { id: mine, title: 'After' });
    await settle(a, client);
    expect(await client.open((await client.pullAll(a.deviceId)).events.at(-1)!.event)).toMatchObject({
      type: 'note.renamed',
      payload: { title: 'After' },
    });
    const fresh = await appDevice(client);
    await settle(fresh, client);
    expect(fresh.log.writable).toBe(true);
    expect(fresh.engine.status$.value).toMatchObject({ state: 'synced', unreadable: 4, altered: 2 });
    expect(toStorageKeys(fresh.log.state.notes)).toEqual(toStorageKeys(a.log.state.notes));
    expect(fresh.log.state.notes.meta[mine].title).toBe('After');
  }, 60_000);
});
