// Accounts (docs/sync.md "Accounts", "Security"): sign-up, sign-in, sign-out, sign-out everywhere,
// sessions across a restart and after their lifetime, errors that reveal nothing, the origin rule of
// cookie calls, and account deletion, through the real host (SQLite). The sign-in limits are in
// signInLimits.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { startSyncHost, type InProcessHost } from './host';
import { openLive } from './sse';

const PASSWORD = 'correct horse battery staple';
const hosts: InProcessHost[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const start = async (env: Record<string, string> = {}, dir?: string) => {
  const host = await startSyncHost(env, dir);
  hosts.push(host);
  return host;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('accounts', () => {
  it('signs up, in and out: sync calls need the session, and fail with 401 JSON after sign-out', async () => {
    const host = await start();
    const device = newDeviceId();
    const anonymous = await new SyncClient(host.url).head(device);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toMatch(/sign-in/i);
    const client = await new SyncClient(host.url).register('in-and-out@example.com', PASSWORD);
    expect(client.cookie).toMatch(/^better-auth\.session_token=/);
    expect((await client.session()).json.user.email).toBe('in-and-out@example.com');
    expect((await client.head(device)).json).toEqual({ head: 0, floor: 0 });
    const cookie = client.cookie!;
    expect((await client.signOut()).status).toBe(200);
    client.cookie = cookie; // a copy of the old cookie no longer works
    expect((await client.head(device)).status).toBe(401);
  });

  it('signs out everywhere: every session of the account ends, other accounts keep theirs', async () => {
    const host = await start();
    const laptop = await new SyncClient(host.url).register('everywhere@example.com', PASSWORD);
    const phoneClient = new SyncClient(host.url);
    await phoneClient.signIn('everywhere@example.com', PASSWORD);
    const other = await new SyncClient(host.url).register('bystander@example.com', PASSWORD);
    const device = newDeviceId();
    expect((await phoneClient.head(device)).status).toBe(200);
    const stream = await openLive(phoneClient, device);
    expect((await laptop.revokeSessions()).status).toBe(200);
    expect((await laptop.head(newDeviceId())).status).toBe(401);
    expect((await phoneClient.head(device)).status).toBe(401);
    expect((await other.head(newDeviceId())).status).toBe(200);
    // The phone's live stream ends at once (the host re-checks streams of the user on sign-out).
    await expect(withTimeout(stream.ended, 3000)).resolves.toBe('done');
  });

  it('keeps a session across a host restart (the generated secret is kept beside the databases)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notepad-restart-'));
    folders.push(dir);
    const first = await start({ AUTH_SECRET: '' }, dir);
    const client = await new SyncClient(first.url).register('restart@example.com', PASSWORD);
    const device = newDeviceId();
    await client.push(device, [noteEvent('note.created', { id: '1700000000001', title: 'kept' })]);
    await first.close();
    hosts.splice(hosts.indexOf(first), 1);
    const second = await start({ AUTH_SECRET: '' }, dir);
    const again = new SyncClient(second.url);
    again.cookie = client.cookie;
    expect((await again.head(device)).json).toEqual({ head: 1, floor: 0 });
  });

  it('ends a session after AUTH_SESSION_TTL_S', async () => {
    const host = await start({ AUTH_SESSION_TTL_S: '4' });
    const client = await new SyncClient(host.url).register('short-lived@example.com', PASSWORD);
    const device = newDeviceId();
    expect((await client.head(device)).status).toBe(200);
    await sleep(5000);
    expect((await client.head(device)).status).toBe(401);
  });

  it('answers an unknown e-mail and a wrong password alike; sign-up of an existing address reveals nothing either', async () => {
    const host = await start();
    await new SyncClient(host.url).register('exists@example.com', PASSWORD);
    const unknown = await new SyncClient(host.url).signIn('missing@example.com', PASSWORD);
    const wrong = await new SyncClient(host.url).signIn('exists@example.com', 'not the password');
    expect(unknown.status).toBe(401);
    expect([wrong.status, wrong.json]).toEqual([unknown.status, unknown.json]);
    const fresh = await new SyncClient(host.url).signUp('brand-new@example.com', 'another password 1');
    const taken = await new SyncClient(host.url).signUp('exists@example.com', 'another password 1');
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.json).sort()).toEqual(Object.keys(fresh.json).sort());
    expect(taken.json.token).toBeNull();
    // The existing account keeps its password; the sign-up's password does not open it.
    expect((await new SyncClient(host.url).signIn('exists@example.com', 'another password 1')).status).toBe(401);
    expect((await new SyncClient(host.url).signIn('exists@example.com', PASSWORD)).status).toBe(200);
  });

  it('refuses cookie calls from another origin or a cross-site fetch with 403 JSON', async () => {
    const host = await start({ APP_ORIGIN: 'https://notes.example.com' });
    const client = await new SyncClient(host.url).register('origins@example.com', PASSWORD);
    const device = newDeviceId();
    const path = `/functions/v1/sync/head?deviceId=${device}`;
    for (const headers of [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const refused = await client.request('GET', path, undefined, { headers });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.json.error).toMatch(/origin|cross-site/i);
    }
    const evilPush = await client.request(
      'POST',
      '/functions/v1/sync/push',
      { deviceId: device, events: [noteEvent('note.created', { id: '1', title: 'x' })] },
      { headers: { Origin: 'https://evil.example' } },
    );
    expect(evilPush.status).toBe(403);
    expect((await client.head(device)).json.head).toBe(0);
    const trusted = await client.request('GET', path, undefined, {
      headers: { Origin: 'https://notes.example.com', 'Sec-Fetch-Site': 'same-site' },
    });
    expect(trusted.status).toBe(200);
    expect(trusted.headers.get('access-control-allow-origin')).toBe('https://notes.example.com');
    expect(trusted.headers.get('access-control-allow-credentials')).toBe('true');
    expect((await client.request('GET', path, undefined, { headers: { Origin: host.url.replace(/\/$/, '') } })).status).toBe(200);
    // better-auth applies its own origin check to its cookie calls.
    expect((await client.request('POST', '/api/auth/sign-out', {}, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await client.head(device)).status).toBe(200);
  });

  it('deletes an account with its events, devices and snapshot, and nothing of another account', async () => {
    const host = await start();
    const doomed = await new SyncClient(host.url).register('doomed@example.com', PASSWORD);
    const keeper = await new SyncClient(host.url).register('keeper@example.com', PASSWORD);
    const userId = (await doomed.session()).json.user.id as string;
    for (const client of [doomed, keeper]) {
      const device = newDeviceId();
      const pushed = await client.push(device, [noteEvent('note.created', { id: '1700000000001', title: 'x' })]);
      await client.putSnapshot(device, pushed.json.head, { order: ['1700000000001'] });
    }
    const db = new Database(join(host.dir, 'sync.sqlite'), { readonly: true });
    const rows = (id: string) =>
      ['sync_events', 'sync_heads', 'sync_devices', 'sync_snapshots'].map(
        (t) => (db.prepare(`SELECT count(*) AS n FROM ${t} WHERE user_id = ?`).get(id) as { n: number }).n,
      );
    expect(rows(userId)).toEqual([1, 1, 1, 1]);
    expect((await doomed.deleteAccount('doomed@example.com', 'wrong password')).status).not.toBe(200);
    expect(rows(userId)).toEqual([1, 1, 1, 1]);
    expect((await doomed.deleteAccount('doomed@example.com', PASSWORD)).status).toBe(200);
    expect(rows(userId)).toEqual([0, 0, 0, 0]);
    const keeperId = (await keeper.session()).json.user.id as string;
    expect(rows(keeperId)).toEqual([1, 1, 1, 1]);
    db.close();
    expect((await doomed.head(newDeviceId())).status).toBe(401);
    expect((await new SyncClient(host.url).signIn('doomed@example.com', PASSWORD)).status).toBe(401);
  });

  it('ends live streams cleanly when the host stops', async () => {
    const host = await start();
    const client = await new SyncClient(host.url).register('stopping@example.com', PASSWORD);
    const streams = await Promise.all([openLive(client, newDeviceId()), openLive(client, newDeviceId())]);
    const closing = host.close();
    hosts.splice(hosts.indexOf(host), 1);
    await expect(
      withTimeout(
        closing.then(() => 'done'),
        5000,
      ),
    ).resolves.toBe('done');
    for (const stream of streams) await expect(withTimeout(stream.ended, 1000)).resolves.toBe('done');
  });
});

/** 'done' when `promise` settles within `ms`, 'timeout' otherwise. */
function withTimeout(promise: Promise<unknown>, ms: number): Promise<'done' | 'timeout'> {
  return Promise.race([promise.then(() => 'done' as const), sleep(ms).then(() => 'timeout' as const)]);
}
