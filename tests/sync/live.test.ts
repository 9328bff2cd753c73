// The live stream (docs/sync.md "live") and two hosts on one Postgres: a push through one host
// reaches a stream open on the other within a second (LISTEN/NOTIFY), heartbeats arrive, a session
// ended through one host ends the stream on the other, and the sign-in limits hold across both.
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
      AUTH_PROXY_IP_HEADER: 'x-forwarded-for',
      AUTH_ADDRESS_FAILURES: '4',
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

  it('counts failed sign-ins of one account across both hosts, also when they arrive at once (the counts are in the database)', async () => {
    // Each guess from an address of its own, so only the account's count can stop them.
    const guess = (i: number, email: string) =>
      new SyncClient((i % 2 === 0 ? first : second).url).request(
        'POST',
        '/api/auth/sign-in/email',
        { email, password: `guess ${i}` },
        { headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` } },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await guess(i, 'nobody@example.com')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const rushed = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(i, 'rushed@example.com')));
    expect(rushed.map((answer) => answer.status).sort()).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it('counts one address’s failed sign-ins across both hosts, never its successful ones', async () => {
    const account = await new SyncClient(first.url).register('address-across@example.com', PASSWORD);
    expect(account.cookie).not.toBeNull();
    const secret = await account.loginSecret('address-across@example.com', PASSWORD);
    const from = (host: typeof first, email: string, password: string) =>
      new SyncClient(host.url).request(
        'POST',
        '/api/auth/sign-in/email',
        { email, password },
        { headers: { 'X-Forwarded-For': '203.0.113.50' } },
      );
    for (const host of [first, second, first]) expect((await from(host, 'address-across@example.com', secret)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await from(i % 2 ? first : second, `stuffed-${i}@example.com`, 'leaked 1')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await from(second, 'address-across@example.com', secret)).json.code).toBe('TOO_MANY_FAILED_SIGN_INS_FROM_ADDRESS');
  });
});
