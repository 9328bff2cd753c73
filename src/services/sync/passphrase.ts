/**
 * Keys of an account from an external identity provider (docs/sync.md "External identity
 * provider"): it signs in with the provider's JWT and has no password of ours, so it sets an
 * encryption passphrase once, with a recovery key as for local accounts. The passphrase goes
 * through the same Argon2id; only its key-encryption half is used (the JWT authenticates).
 */
import { AccountError } from './account';
import { createAccountKeys, derivePasswordSecrets, newKdf, readRecoveryKey, recoverWithKey, unlockWithPassword } from './e2ee/deviceKeys';
import { SealError } from './e2ee/seal';
import type { KeysApi } from './keysApi';

/** Set the passphrase of an account that has no keys yet. @returns the account key and the recovery key to show once. @throws AccountError (409 when it has keys). */
export async function setPassphrase(keys: KeysApi, passphrase: string): Promise<{ accountKey: CryptoKey; recoveryKey: string }> {
  const kdf = newKdf();
  const { kek } = await derivePasswordSecrets(passphrase, kdf);
  const made = await createAccountKeys(kdf, kek);
  if (!(await keys.create(made.bundle)))
    throw new AccountError('invalid', 'This account has a passphrase already: unlock it with that one.');
  return { accountKey: made.accountKey, recoveryKey: made.recoveryKey };
}

/** The account key, unlocked with the passphrase. @throws AccountError ('wrong-credentials' for another passphrase). */
export async function unlockWithPassphrase(keys: KeysApi, passphrase: string): Promise<CryptoKey> {
  const state = await keys.read();
  if (state.state !== 'active' || !state.keys) throw new AccountError('invalid', 'This account has no passphrase yet.');
  const { kek } = await derivePasswordSecrets(passphrase, state.keys.kdf);
  try {
    return await unlockWithPassword(state.keys, kek);
  } catch (error) {
    if (error instanceof SealError) throw new AccountError('wrong-credentials', 'Wrong passphrase.');
    throw error;
  }
}

/**
 * A new passphrase with the recovery key (a forgotten passphrase): nothing is re-encrypted, and a
 * new recovery key replaces the one used. @returns the account key and the new recovery key to show once. @throws AccountError
 */
export async function resetPassphrase(
  keys: KeysApi,
  recoveryKeyText: string,
  passphrase: string,
): Promise<{ accountKey: CryptoKey; recoveryKey: string }> {
  const recoveryKey = readRecoveryKey(recoveryKeyText);
  const state = await keys.read();
  if (!recoveryKey || state.state !== 'active' || !state.keys) throw new AccountError('wrong-credentials', 'Wrong recovery key.');
  const kdf = newKdf();
  const { kek } = await derivePasswordSecrets(passphrase, kdf);
  try {
    const recovered = await recoverWithKey(state.keys.recoveryWrap, recoveryKey, kek);
    await keys.changePassword(null, { next: null, kdf, passwordWrap: recovered.passwordWrap }, recovered.recovery);
    return { accountKey: recovered.accountKey, recoveryKey: recovered.recoveryKey };
  } catch (error) {
    if (error instanceof SealError) throw new AccountError('wrong-credentials', 'Wrong recovery key.');
    throw error;
  }
}
