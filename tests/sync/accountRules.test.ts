// The host's rules for what it stores of an account (docs/sync.md "Accounts", "Keys", "What errors
// reveal"), through the real host on SQLite and Postgres: a new password's keys are checked as
// sign-up checks them; one limit per field (name, e-mail) on every path; a recovery replaces the
// recovery key, so the one used opens nothing after; and a sign-up never changes what the salt
// endpoint answers, so it cannot tell whether an address was new.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KdfParams } from '../../catalog/index.ts';
import { createAccountKeys, derivePasswordSecrets, newKdf } from '../../src/services/sync/e2ee/deviceKeys';
import { appProfile } from './appDevice';
import { SyncClient, type Answer } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncHost, type InProcessHost } from './host';

const PASSWORD = 'correct horse battery staple';
const NEXT = 'seven green bicycles at dawn';
const cluster = usePostgresCluster();

/** An e-mail address of exactly `length` characters, shaped as real ones are (a local part of 64, labels of at most 63). */
function emailOf(length: number, tag: string): string {
  const local = `${tag}-`.padEnd(64, 'x');
  const labels: string[] = [];
  // Each label takes its characters and a dot; `example.com` ends the domain.
  for (let left = length - local.length - '@example.com'.length; left > 0; left -= labels[labels.length - 1].length + 1)
    labels.push('d'.repeat(Math.min(63, left - 1)));
  return `${local}@${[...labels, 'example', 'com'].join('.')}`;
}

/** What an answer says, without what differs from one request to the next (made-up user ids, times). */
const shape = (answer: Answer) => [answer.status, JSON.stringify(answer.json).replace(/"id":"[^"]+"|"\w+At":"[^"]+"/g, '')];

