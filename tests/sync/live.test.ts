// The live stream (docs/sync.md "live") and two hosts on one Postgres: a push through one host
// reaches a stream open on the other within a second (LISTEN/NOTIFY), heartbeats arrive, a session
// ended through one host ends the stream on the other, and the sign-in limit holds across both.
// On SQLite, a second device of one host sees a push within a second too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncChild, startSyncHost } from './host';
import { openLive } from './sse';

const cluster = usePostgresCluster();
const PASSWORD = 'correct horse battery staple';

describe('live stream on SQLite (one host)', () => {
  it('tells a second device of a push within a second, and sends heartbeats', async () => {
    const host = await startSyncHost({ SYNC_HEARTBEAT_MS: '200' });
    try {
      const client = await new SyncClient(host.url).register('live-sqlite@example.com', PASSWORD);
      const stream = await openLive(client, newDeviceId());
      expect(stream.status).toBe(200);
      expect(stream.heads).toEqual([0]);
      await client.push(newDeviceId(), [noteEvent('note.created', { id: '1700000000001', title: 'x' })]);
      expect(await stream.waitForHead(1, 1000)).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 700));
      expect(stream.comments).toBeGreaterThanOrEqual(2);
      // Another account's push does not reach this stream.
      const other = await new SyncClient(host.url).register('live-other@example.com', PASSWORD);
      await other.push(newDeviceId(), [
        noteEvent('note.created', { id: '1', title: 'y' }),
        noteEvent('note.created', { id: '2', title: 'z' }),
      ]);
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.heads).toEqual([0, 1]);
      expect((await openLive(new SyncClient(host.url), newDeviceId())).status).toBe(401);
      stream.close();
    } finally {
      await host.close();
    }
  });
});

describe('two hosts on one Postgres', () => {
  let first: Awaited<ReturnType<typeof startSyncChild>>;
  let second: Awaited<ReturnType<typeof startSyncChild>>;
  beforeAll(async () => {
    const env = {
      DATABASE_URL: await cluster().createDatabase('two_hosts'),
      SYNC_HEARTBEAT_MS: '300',
      AUTH_SIGNIN_MAX: '6',
      AUTH_SIGNIN_WINDOW_S: '60',
    };
    // Started together: schema creation is serialized by an advisory lock.
    [first, second] = await Promise.all([startSyncChild(env), startSyncChild(env)]);
  }, 60_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('delivers a push through one host to a live stream on the other within a second', async () => {
    const onFirst = await new SyncClient(first.url).register('two-hosts@example.com', PASSWORD);
    const onSecond = new SyncClient(second.url);
    onSecond.cookie = onFirst.cookie;
    const stream = await openLive(onSecond, newDeviceId());
    expect(stream.heads).toEqual([0]);
    const waits: number[] = [];
    for (let i = 1; i <= 5; i++) {
      await onFirst.push(newDeviceId(), [noteEvent('note.created', { id: String(1700000000000 + i), title: `n${i}` })]);
      waits.push(await stream.waitForHead(i, 1000));
    }
    expect(Math.max(...waits)).toBeLessThan(1000);
    // Signing out through the first host ends the stream on the second at its next session check.
    expect((await onFirst.signOut()).status).toBe(200);
    await stream.ended;
    expect((await onSecond.head(newDeviceId())).status).toBe(401);
  });

  it('counts failed sign-ins across both hosts (the limit is kept in the database)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const host = i % 2 === 0 ? first : second;
      statuses.push((await new SyncClient(host.url).signIn('nobody@example.com', 'wrong password')).status);
    }
    // The limit is 6 per address: the sign-in of the previous test counts too when it ran, so the
    // first 429 comes at the 6th or 7th attempt, whichever host serves it.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});
