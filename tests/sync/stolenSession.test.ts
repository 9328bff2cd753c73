// What a stolen session cookie can do without the password (docs/sync.md "Threat model"), through
// the real host on SQLite and Postgres: it cannot delete the account (deletion needs the login
// secret, and a wrong one counts as a failed sign-in), it cannot replace an old account's history
// by ciphertexts no device opens (reseal only in an upgrade, by a session that proved the password
// in it), and better-auth's password check is closed, so no session guesses outside the limits.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sealEvent } from '../../src/services/sync/e2ee/seal';
import { appProfile } from './appDevice';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncHost, type InProcessHost } from './host';

const PASSWORD = 'correct horse battery staple';
const FIXTURES = join(import.meta.dirname, '../fixtures/legacy-sync');
const cluster = usePostgresCluster();
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A host on `kind` with `env`; `legacy`: on the databases the build before end-to-end encryption left (tests/fixtures/legacy-sync). */
async function startHost(kind: string, env: Record<string, string>, legacy = false): Promise<InProcessHost> {
  const dir = mkdtempSync(join(tmpdir(), 'notepad-stolen-'));
  folders.push(dir);
  if (kind === 'sqlite') {
    if (legacy) cpSync(join(FIXTURES, 'sqlite'), dir, { recursive: true });
    return startSyncHost(env, dir);
  }
  const url = await cluster().createDatabase(`stolen_${crypto.randomUUID().slice(0, 8)}`);
  if (legacy) execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-f', join(FIXTURES, 'postgres.sql'), url], { stdio: 'pipe' });
  return startSyncHost({ ...env, DATABASE_URL: url }, dir);
}

/** A client with the same session cookie as `owner`: what a thief of the cookie holds. */
function thiefOf(owner: SyncClient): SyncClient {
  const thief = new SyncClient(owner.hostUrl);
  thief.cookie = owner.cookie;
  return thief;
}

describe.each(['sqlite', 'postgres'])('a stolen session on %s', (kind) => {
  it('cannot delete the account: deletion needs the login secret, and wrong ones count as failed sign-ins', async () => {
    const host = await startHost(kind, { AUTH_ACCOUNT_DELAY_S: '3' });
    try {
      const email = `kept-${kind}@example.com`;
      const owner = await new SyncClient(host.url).register(email, PASSWORD);
      const device = newDeviceId();
      expect((await owner.push(device, [noteEvent('note.created', { id: '1700000000001', title: 'x' })])).status).toBe(200);
      const secret = await owner.loginSecret(email, PASSWORD);
      const thief = thiefOf(owner);
      // The fresh session alone (better-auth's own rule would let it through) is refused, and so is anything but a login secret.
      for (const body of [{}, { password: '' }, { password: PASSWORD }, { token: 'anything' }]) {
        const answer = await thief.request('POST', '/api/auth/delete-user', body);
        expect([answer.status, answer.json.code]).toEqual([400, 'PASSWORD_REQUIRED']);
      }
      const wrong = () => thief.request('POST', '/api/auth/delete-user', { password: 'A'.repeat(43) });
      for (let i = 0; i < 5; i++) {
        const answer = await wrong();
        expect([answer.status, answer.json.code]).toEqual([400, 'INVALID_PASSWORD']);
      }
      // Five wrong guesses were answered; the account now waits, the owner's right secret too.
      const waiting = await thief.request('POST', '/api/auth/delete-user', { password: secret });
      expect([waiting.status, waiting.json.code]).toEqual([429, 'TOO_MANY_FAILED_SIGN_INS']);
      expect((await new SyncClient(host.url).signInRaw(email, secret)).status).toBe(429);
      expect((await owner.pull(device)).json.events).toHaveLength(1);
      // Only the password deletes: then the account and its events are gone.
      await sleep(Number(waiting.headers.get('retry-after')) * 1000 + 100);
      const deleted = await owner.deleteAccount(email, PASSWORD);
      expect([deleted.status, deleted.json.message]).toEqual([200, 'User deleted']);
      expect((await owner.head(device)).status).toBe(401);
      expect((await new SyncClient(host.url).signIn(email, PASSWORD)).status).toBe(401);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('cannot replace an old account’s history: reseal only in its upgrade, by a session that proved the password in it', async () => {
    const host = await startHost(kind, {}, true);
    try {
      const email = 'legacy@example.com';
      // A session of the old build's sign-in (the password in clear), as a thief would have copied it.
      const owner = new SyncClient(host.url);
      expect((await owner.signInRaw(email, PASSWORD)).status).toBe(200);
      const thief = thiefOf(owner);
      const device = newDeviceId();
      const before = await thief.pullAll(device);
      expect(before.events).toHaveLength(33);
      const userId = (await thief.session()).json.user.id as string;
      const junk = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      const forged = await Promise.all(
        before.events.map(async ({ serverSeq, event }) => ({
          serverSeq,
          event: await sealEvent(junk, userId, { ...(event as unknown as Record<string, unknown>), type: 'note.deleted' }),
        })),
      );
      const reseal = () => thief.request('POST', '/functions/v1/sync/reseal', { deviceId: device, events: forged });
      const notUpgrading = await reseal();
      expect([notUpgrading.status, notUpgrading.json.error]).toEqual([409, 'This account is not being upgraded']);
      expect((await thief.pullAll(device)).events).toEqual(before.events);

      // The owner's upgrade begins on another device and stops halfway: the stolen session still proved nothing.
      const tab = appProfile(host.url);
      tab.interruptAfter = 'PUT /keys';
      await expect(tab.flows.signIn(email, PASSWORD)).rejects.toMatchObject({ failure: 'offline' });
      expect((await thief.keys()).json.state).toBe('upgrading');
      expect((await reseal()).status).toBe(403);
      // Nor can it join the upgrade without the password.
      const keys = (await thief.keys()).json.keys;
      expect((await thief.request('PUT', '/functions/v1/sync/keys', { keys, password: 'not the password' })).status).toBe(401);
      expect((await reseal()).status).toBe(403);
      expect((await thief.pullAll(device)).events).toEqual(before.events);

      // The owner's next sign-in ends the upgrade: every event opens, none is the thief's.
      await appProfile(host.url).flows.signIn(email, PASSWORD);
      const client = new SyncClient(host.url);
      expect((await client.signIn(email, PASSWORD)).status).toBe(200);
      const opened = await Promise.all((await client.pullAll(newDeviceId())).events.map((e) => client.open(e.event)));
      expect(opened.map((e) => e.type)).toEqual(['note.created', 'note.body-saved', 'note.starred', ...Array(30).fill('note.renamed')]);
    } finally {
      await host.close();
    }
  }, 120_000);
});

describe('better-auth’s own password check', () => {
  it('is closed, so a session cannot guess the login secret outside the sign-in limits, even while the account waits', async () => {
    const host = await startHost('sqlite', {});
    try {
      const email = 'checked@example.com';
      const owner = await new SyncClient(host.url).register(email, PASSWORD);
      const secret = await owner.loginSecret(email, PASSWORD);
      for (let i = 0; i < 5; i++) expect((await new SyncClient(host.url).signInRaw(email, `wrong guess ${i}`)).status).toBe(401);
      expect((await new SyncClient(host.url).signInRaw(email, secret)).status).toBe(429);
      for (const password of [secret, 'B'.repeat(43)]) {
        const answer = await owner.request('POST', '/api/auth/verify-password', { password });
        expect(answer.status).toBe(404);
        expect(JSON.stringify(answer.json)).not.toMatch(/status|INVALID_PASSWORD/);
      }
    } finally {
      await host.close();
    }
  });
});
