/**
 * Signing up, in, changing the password and recovering with end-to-end encryption (docs/sync.md
 * "Keys"): the password never leaves the device; Argon2id makes the login secret better-auth sees
 * and the key that unwraps the account key. An account made before end-to-end encryption is
 * upgraded at its next sign-in (accountUpgrade.ts).
 */
import {
  AccountError,
  MAX_NAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  type AccountApi,
  type AuthApi,
  type SignedIn,
  type UnlockedAccount,
} from './account';
import { upgradeAccount } from './accountUpgrade';
import {
  createAccountKeys,
  derivePasswordSecrets,
  newKdf,
  readRecoveryKey,
  recoverWithKey,
  recoveryProof,
  revealRecoveryKey,
  rewrapForPassword,
  unlockWithPassword,
} from './e2ee/keys';
import { SealError } from './e2ee/seal';
import type { KeysApi } from './keysApi';
import type { SealedTransport } from './transport';

/** What the flows need: better-auth, the key endpoints, the sync endpoints (for an upgrade) and a new device id. */
export interface AccountFlowDeps {
  auth: AuthApi;
  keys: KeysApi;
  wire: SealedTransport;
  newDeviceId(): string;
}

const REFUSED_SIGN_UP = 'That e-mail and password could not be used to create an account. If you already have one, sign in.';
const WRONG = 'Wrong e-mail or password.';

/** The password rules, run on the device, the only place that sees the password (catalog/passwordPolicy.ts, loaded here only). */
async function checkNewPassword(email: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AccountError('invalid', `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
  const { checkPassword } = await import('../../../catalog/passwordPolicy');
  const verdict = checkPassword(password, { email, name: nameOf(email) });
  if (!verdict.ok) throw new AccountError('invalid', verdict.message);
}

const nameOf = (email: string) => [...(email.split('@')[0] || email)].slice(0, MAX_NAME_LENGTH).join('');

/** The account flows over `deps`. */
export function accountFlows(deps: AccountFlowDeps): AccountApi {
  const { auth, keys } = deps;

  /** The account key of the signed-in account, unwrapped with the password's KEK. @throws AccountError */
  async function unlock(password: string, account: { userId: string; email: string }): Promise<UnlockedAccount> {
    const state = await keys.read();
    if (state.state !== 'active' || !state.keys) throw new AccountError('server', 'The sync server has no keys for this account.');
    const { kek } = await derivePasswordSecrets(password, state.keys.kdf);
    try {
      return { ...account, accountKey: await unlockWithPassword(state.keys, kek) };
    } catch (error) {
      if (error instanceof SealError) throw new AccountError('wrong-credentials', 'This password does not open the account’s keys.');
      throw error;
    }
  }

  return {
    async signUp(rawEmail, password) {
      const email = rawEmail.trim();
      await checkNewPassword(email, password);
      const name = nameOf(email);
      const kdf = newKdf();
      const { loginSecret, kek } = await derivePasswordSecrets(password, kdf);
      const made = await createAccountKeys(kdf, kek);
      await auth.signUp(email, loginSecret, name, JSON.stringify({ state: 'active', keys: made.bundle }));
      // The host answers a sign-up alike for new and existing addresses and signs nobody in:
      // signing in next tells the two apart without the sign-up revealing which it was.
      try {
        const account = await auth.signIn(email, loginSecret);
        return { ...account, accountKey: made.accountKey, recoveryKey: made.recoveryKey };
      } catch (error) {
        if (error instanceof AccountError && error.failure === 'wrong-credentials')
          throw new AccountError('sign-up-refused', REFUSED_SIGN_UP);
        throw error;
      }
    },

    async signIn(rawEmail, password): Promise<SignedIn> {
      const email = rawEmail.trim();
      const salt = await keys.salt(email);
      if ('upgrade' in salt) return upgradeAccount(deps, email, password);
      const { loginSecret } = await derivePasswordSecrets(password, salt.kdf);
      const account = await auth.signIn(email, loginSecret);
      return { ...(await unlock(password, account)), recoveryKey: null };
    },

    session: () => auth.session(),
    signOut: (everywhere) => auth.signOut(everywhere),

    async changePassword(email, current, next) {
      await checkNewPassword(email, next);
      const state = await keys.read();
      if (state.state !== 'active' || !state.keys) throw new AccountError('server', 'The sync server has no keys for this account.');
      const now = await derivePasswordSecrets(current, state.keys.kdf);
      const kdf = newKdf();
      const fresh = await derivePasswordSecrets(next, kdf);
      let passwordWrap: string;
      try {
        passwordWrap = await rewrapForPassword(state.keys, now.kek, fresh.kek);
      } catch (error) {
        if (error instanceof SealError) throw new AccountError('wrong-credentials', 'Wrong password.');
        throw error;
      }
      await keys.changePassword(now.loginSecret, { next: fresh.loginSecret, kdf, passwordWrap });
    },

    async recover(rawEmail, recoveryKeyText, next) {
      const email = rawEmail.trim();
      const recoveryKey = readRecoveryKey(recoveryKeyText);
      if (!recoveryKey) throw new AccountError('invalid', 'A recovery key is 52 letters and digits, as it was shown (dashes optional).');
      await checkNewPassword(email, next);
      const proof = await recoveryProof(recoveryKey);
      const found = await keys.recoveryWrap(email, proof);
      const kdf = newKdf();
      const fresh = await derivePasswordSecrets(next, kdf);
      let recovered: Awaited<ReturnType<typeof recoverWithKey>>;
      try {
        recovered = await recoverWithKey(found.recoveryWrap, recoveryKey, fresh.kek);
      } catch (error) {
        if (error instanceof SealError) throw new AccountError('wrong-credentials', 'Wrong e-mail or recovery key.');
        throw error;
      }
      await keys.recover(email, proof, { next: fresh.loginSecret, kdf, passwordWrap: recovered.passwordWrap });
      const account = await auth.signIn(email, fresh.loginSecret);
      return { ...account, accountKey: recovered.accountKey, recoveryKey: null };
    },

    async revealRecoveryKey(password, accountKey) {
      const state = await keys.read();
      if (state.state !== 'active' || !state.keys) throw new AccountError('server', 'The sync server has no keys for this account.');
      const { kek } = await derivePasswordSecrets(password, state.keys.kdf);
      try {
        await unlockWithPassword(state.keys, kek);
        return await revealRecoveryKey(state.keys, accountKey);
      } catch (error) {
        if (error instanceof SealError) throw new AccountError('wrong-credentials', WRONG.replace('e-mail or ', ''));
        throw error;
      }
    },
  };
}
