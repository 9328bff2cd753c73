// The host's data is its owner's alone (docs/sync.md "Configuration"): the data folder it creates is
// 0700, and every file in it (the sync, accounts and usage databases with their -wal and -shm
// files, the generated secret) is 0600, also a database left readable by an earlier version.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { startSyncHost, type InProcessHost } from './host';

const folders: string[] = [];
const hosts: InProcessHost[] = [];
let umask: number | null = null;
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  if (umask !== null) process.umask(umask);
  umask = null;
});

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Starts a host whose databases and secret go to `<temp>/data`; the usual umask 022 would leave them readable by all. */
async function startInData(prepare?: (data: string) => void): Promise<{ host: InProcessHost; data: string }> {
  umask = process.umask(0o022);
  const root = mkdtempSync(join(tmpdir(), 'notepad-files-'));
  folders.push(root);
  const data = join(root, 'data');
  prepare?.(data);
  const host = await startSyncHost(
    { SYNC_DB_PATH: join(data, 'sync.sqlite'), USAGE_DB_PATH: join(data, 'usage.sqlite'), AUTH_SECRET: '' },
    root,
  );
  hosts.push(host);
  return { host, data };
}

/** Writes through every store, so each database has its -wal and -shm files. */
async function useEveryStore(host: InProcessHost): Promise<void> {
  const client = await new SyncClient(host.url).register('private@example.com');
  expect((await client.push(newDeviceId(), [noteEvent('note.created', { id: '1700000000001', title: 'mine' })])).status).toBe(200);
  const tracked = await fetch(new URL('/functions/v1/track-app-usage', host.url), {
    method: 'POST',
    headers: { apikey: 'test-anon-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ app_name: 'NotePad', source: 'direct', session_id: 'files-test' }),
  });
  expect(tracked.status).toBe(200);
}

describe('the data folder', () => {
  it('is created 0700, with the databases, their -wal and -shm files and the secret 0600', async () => {
    const { host, data } = await startInData();
    await useEveryStore(host);
    const files = readdirSync(data).sort();
    for (const name of [
      'auth-secret',
      'auth.sqlite',
      'auth.sqlite-wal',
      'auth.sqlite-shm',
      'sync.sqlite',
      'sync.sqlite-wal',
      'sync.sqlite-shm',
      'usage.sqlite',
      'usage.sqlite-wal',
      'usage.sqlite-shm',
    ]) {
      expect(files).toContain(name);
    }
    expect(mode(data)).toBe('700');
    expect(Object.fromEntries(files.map((name) => [name, mode(join(data, name))]))).toEqual(
      Object.fromEntries(files.map((name) => [name, '600'])),
    );
  });

  it('makes databases that an earlier version left readable by all 0600 when the host starts', async () => {
    const { host, data } = await startInData((dir) => {
      mkdirSync(dir, { mode: 0o755 });
      for (const name of ['sync.sqlite', 'usage.sqlite', 'auth.sqlite']) {
        const db = new Database(join(dir, name));
        db.pragma('journal_mode = WAL');
        db.exec('CREATE TABLE IF NOT EXISTS earlier (x)');
        db.close();
        chmodSync(join(dir, name), 0o644);
      }
    });
    await useEveryStore(host);
    for (const name of readdirSync(data)) expect(mode(join(data, name)), name).toBe('600');
  });
});
