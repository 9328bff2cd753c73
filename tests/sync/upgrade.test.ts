// The upgrade of accounts made before end-to-end encryption (docs/sync.md "Upgrade"), on databases
// made by that build (tests/fixtures/legacy-sync, made by its make.sh), on SQLite and Postgres:
// at the next sign-in the device seals what the host holds, and only then the host drops every
// copy in clear; a tab closed halfway carries on at the next sign-in; no note is lost or moved.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appProfile } from './appDevice';
import { newDeviceId, SyncClient } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncHost, type InProcessHost } from './host';

const FIXTURES = join(import.meta.dirname, '../fixtures/legacy-sync');
const PASSWORD = 'correct horse battery staple';
const ACCOUNTS = [
  { email: 'legacy@example.com', words: ['Lighthouse keeper', 'saffron', 'marmalade'] },
  { email: 'legacy-two@example.com', words: ['Orchard ledger', 'quince', 'cardamom'] },
];
const cluster = usePostgresCluster();
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every byte the host keeps: the SQLite files of its folder, or a pg_dump of its database. */
function hostBytes(kind: string, dir: string, databaseUrl: string): string {
  if (kind === 'postgres') return execFileSync('pg_dump', ['--no-owner', databaseUrl], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return readdirSync(dir)
    .filter((name) => name.includes('.sqlite'))
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n');
}

describe.each(['sqlite', 'postgres'])('upgrade of accounts made before end-to-end encryption on %s', (kind) => {
  it('seals every note the host holds, drops what was in clear, keeps the order, and carries on after a tab closed halfway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notepad-upgrade-'));
    folders.push(dir);
    let databaseUrl = '';
    if (kind === 'postgres') {
      databaseUrl = await cluster().createDatabase('upgrade');
      execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-f', join(FIXTURES, 'postgres.sql'), databaseUrl], { stdio: 'pipe' });
    } else cpSync(join(FIXTURES, 'sqlite'), dir, { recursive: true });
    // What the old build left: every word in clear, and the accounts ask to be upgraded.
    for (const { words } of ACCOUNTS) for (const word of words) expect(hostBytes(kind, dir, databaseUrl)).toContain(word);
    const host: InProcessHost = await startSyncHost(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, dir);
    try {
      const probe = new SyncClient(host.url);
      expect((await probe.salt('legacy@example.com')).json).toEqual({ upgrade: true });

      // The second account's tab closes right after its events were sealed, before the upgrade ended.
      const interrupted = appProfile(host.url);
      interrupted.interruptAfter = '/reseal';
      await expect(interrupted.flows.signIn('legacy-two@example.com', PASSWORD)).rejects.toMatchObject({ failure: 'offline' });
      expect((await interrupted.keys.read()).state).toBe('upgrading');
      expect((await probe.salt('legacy-two@example.com')).json).toEqual({ upgrade: true });
      const wrong = appProfile(host.url);
      await expect(wrong.flows.signIn('legacy-two@example.com', 'not the password')).rejects.toMatchObject({
        failure: 'wrong-credentials',
      });

      for (const { email } of ACCOUNTS) {
        const signedIn = await appProfile(host.url).flows.signIn(email, PASSWORD);
        // The recovery key is shown once the upgrade ends, also when an interrupted one made it.
        expect(signedIn.recoveryKey).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
        expect((await probe.salt(email)).json).toHaveProperty('kdf');
        // The password itself is no credential any more, only its login secret.
        expect((await new SyncClient(host.url).signInRaw(email, PASSWORD)).status).toBe(401);
      }
      for (const { email, words } of ACCOUNTS) {
        const client = new SyncClient(host.url);
        expect((await client.signIn(email, PASSWORD)).status).toBe(200);
        const device = newDeviceId();
        const { events } = await client.pullAll(device);
        expect(events.map((e) => e.serverSeq)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
        const opened = await Promise.all(events.map((e) => client.open(e.event)));
        expect(opened.map((e) => e.type)).toEqual(['note.created', 'note.body-saved', 'note.starred', ...Array(30).fill('note.renamed')]);
        expect(opened[1].payload).toMatchObject({ html: `<p>${words[1]} and ${words[2]}</p>` });
        expect(opened.at(-1)!.payload).toMatchObject({ title: `${words[0]} 29` });
        expect((await client.getSnapshot(device)).status).toBe(404);
        expect((await client.devices(device)).json.devices.every((d: { name: string | null }) => d.name === null)).toBe(true);
      }
    } finally {
      await host.close();
    }
    const kept = hostBytes(kind, dir, databaseUrl);
    for (const { words } of ACCOUNTS) for (const word of words) expect(kept).not.toContain(word);
    expect(kept).not.toContain(PASSWORD);
  }, 180_000);
});
