/**
 * The upgrade of an account made before end-to-end encryption (docs/sync.md "Upgrade"), at its
 * next sign-in: the device signs in once with the password itself (the host holds only a hash of
 * it), stores new wrapped keys as `upgrading` (or unlocks the ones an interrupted upgrade stored),
 * seals every event the host holds in clear and replaces it in place, and only then the host
 * makes the login secret the password and removes what was left in clear. A tab closed halfway
 * carries on at the next sign-in: every step is done again or found done.
 */
import type { SealedEvent } from '../../../catalog';
import { AccountError, type SignedIn } from './account';
import type { AccountFlowDeps } from './accountFlowDeps';
import { checkHostKdf } from './accountPins';
import { createAccountKeys, derivePasswordSecrets, newKdf, revealRecoveryKey, unlockWithPassword } from './e2ee/deviceKeys';
import { sealEvent, SealError } from './e2ee/seal';
import { PUSH_BATCH_BYTES, PUSH_BATCH_EVENTS } from './syncProtocol';

/** An event as an older build stored it: in clear, with its `type` (a sealed one has none). */
const inClear = (event: Record<string, unknown>) => typeof event.type === 'string';

/**
 * Sign in with the password itself, make or unlock the account's keys (proving the password to
 * the host for this session, which only then may seal the account's events), seal what the host
 * holds in clear, end the upgrade, and pin the account on this device (accountPins.ts). @throws AccountError
 */
export async function upgradeAccount(deps: AccountFlowDeps, email: string, password: string): Promise<SignedIn> {
  const account = await deps.auth.signIn(email, password);
  let state = await deps.keys.read();
  if (state.state !== 'active') {
    // Another device may begin at the same moment, or a closed tab may have begun: the keys stored first are used by all.
    let bundle = state.keys;
    if (!bundle) {
      const kdf = newKdf();
      bundle = (await createAccountKeys(kdf, (await derivePasswordSecrets(password, kdf)).kek)).bundle;
    }
    await deps.keys.create(bundle, password);
    state = await deps.keys.read();
  }
  if (!state.keys) throw new AccountError('server', 'The sync server did not keep this account’s keys.');
  const kdf = checkHostKdf(state.keys.kdf, null);
  const { loginSecret, kek } = await derivePasswordSecrets(password, kdf);
  let accountKey: CryptoKey;
  try {
    accountKey = await unlockWithPassword(state.keys, kek);
  } catch (error) {
    if (error instanceof SealError) throw new AccountError('wrong-credentials', 'This password does not open the account’s keys.');
    throw error;
  }
  if (state.state === 'upgrading') {
    await sealWhatIsInClear(deps, account.userId, accountKey);
    await deps.keys.finishUpgrade(password, loginSecret);
  }
  await deps.pins.record(email, kdf);
  // The recovery key is shown at the end of every upgrade: an interrupted one may never have shown it.
  return { ...account, accountKey, recoveryKey: await revealRecoveryKey(state.keys, accountKey) };
}

/** Pull the account's whole order and replace each event in clear by its sealed form, a batch at a time. */
async function sealWhatIsInClear(deps: AccountFlowDeps, userId: string, key: CryptoKey): Promise<void> {
  const deviceId = deps.newDeviceId();
  let batch: { serverSeq: number; event: SealedEvent }[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length) await deps.keys.reseal(deviceId, batch);
    batch = [];
    bytes = 0;
  };
  for (let after = 0; ;) {
    const page = await deps.wire.pull(deviceId, after);
    for (const { serverSeq, event } of page.events) {
      after = serverSeq;
      if (!inClear(event)) continue;
      const sealed = await sealEvent(key, userId, event);
      const size = JSON.stringify(sealed).length + 32;
      if (batch.length && (batch.length >= PUSH_BATCH_EVENTS || bytes + size > PUSH_BATCH_BYTES)) await flush();
      batch.push({ serverSeq, event: sealed });
      bytes += size;
    }
    if (!page.more || !page.events.length) break;
  }
  await flush();
}
