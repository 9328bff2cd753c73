// End-to-end encrypted accounts through the real host (docs/sync.md "Keys"), with the app's own
// account code as devices: the salt says nothing of who has an account, a wrong password reveals
// nothing, a password change re-wraps the account key and signs the other devices out, the
// recovery key sets a new password, and better-auth's own password paths are closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KDF, MIN_KDF } from '../../catalog/index.ts';
import type { AccountError } from '../../src/services/sync/account';
import { openEvent, sealEvent } from '../../src/services/sync/e2ee/seal';
import { appProfile } from './appDevice';
import { newDeviceId, SyncClient } from './client';
import { startSyncHost, type InProcessHost } from './host';

const FIRST = 'a long walk by the harbour';
const SECOND = 'tea with lemon at dawn';
const THIRD = 'seven green bicycles';
let host: InProcessHost;
beforeAll(async () => {
  host = await startSyncHost();
}, 60_000);
afterAll(async () => host?.close());

/** The AccountError a call fails with. */
async function refusal(call: Promise<unknown>): Promise<AccountError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ name: 'AccountError' });
  return error as AccountError;
}

const event = {
  v: 2,
  id: 'a0000000-0000-4000-8000-000000000001',
  at: '2026-11-25T10:00:00.000Z',
  type: 'note.created',
  payload: { id: '1', title: 'x' },
};

