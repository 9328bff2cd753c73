// The app's account calls against the real host (docs/product.md "Account and sync"): what the
// dialog says for each of the host's limits and for a password easy to guess, in the app's words
// with the wait the host gives; sessions, sign-out everywhere, deletion and an unreachable host
// through better-auth's own client.
import { afterEach, describe, expect, it } from 'vitest';
import { AccountError, OFFLINE_MESSAGE, waitText } from '../../src/services/sync/account';
import { appProfile } from './appDevice';
import { SyncClient } from './client';
import { startSyncHost, type InProcessHost } from './host';
import { rejection } from '../support/rejection';

const PASSWORD = 'correct horse battery staple';
const hosts: InProcessHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

/** A host with `env`, and the app's account calls to it as one browser profile on its page makes them. */
async function start(env: Record<string, string>) {
  const host = await startSyncHost(env);
  hosts.push(host);
  return { host, api: appProfile(host.url).flows };
}

/** The AccountError a call fails with. */
const refusal = (call: Promise<unknown>) => rejection(call, AccountError);

describe('the app’s account calls', () => {
  it('say how long an account or a network must wait, in seconds or minutes', async () => {
    const { host, api } = await start({ AUTH_ADDRESS_FAILURES: '6' });
    await new SyncClient(host.url).register('waits@example.com', PASSWORD);
    for (let i = 0; i < 5; i++) expect((await refusal(api.signIn('waits@example.com', `wrong ${i}`))).failure).toBe('wrong-credentials');
    const account = await refusal(api.signIn('waits@example.com', PASSWORD));
    expect(account.failure).toBe('rate-limited');
    expect(account.message).toBe(`Too many failed sign-ins for this account. Try again in ${waitText(account.retryAfterSeconds!)}.`);
    expect(account.message).toMatch(/^Too many failed sign-ins for this account\. Try again in \d+ seconds\.$/);
    expect((await refusal(api.signIn('another@example.com', 'wrong 6'))).failure).toBe('wrong-credentials');
    const network = await refusal(api.signIn('a-third@example.com', 'wrong 7'));
    expect(network.message).toBe('Too many failed sign-ins from this network. Try again in 60 minutes.');
  });

  it('refuse a password easy to guess before sending it, and show the host’s refusal of a sign-up in its words', async () => {
    const { api } = await start({ AUTH_SIGNUP_MAX: '2' });
    const weak = await refusal(api.signUp('weak-one@example.com', 'weak-one@example.com'));
    expect([weak.failure, weak.message]).toEqual(['invalid', expect.stringMatching(/^This password is too easy to guess: \S/)]);
    for (let i = 0; i < 2; i++) await api.signUp(`new-${i}@example.com`, PASSWORD);
    const many = await refusal(api.signUp('one-more@example.com', PASSWORD));
    expect(many.message).toBe('Too many accounts were created from this network. Try again in 60 minutes.');
  });

  it('keep the session across calls, sign every device out, delete the account with its password only, and say when the host is unreachable', async () => {
    const { host, api: laptop } = await start({});
    const phone = appProfile(host.url).flows;
    await laptop.signUp('everywhere@example.com', PASSWORD);
    await phone.signIn('everywhere@example.com', PASSWORD);
    expect(await phone.session()).toMatchObject({ email: 'everywhere@example.com', userId: expect.any(String) });
    await laptop.signOut(true);
    expect([await laptop.session(), await phone.session()]).toEqual([null, null]);
    // Signed out elsewhere already: signing out here reaches its goal.
    await phone.signOut(false);
    await phone.signIn('everywhere@example.com', PASSWORD);
    const wrong = await refusal(phone.deleteAccount('everywhere@example.com', 'not the password at all'));
    expect([wrong.failure, wrong.message]).toEqual(['wrong-credentials', 'Wrong password.']);
    await phone.deleteAccount('everywhere@example.com', PASSWORD);
    expect(await phone.session()).toBeNull();
    expect((await refusal(laptop.signIn('everywhere@example.com', PASSWORD))).failure).toBe('wrong-credentials');
    const unreachable = appProfile('http://127.0.0.1:9/').flows;
    expect(await unreachable.session()).toBeNull();
    const offline = await refusal(unreachable.signIn('everywhere@example.com', PASSWORD));
    expect([offline.failure, offline.message]).toEqual(['offline', OFFLINE_MESSAGE]);
  });

  it('write a wait as seconds up to two minutes, then as whole minutes', () => {
    expect([1, 30, 119, 120, 121, 3600].map(waitText)).toEqual([
      '1 second',
      '30 seconds',
      '119 seconds',
      '2 minutes',
      '3 minutes',
      '60 minutes',
    ]);
  });
});
