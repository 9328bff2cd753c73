// The SyncStore contract (docs/sync.md "Stores"): the same cases against the SQLite store and the
// Postgres store (a throwaway cluster of this file).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_FORMAT } from '../../catalog/index.ts';
import type { IncomingEvent, SyncStore } from '../../functions/sync/store.ts';
import { openPostgresSyncStore } from '../../server/sync/postgresStore';
import { openSqliteSyncStore } from '../../server/sync/sqliteStore';
import { usePostgresCluster } from './cluster';

const cluster = usePostgresCluster();
const NOW = new Date('2026-11-24T10:00:00.000Z');

/** A store under test plus a second "process" on the same data (for cross-process head changes). */
interface Opened {
  store: SyncStore;
  openAnother(): Promise<SyncStore>;
  close(): Promise<void>;
}

let databases = 0;
const kinds: Record<string, () => Promise<Opened>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notepad-store-'));
    const others: SyncStore[] = [];
    const store = openSqliteSyncStore(join(dir, 'sync.sqlite'));
    return {
      store,
      openAnother: async () => {
        const other = openSqliteSyncStore(join(dir, 'sync.sqlite'));
        others.push(other);
        return other;
      },
      close: async () => {
        for (const s of [store, ...others]) await s.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  postgres: async () => {
    const url = await cluster().createDatabase(`store_${++databases}`);
    const pools: pg.Pool[] = [];
    const stores: SyncStore[] = [];
    const open = async () => {
      const pool = new pg.Pool({ connectionString: url, max: 8 });
      // As the host's pool does: an idle connection ended by the server is reported, not thrown.
      pool.on('error', (error) => console.error(`[store test] idle Postgres connection failed: ${error.message}`));
      pools.push(pool);
      const store = await openPostgresSyncStore(pool, url);
      stores.push(store);
      return store;
    };
    const store = await open();
    return {
      store,
      openAnother: open,
      close: async () => {
        for (const s of stores) await s.close();
        for (const p of pools) await p.end();
      },
    };
  },
};

const event = (id: string, extra: Record<string, unknown> = {}): IncomingEvent => {
  const body = JSON.stringify({
    v: 1,
    id,
    at: NOW.toISOString(),
    type: 'note.created',
    payload: { id: '1700000000000', title: id },
    ...extra,
  });
  return { id, body, bytes: Buffer.byteLength(body) };
};
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

describe.each(Object.keys(kinds))('SyncStore on %s', (kind) => {
  let opened: Opened;
  const open = async () => (opened = await kinds[kind]());
  afterEach(async () => opened?.close());

  it('numbers new events 1..n without gaps and serves them unchanged, in order', async () => {
    const { store } = await open();
    expect(await store.head('alice')).toBe(0);
    const batch = ids('evt-a', 5).map((id) => event(id));
    const result = await store.push('alice', 'device-a1', batch, NOW);
    expect(result).toEqual({ accepted: batch.map((e, i) => ({ id: e.id, serverSeq: i + 1 })), duplicates: [], head: 5 });
    const page = await store.pull('alice', 0, 1000, 1_048_576);
    expect(page.more).toBe(false);
    expect(page.head).toBe(5);
    expect(page.events).toEqual(batch.map((e, i) => ({ serverSeq: i + 1, deviceId: 'device-a1', body: e.body })));
    expect((await store.pull('alice', 3, 1000, 1_048_576)).events.map((e) => e.serverSeq)).toEqual([4, 5]);
  });

  it('answers a repeated push with every event as a duplicate at its first serverSeq', async () => {
    const { store } = await open();
    const batch = ids('evt-d', 4).map((id) => event(id));
    await store.push('alice', 'device-a1', batch.slice(0, 2), NOW);
    const again = await store.push('alice', 'device-a2', batch, NOW);
    expect(again.duplicates).toEqual([
      { id: batch[0].id, serverSeq: 1 },
      { id: batch[1].id, serverSeq: 2 },
    ]);
    expect(again.accepted).toEqual([
      { id: batch[2].id, serverSeq: 3 },
      { id: batch[3].id, serverSeq: 4 },
    ]);
    const third = await store.push('alice', 'device-a1', batch, NOW);
    expect(third).toEqual({ accepted: [], duplicates: batch.map((e, i) => ({ id: e.id, serverSeq: i + 1 })), head: 4 });
  });

  it('keeps event ids unique per user: another user pushing the same id gets its own event', async () => {
    const { store } = await open();
    await store.push('alice', 'device-a1', [event('shared-id-1')], NOW);
    const bob = await store.push('bob', 'device-b1', [event('shared-id-1', { payload: { id: '1', title: 'bob' } })], NOW);
    expect(bob.accepted).toEqual([{ id: 'shared-id-1', serverSeq: 1 }]);
    expect(JSON.parse((await store.pull('alice', 0, 10, 1e6)).events[0].body).payload.title).toBe('shared-id-1');
    expect(JSON.parse((await store.pull('bob', 0, 10, 1e6)).events[0].body).payload.title).toBe('bob');
  });

  it('numbers concurrent overlapping pushes of one user without gaps, each id once', async () => {
    const { store } = await open();
    const all = ids('evt-c', 60);
    const pushes = Array.from({ length: 12 }, (_, k) =>
      store.push(
        'alice',
        `device-${k}xxxx`,
        all.slice(k * 4, k * 4 + 12).map((id) => event(id)),
        NOW,
      ),
    );
    const results = await Promise.all(pushes);
    const page = await store.pull('alice', 0, 1000, 1e9);
    expect(page.events.map((e) => e.serverSeq)).toEqual(page.events.map((_, i) => i + 1));
    const stored = page.events.map((e) => JSON.parse(e.body).id);
    expect(new Set(stored).size).toBe(stored.length);
    expect(new Set(stored)).toEqual(new Set(all.slice(0, 11 * 4 + 12)));
    // Every answer names each of its ids once, at the serverSeq the log holds.
    const bySeq = new Map(page.events.map((e) => [JSON.parse(e.body).id, e.serverSeq]));
    for (const result of results) for (const p of [...result.accepted, ...result.duplicates]) expect(bySeq.get(p.id)).toBe(p.serverSeq);
  });

  it('pages pulls by count and by bytes, with at least one event per page', async () => {
    const { store } = await open();
    const big = event('evt-big-1', { payload: { id: '1', title: 'x'.repeat(5000) } });
    await store.push('alice', 'device-a1', [event('evt-p-1'), big, event('evt-p-2'), event('evt-p-3')], NOW);
    const byCount = await store.pull('alice', 0, 2, 1e9);
    expect(byCount.events.map((e) => e.serverSeq)).toEqual([1, 2]);
    expect(byCount.more).toBe(true);
    const byBytes = await store.pull('alice', 0, 1000, 1000);
    expect(byBytes.events.map((e) => e.serverSeq)).toEqual([1, 2]);
    expect(byBytes.more).toBe(true);
    const oneLarge = await store.pull('alice', 1, 1000, 10);
    expect(oneLarge.events.map((e) => e.serverSeq)).toEqual([2]);
    const rest = await store.pull('alice', 2, 1000, 1e6);
    expect(rest).toMatchObject({ head: 4, more: false });
    expect(rest.events.map((e) => e.serverSeq)).toEqual([3, 4]);
    expect(await store.pull('alice', 4, 1000, 1e6)).toEqual({ events: [], head: 4, more: false });
  });

  it('binds a device to its first user and refuses it to others', async () => {
    const { store } = await open();
    expect(await store.useDevice('alice', 'device-a1', NOW)).toBe(true);
    expect(await store.useDevice('alice', 'device-a1', new Date(NOW.getTime() + 60_000))).toBe(true);
    expect(await store.useDevice('bob', 'device-a1', NOW)).toBe(false);
    expect(await store.listDevices('alice')).toEqual([
      {
        deviceId: 'device-a1',
        name: null,
        createdAt: NOW.toISOString(),
        lastSeenAt: new Date(NOW.getTime() + 60_000).toISOString(),
      },
    ]);
    expect(await store.listDevices('bob')).toEqual([]);
  });

  it('counts the events left in clear by an older build, replaces them in place by their sealed forms, and forgets the rest of what was in clear', async () => {
    const { store } = await open();
    const clear = (id: string): IncomingEvent => {
      const body = JSON.stringify({ v: 2, id, at: NOW.toISOString(), type: 'note.renamed', payload: { id: '1', title: `secret ${id}` } });
      return { id, body, bytes: body.length };
    };
    const sealed = (id: string) => JSON.stringify({ v: 2, id, at: NOW.toISOString(), c: `${id}AAAA`.padEnd(64, 'A') });
    await store.push('alice', 'device-a1', ['evt-c1', 'evt-c2', 'evt-c3'].map(clear), NOW);
    await store.push('bob', 'device-b1', ['evt-c1'].map(clear), NOW);
    await store.useDevice('alice', 'device-a1', NOW);
    expect(await store.putSnapshot('alice', { serverSeq: 3, format: 'notes-state/2', state: '{"order":["secret"]}' }, NOW)).toBeNull();
    expect(await store.countInClear('alice')).toBe(3);
    // Only an event in clear at that place with that id is replaced.
    const replaced = await store.reseal('alice', [
      { serverSeq: 1, id: 'evt-c1', body: sealed('evt-c1'), bytes: 64 },
      { serverSeq: 2, id: 'evt-c9', body: sealed('evt-c9'), bytes: 64 },
      { serverSeq: 3, id: 'evt-c3', body: sealed('evt-c3'), bytes: 64 },
    ]);
    expect(replaced).toBe(2);
    expect(await store.reseal('alice', [{ serverSeq: 1, id: 'evt-c1', body: clear('evt-c1').body, bytes: 10 }])).toBe(0);
    expect(await store.countInClear('alice')).toBe(1);
    expect(await store.countInClear('bob')).toBe(1);
    const page = await store.pull('alice', 0, 10, 1e6);
    expect(page.events.map((e) => [e.serverSeq, e.body])).toEqual([
      [1, sealed('evt-c1')],
      [2, clear('evt-c2').body],
      [3, sealed('evt-c3')],
    ]);
    await store.forgetClearData('alice');
    expect(await store.getSnapshot('alice')).toBeNull();
    expect((await store.listDevices('alice')).map((d) => d.name)).toEqual([null]);
    // A sealed checkpoint (a JSON string) is kept.
    expect(await store.putSnapshot('alice', { serverSeq: 3, format: CHECKPOINT_FORMAT, state: '"AAAA"' }, NOW)).toBeNull();
    await store.forgetClearData('alice');
    expect((await store.getSnapshot('alice'))?.state).toBe('"AAAA"');
  });

  it('keeps the latest snapshot within [stored serverSeq, head]', async () => {
    const { store } = await open();
    expect(await store.getSnapshot('alice')).toBeNull();
    expect(await store.putSnapshot('alice', { serverSeq: 1, format: CHECKPOINT_FORMAT, state: '{}' }, NOW)).toBe('ahead');
    await store.push(
      'alice',
      'device-a1',
      ids('evt-s', 3).map((id) => event(id)),
      NOW,
    );
    expect(await store.putSnapshot('alice', { serverSeq: 2, format: CHECKPOINT_FORMAT, state: '{"a":2}' }, NOW)).toBeNull();
    expect(await store.putSnapshot('alice', { serverSeq: 1, format: CHECKPOINT_FORMAT, state: '{"a":1}' }, NOW)).toBe('stale');
    expect(await store.putSnapshot('alice', { serverSeq: 4, format: CHECKPOINT_FORMAT, state: '{"a":4}' }, NOW)).toBe('ahead');
    expect(await store.getSnapshot('alice')).toEqual({
      serverSeq: 2,
      format: CHECKPOINT_FORMAT,
      state: '{"a":2}',
      createdAt: NOW.toISOString(),
    });
    expect(await store.putSnapshot('alice', { serverSeq: 3, format: CHECKPOINT_FORMAT, state: '{"a":3}' }, NOW)).toBeNull();
    expect((await store.getSnapshot('alice'))?.state).toBe('{"a":3}');
    expect(await store.getSnapshot('bob')).toBeNull();
  });

  it('deletes every row of one user and nothing of another', async () => {
    const { store } = await open();
    for (const user of ['alice', 'bob']) {
      await store.useDevice(user, `device-${user}`, NOW);
      await store.push(user, `device-${user}`, [event(`evt-${user}-1`)], NOW);
      await store.putSnapshot(user, { serverSeq: 1, format: 'f', state: '{}' }, NOW);
    }
    await store.deleteUser('alice');
    expect(await store.head('alice')).toBe(0);
    expect((await store.pull('alice', 0, 10, 1e6)).events).toEqual([]);
    expect(await store.listDevices('alice')).toEqual([]);
    expect(await store.getSnapshot('alice')).toBeNull();
    expect(await store.useDevice('carol', 'device-alice', NOW)).toBe(true);
    expect(await store.head('bob')).toBe(1);
    expect(await store.getSnapshot('bob')).not.toBeNull();
  });

  it('tells head watchers of pushes made through another store on the same data', async () => {
    const { store, openAnother } = await open();
    const other = await openAnother();
    const seen: number[] = [];
    const stop = other.watchHead('alice', (head) => seen.push(head));
    const local: number[] = [];
    const stopLocal = store.watchHead('alice', (head) => local.push(head));
    await store.push('alice', 'device-a1', [event('evt-w-1'), event('evt-w-2')], NOW);
    // Postgres delivers through NOTIFY, also to the pushing process: asynchronously.
    await expect.poll(() => local, { timeout: 3000 }).toEqual([2]);
    if (kind === 'postgres') {
      await expect.poll(() => seen, { timeout: 3000 }).toEqual([2]);
    } else {
      // SQLite serves one host process: its emitter is in-process only.
      expect(seen).toEqual([]);
    }
    await store.push('bob', 'device-b1', [event('evt-w-3')], NOW);
    stop();
    stopLocal();
    await store.push('alice', 'device-a1', [event('evt-w-4')], NOW);
    await new Promise((r) => setTimeout(r, 200));
    expect(local).toEqual([2]);
  });
});