describe.each(['sqlite', 'postgres'])('account rules on %s', (kind) => {
  let host: InProcessHost;
  beforeAll(async () => {
    const env: Record<string, string> = kind === 'postgres' ? { DATABASE_URL: await cluster().createDatabase('rules') } : {};
    host = await startSyncHost(env);
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    if (host) rmSync(host.dir, { recursive: true, force: true });
  });

  it('checks a new password’s keys as sign-up checks them, and stores nothing it would refuse there', async () => {
    const email = `wrapped-${kind}@example.com`;
    const owner = await new SyncClient(host.url).register(email, PASSWORD);
    const kept = (await owner.keys()).json;
    const current = await owner.loginSecret(email, PASSWORD);
    const kdf = newKdf();
    const { loginSecret, kek } = await derivePasswordSecrets(NEXT, kdf);
    const good = (await createAccountKeys(kdf, kek)).bundle.passwordWrap;
    for (const passwordWrap of ['A', 'AAAA', good.slice(4), `${good}AAAA`]) {
      const answer = await owner.request('POST', '/functions/v1/sync/password', { current, next: loginSecret, kdf, passwordWrap });
      expect(answer.status, passwordWrap).toBe(400);
      expect(answer.json.error).toMatch(/passwordWrap must be a sealed/);
    }
    expect((await owner.keys()).json).toEqual(kept);
    expect((await new SyncClient(host.url).signIn(email, PASSWORD)).status).toBe(200);
  });

  it('holds one limit per field everywhere: names of 100 characters, e-mails of 254', async () => {
    const owner = await new SyncClient(host.url).register(`named-${kind}@example.com`, PASSWORD);
    const long = await owner.request('POST', '/api/auth/update-user', { name: 'n'.repeat(5000) });
    expect([long.status, long.json]).toEqual([400, { code: 'NAME_TOO_LONG', message: 'Use a name of at most 100 characters.' }]);
    expect((await owner.request('POST', '/api/auth/update-user', { name: 'n'.repeat(101) })).status).toBe(400);
    expect((await owner.request('POST', '/api/auth/update-user', { name: 'n'.repeat(100) })).status).toBe(200);
    expect((await owner.session()).json.user.name).toBe('n'.repeat(100));

    const tooLong = emailOf(257, kind);
    const refused = 'Use an e-mail address of at most 254 characters.';
    const signUp = await new SyncClient(host.url).signUp(tooLong, PASSWORD);
    expect([signUp.status, signUp.json]).toEqual([400, { code: 'BAD_EMAIL', message: refused }]);
    expect((await new SyncClient(host.url).signInRaw(tooLong, 'A'.repeat(43))).json).toEqual({ code: 'BAD_EMAIL', message: refused });
    expect((await new SyncClient(host.url).salt(tooLong)).json).toEqual({ error: refused });
    const recover = await new SyncClient(host.url).request('POST', '/functions/v1/sync/recover', { email: tooLong, proof: 'A'.repeat(43) });
    expect([recover.status, recover.json]).toEqual([400, { error: refused }]);
    // The longest address that may have an account signs up and in like any other.
    const longest = emailOf(254, kind);
    expect((await new SyncClient(host.url).register(longest, PASSWORD)).cookie).not.toBeNull();
  });

  it('replaces the recovery key at each recovery: the new one is shown once, the one used opens nothing after', async () => {
    const email = `recovered-${kind}@example.com`;
    const made = await appProfile(host.url).flows.signUp(email, PASSWORD);
    const recovered = await appProfile(host.url).flows.recover(email, made.recoveryKey!, NEXT);
    expect(recovered.recoveryKey).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
    expect(recovered.recoveryKey).not.toBe(made.recoveryKey);
    await expect(appProfile(host.url).flows.recover(email, made.recoveryKey!, PASSWORD)).rejects.toMatchObject({
      failure: 'wrong-credentials',
      message: 'Wrong e-mail or recovery key.',
    });
    const phone = appProfile(host.url);
    const again = await phone.flows.recover(email, recovered.recoveryKey!, PASSWORD);
    expect(again.userId).toBe(made.userId);
    // Account shows the new key again after the password: it is the one the host keeps.
    expect(await phone.flows.revealRecoveryKey(PASSWORD, again.accountKey)).toBe(again.recoveryKey);
    // A new password without a new recovery key is refused: the key used must not stay a way in.
    const bare = await new SyncClient(host.url).request('POST', '/functions/v1/sync/recover', {
      email,
      proof: 'A'.repeat(43),
      next: 'B'.repeat(43),
      kdf: newKdf(),
      passwordWrap: 'A'.repeat(80),
    });
    expect([bare.status, bare.json.error]).toEqual([400, 'recoveryWrap must be a sealed key in base64']);
  });

  it('never lets a sign-up change what the salt endpoint answers, so a chosen salt cannot tell whether an address was new', async () => {
    const taken = `taken-${kind}@example.com`;
    await new SyncClient(host.url).register(taken, PASSWORD);
    const fresh = `fresh-${kind}-${crypto.randomUUID()}@example.com`;
    const tries: Answer[] = [];
    for (const email of [taken, fresh]) {
      const client = new SyncClient(host.url);
      const before = (await client.salt(email)).json as { kdf: KdfParams };
      // A script picks its own salt (and the host's parameters), as the device used to.
      const chosen = { ...before.kdf, salt: newKdf().salt };
      const { loginSecret, kek } = await derivePasswordSecrets(PASSWORD, chosen);
      const keys = (await createAccountKeys(chosen, kek)).bundle;
      const signUp = await client.signUp(email, PASSWORD, 'Prober', {
        password: loginSecret,
        notepadKeys: JSON.stringify({ state: 'active', keys }),
      });
      tries.push(signUp);
      expect((await client.salt(email)).json, email).toEqual(before);
      // Signing up as the app does changes nothing either: a new account keeps the salt answered before it existed.
      expect((await client.signUp(email, 'another password for it')).status).toBe(200);
      expect((await client.salt(email)).json, email).toEqual(before);
    }
    expect(shape(tries[0])).toEqual(shape(tries[1]));
    expect(tries[0].status).toBe(400);
    expect(tries[0].json.code).toBe('BAD_ACCOUNT_KEYS');
    expect((await new SyncClient(host.url).signIn(fresh, 'another password for it')).status).toBe(200);
    expect((await new SyncClient(host.url).signIn(taken, PASSWORD)).status).toBe(200);
  });
});
