// A host that lies to the device (docs/sync.md "A host that lies"), with the app's own account code
// as the device: a host in front of the real one changes the answers it is told to change and
// keeps every request. A device that opened an account with its keys never sends that account's
// password to a host asking for it, and refuses KDF parameters below NotePad's minimum or below
// what it used before for the account, before anything is sent; the pin outlives sign-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KDF, MIN_KDF } from '../../catalog/index.ts';
import { appProfile } from './appDevice';
import { startSyncHost, type InProcessHost } from './host';
import { startLyingHost, type LyingHost } from './lyingHost';

const PASSWORD = 'correct horse battery staple';
const NEXT = 'seven green bicycles at dawn';
const PASSWORD_ASKED =
  'The sync server asked this device to send your password itself. Your account is end-to-end encrypted, so NotePad never does that: nothing was sent and you are not signed in. The server may have been tampered with; ask its operator.';
const WEAK_KDF =
  'The sync server asked for weaker protection of your password than NotePad accepts, which would make it easier to guess: nothing was sent and you are not signed in. The server may have been tampered with; ask its operator.';

let host: InProcessHost;
let liar: LyingHost;
beforeAll(async () => {
  // New accounts at the cost the app's users get, so a host can offer less that is still above the minimum.
  host = await startSyncHost({ AUTH_KDF_MEMORY_KIB: String(DEFAULT_KDF.memoryKiB), AUTH_KDF_ITERATIONS: String(DEFAULT_KDF.iterations) });
  liar = await startLyingHost(host.url);
}, 60_000);
afterAll(async () => {
  await liar?.close();
  await host?.close();
});

/** The requests the lying host received from `from` on (an index into `received`). */
const sentSince = (from: number) => liar.received.slice(from);

describe('a device against a host that lies', () => {
  it('never sends the password of an account it opened with its keys, also after signing out, and says why', async () => {
    const email = 'pinned@example.com';
    const laptop = appProfile(liar.url);
    await laptop.flows.signUp(email, PASSWORD);
    await laptop.flows.signOut(false);
    liar.lie('POST', '/functions/v1/sync/salt', () => ({ upgrade: true }));
    try {
      // The same browser, a page opened again after signing out: the pin is in its storage.
      const again = appProfile(liar.url, laptop.storage);
      const from = liar.received.length;
      await expect(again.flows.signIn(email, PASSWORD)).rejects.toMatchObject({ failure: 'unsafe-host', message: PASSWORD_ASKED });
      expect(sentSince(from).map((r) => r.path)).toEqual(['/functions/v1/sync/salt']);
      expect(JSON.stringify(sentSince(from))).not.toContain(PASSWORD);
      // Asked to create the account instead, it sends nothing either.
      await expect(again.flows.signUp(email, PASSWORD)).rejects.toMatchObject({ failure: 'unsafe-host' });
      expect(JSON.stringify(sentSince(from))).not.toContain(PASSWORD);
    } finally {
      liar.lie('POST', '/functions/v1/sync/salt', null);
    }
    // Once the host answers as it should, the same device signs in.
    expect((await appProfile(liar.url, laptop.storage).flows.signIn(email, PASSWORD)).email).toBe(email);
  }, 60_000);

  it('refuses KDF parameters below NotePad’s minimum, and below what it used for the account, before sending anything', async () => {
    const email = 'costly@example.com';
    const laptop = appProfile(liar.url);
    await laptop.flows.signUp(email, PASSWORD);
    await laptop.flows.signOut(false);
    const cheap = { memoryKiB: 1024, iterations: 1 };
    const atMinimum = { memoryKiB: MIN_KDF.memoryKiB, iterations: MIN_KDF.iterations };
    for (const offered of [cheap, { ...atMinimum, iterations: 1 }, { ...atMinimum, memoryKiB: 8192 }, atMinimum]) {
      liar.lie('POST', '/functions/v1/sync/salt', (real: { kdf: object }) => ({ kdf: { ...real.kdf, ...offered } }));
      const from = liar.received.length;
      await expect(appProfile(liar.url, laptop.storage).flows.signIn(email, PASSWORD), JSON.stringify(offered)).rejects.toMatchObject({
        failure: 'unsafe-host',
        message: WEAK_KDF,
      });
      expect(sentSince(from).map((r) => r.path)).toEqual(['/functions/v1/sync/salt']);
    }
    // A device that never opened the account takes the minimum (it has nothing to hold the host to): it signs in with that cost.
    const from = liar.received.length;
    await expect(appProfile(liar.url).flows.signIn(email, PASSWORD)).rejects.toMatchObject({ failure: 'wrong-credentials' });
    expect(sentSince(from).map((r) => r.path)).toContain('/api/auth/sign-in/email');
    liar.lie('POST', '/functions/v1/sync/salt', null);

    // Signed in, the device checks the keys' parameters too before it sends the current password's login secret.
    const signedIn = appProfile(liar.url, laptop.storage);
    await signedIn.flows.signIn(email, PASSWORD);
    liar.lie('GET', '/functions/v1/sync/keys', (real: { state: string; keys: { kdf: object } }) => ({
      ...real,
      keys: { ...real.keys, kdf: { ...real.keys.kdf, ...atMinimum } },
    }));
    try {
      const before = liar.received.length;
      await expect(signedIn.flows.changePassword(email, PASSWORD, NEXT)).rejects.toMatchObject({ failure: 'unsafe-host' });
      await expect(signedIn.flows.deleteAccount(email, PASSWORD)).rejects.toMatchObject({ failure: 'unsafe-host' });
      expect(sentSince(before).map((r) => r.path)).toEqual(['/functions/v1/sync/keys', '/functions/v1/sync/keys']);
    } finally {
      liar.lie('GET', '/functions/v1/sync/keys', null);
    }
  }, 90_000);
});