describe('end-to-end encrypted accounts', () => {
  it('answers the salt of an unknown e-mail with a stable made-up one and the same parameters as an account’s', async () => {
    const client = new SyncClient(host.url);
    await appProfile(host.url).flows.signUp('salted@example.com', FIRST);
    const known = (await client.salt('salted@example.com')).json;
    const unknown = (await client.salt('nobody@example.com')).json;
    // The test host gives new accounts the least cost NotePad takes (tests/sync/host.ts).
    const cost = { ...DEFAULT_KDF, memoryKiB: MIN_KDF.memoryKiB, iterations: MIN_KDF.iterations };
    expect(known).toEqual({ kdf: { ...cost, salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) } });
    expect(unknown).toEqual({ kdf: { ...cost, salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) } });
    expect((await client.salt('NOBODY@example.com')).json).toEqual(unknown);
    expect((await client.salt('somebody-else@example.com')).json).not.toEqual(unknown);
    expect((await client.salt('not an e-mail')).status).toBe(400);
  });

  it('signs up and in without the password leaving the device; a wrong password says so and unlocks nothing', async () => {
    const laptop = appProfile(host.url);
    const made = await laptop.flows.signUp('private@example.com', FIRST);
    expect(made.recoveryKey).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
    const phone = appProfile(host.url);
    const wrong = await refusal(phone.flows.signIn('private@example.com', SECOND));
    expect([wrong.failure, wrong.message]).toEqual(['wrong-credentials', 'Wrong e-mail or password.']);
    expect(phone.cookie()).toBeNull();
    const signedIn = await phone.flows.signIn('private@example.com', FIRST);
    expect(signedIn.recoveryKey).toBeNull();
    const sealed = await sealEvent(made.accountKey, made.userId, event);
    expect(await openEvent(signedIn.accountKey, signedIn.userId, sealed)).toEqual(event);
    // The password itself is no credential: only its login secret is.
    expect((await new SyncClient(host.url).signInRaw('private@example.com', FIRST)).status).toBe(401);
  });

  it('signs in when Create account is used with the e-mail and password of an account that exists, to that account’s own key', async () => {
    const made = await appProfile(host.url).flows.signUp('twice@example.com', FIRST);
    const again = await appProfile(host.url).flows.signUp('twice@example.com', FIRST);
    expect([again.userId, again.recoveryKey]).toEqual([made.userId, null]);
    const sealed = await sealEvent(made.accountKey, made.userId, event);
    expect(await openEvent(again.accountKey, again.userId, sealed)).toEqual(event);
    const other = await refusal(appProfile(host.url).flows.signUp('twice@example.com', SECOND));
    expect(other.failure).toBe('sign-up-refused');
  });

  it('changes the password in one step: the key is wrapped again, this device stays signed in, the others are signed out, and only the new password works', async () => {
    const laptop = appProfile(host.url);
    const made = await laptop.flows.signUp('changer@example.com', FIRST);
    const phone = appProfile(host.url);
    await phone.flows.signIn('changer@example.com', FIRST);
    const sealed = await sealEvent(made.accountKey, made.userId, event);
    const wrong = await refusal(laptop.flows.changePassword('changer@example.com', SECOND, THIRD));
    expect([wrong.failure, wrong.message]).toEqual(['wrong-credentials', 'Wrong password.']);
    const weak = await refusal(laptop.flows.changePassword('changer@example.com', FIRST, 'password'));
    expect(weak.failure).toBe('invalid');
    await laptop.flows.changePassword('changer@example.com', FIRST, SECOND);
    expect((await laptop.keys.read()).state).toBe('active');
    expect(await refusal(phone.keys.read())).toMatchObject({ failure: 'wrong-credentials' });
    expect((await refusal(appProfile(host.url).flows.signIn('changer@example.com', FIRST))).failure).toBe('wrong-credentials');
    const again = await appProfile(host.url).flows.signIn('changer@example.com', SECOND);
    expect(await openEvent(again.accountKey, again.userId, sealed)).toEqual(event);
  }, 60_000);

  it('sets a new password with the recovery key, signing every device out; a wrong key is refused and counted like a wrong password', async () => {
    const laptop = appProfile(host.url);
    const made = await laptop.flows.signUp('forgetful@example.com', FIRST);
    const sealed = await sealEvent(made.accountKey, made.userId, event);
    const stranger = appProfile(host.url);
    const otherKey = (await appProfile(host.url).flows.signUp('someone@example.com', FIRST)).recoveryKey!;
    const wrong = await refusal(stranger.flows.recover('forgetful@example.com', otherKey, THIRD));
    expect([wrong.failure, wrong.message]).toEqual(['wrong-credentials', 'Wrong e-mail or recovery key.']);
    expect((await refusal(stranger.flows.recover('nobody-at-all@example.com', otherKey, THIRD))).message).toBe(
      'Wrong e-mail or recovery key.',
    );
    expect((await refusal(stranger.flows.recover('forgetful@example.com', 'not a key', THIRD))).failure).toBe('invalid');
    const recovered = await stranger.flows.recover('forgetful@example.com', made.recoveryKey!.toLowerCase(), THIRD);
    expect(await openEvent(recovered.accountKey, recovered.userId, sealed)).toEqual(event);
    expect(await refusal(laptop.keys.read())).toMatchObject({ failure: 'wrong-credentials' });
    expect((await refusal(appProfile(host.url).flows.signIn('forgetful@example.com', FIRST))).failure).toBe('wrong-credentials');
    expect((await appProfile(host.url).flows.signIn('forgetful@example.com', THIRD)).userId).toBe(made.userId);
    expect(await stranger.flows.revealRecoveryKey(THIRD, recovered.accountKey)).toBe(recovered.recoveryKey);
    expect((await refusal(stranger.flows.revealRecoveryKey(FIRST, recovered.accountKey))).failure).toBe('wrong-credentials');
  });

  it('waits after 5 wrong recovery keys of one account, the right one included', async () => {
    const made = await appProfile(host.url).flows.signUp('recovery-guessed@example.com', FIRST);
    const guesses = await Promise.all(
      Array.from(
        { length: 5 },
        async () => (await appProfile(host.url).flows.signUp(`decoy-${crypto.randomUUID()}@example.com`, FIRST)).recoveryKey!,
      ),
    );
    for (const guess of guesses)
      expect((await refusal(appProfile(host.url).flows.recover('recovery-guessed@example.com', guess, THIRD))).failure).toBe(
        'wrong-credentials',
      );
    const waiting = await refusal(appProfile(host.url).flows.recover('recovery-guessed@example.com', made.recoveryKey!, THIRD));
    expect([waiting.failure, waiting.message]).toEqual([
      'rate-limited',
      expect.stringMatching(/^Too many failed sign-ins for this account\. Try again in \d+ seconds\.$/),
    ]);
  });

  it('closes better-auth’s own ways to set a password or the keys, which would not wrap the account key again', async () => {
    const client = await new SyncClient(host.url).register('closed@example.com', FIRST);
    const secret = await client.loginSecret('closed@example.com', FIRST);
    for (const path of ['change-password', 'set-password', 'reset-password', 'request-password-reset']) {
      const answer = await client.request('POST', `/api/auth/${path}`, { currentPassword: secret, newPassword: secret, password: secret });
      expect(answer.status, path).toBe(404);
    }
    expect((await client.request('POST', '/api/auth/update-user', { notepadKeys: '{}' })).status).toBe(400);
    expect((await client.keys()).json.state).toBe('active');
    expect((await client.request('GET', '/api/auth/get-session')).json.user.notepadKeys).toBeUndefined();
    expect((await client.head(newDeviceId())).status).toBe(200);
  });
});
