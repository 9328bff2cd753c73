/**
 * Signing up, in, changing the password, recovering and deleting with end-to-end encryption
 * (docs/sync.md "Keys"): the password never leaves the device; Argon2id makes the login secret
 * better-auth sees and the key that unwraps the account key. An account made before end-to-end
 * encryption is upgraded at its next sign-in (accountUpgrade.ts). What the host says is checked
 * first (docs/sync.md "A host that lies"): KDF parameters below NotePad's minimum or below what
 * this device used for the account are refused, and so is a request for the password itself once
 * this device opened the account with its keys (accountPins.ts).
 */
import { emailError, sameKdf, type KdfParams } from '../../../catalog';
import { AccountError, MAX_NAME_LENGTH, MIN_PASSWORD_LENGTH, type AccountApi, type SignedIn, type UnlockedAccount } from './account';
import { checkHostKdf, PASSWORD_ASKED_MESSAGE } from './accountPins';
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
  type Recovered,
} from './e2ee/deviceKeys';
import { SealError } from './e2ee/seal';
import type { AccountFlowDeps } from './accountFlowDeps';

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

/** `raw` trimmed, once it is an e-mail the host takes (catalog/keys.ts). @throws AccountError 'invalid' */
function checkedEmail(raw: string): string {
  const error = emailError(raw);
  if (error) throw new AccountError('invalid', error);
  return raw.trim();
}

const nameOf = (email: string) => [...(email.split('@')[0] || email)].slice(0, MAX_NAME_LENGTH).join('');

/** The account flows over `deps`. */
export function accountFlows(deps: AccountFlowDeps): AccountApi {
  const { auth, keys, pins } = deps;

  /** The signed-in account's keys, once the host's KDF parameters pass for `email` (its pin on this device). @throws AccountError */
  async function activeKeys(email: string | null) {
    const state = await keys.read();
    if (state.state !== 'active' || !state.keys) throw new AccountError('server', 'The sync server has no keys for this account.');
    const kdf = checkHostKdf(state.keys.kdf, email ? await pins.read(email) : null);
    return { ...state.keys, kdf };
  }

  /**
   * The account key of the signed-in account, unwrapped with the password's KEK (`derived`: the
   * secrets already made with the same parameters, else derived again); pins the account. @throws AccountError
   */
  async function unlock(
    password: string,
    account: { userId: string; email: string },
    email: string,
    derived?: { kdf: KdfParams; kek: CryptoKey },
  ): Promise<UnlockedAccount> {
    const bundle = await activeKeys(email);
    const { kek } = derived && sameKdf(derived.kdf, bundle.kdf) ? derived : await derivePasswordSecrets(password, bundle.kdf);
    let accountKey: CryptoKey;
    try {
      accountKey = await unlockWithPassword(bundle, kek);
    } catch (error) {
      if (error instanceof SealError) throw new AccountError('wrong-credentials', 'This password does not open the account’s keys.');
      throw error;
    }
    await pins.record(email, bundle.kdf);
    return { ...account, accountKey };
  }

  /**
   * The KDF parameters the host answers for `email`, checked, or null for an account made before
   * end-to-end encryption that this device never opened (it upgrades). A sign-up or sign-in needs
   * them before anything else is sent. @throws AccountError 'unsafe-host'
   */
  async function hostKdf(email: string): Promise<KdfParams | null> {
    const floor = await pins.read(email);
    const salt = await keys.salt(email);
    if (!('upgrade' in salt)) return checkHostKdf(salt.kdf, floor);
    if (floor) throw new AccountError('unsafe-host', PASSWORD_ASKED_MESSAGE);
    return null;
  }

  return {
    async signUp(rawEmail, password) {
      const email = checkedEmail(rawEmail);
      await checkNewPassword(email, password);
      const name = nameOf(email);
      // The host's salt for the address: a new account keeps the one answered before it existed (docs/sync.md "What errors reveal").
      const kdf = await hostKdf(email);
      // Only an account made before end-to-end encryption is asked to upgrade: the address has one.
      if (!kdf) throw new AccountError('sign-up-refused', REFUSED_SIGN_UP);
      const { loginSecret, kek } = await derivePasswordSecrets(password, kdf);
      const made = await createAccountKeys(kdf, kek);
      await auth.signUp(email, loginSecret, name, JSON.stringify({ state: 'active', keys: made.bundle }));
      // The host answers a sign-up alike for new and existing addresses and signs nobody in:
      // signing in next tells the two apart without the sign-up revealing which it was.
      let account: { userId: string; email: string };
      try {
        account = await auth.signIn(email, loginSecret);
      } catch (error) {
        if (error instanceof AccountError && error.failure === 'wrong-credentials')
          throw new AccountError('sign-up-refused', REFUSED_SIGN_UP);
        throw error;
      }
      // The address had an account and this is its password: it is a sign-in, to the account's own keys.
      if ((await keys.read()).keys?.recoveryVerifier !== made.bundle.recoveryVerifier)
        return { ...(await unlock(password, account, email, { kdf, kek })), recoveryKey: null };
      await pins.record(email, kdf);
      return { ...account, accountKey: made.accountKey, recoveryKey: made.recoveryKey };
    },

    async signIn(rawEmail, password): Promise<SignedIn> {
      const email = checkedEmail(rawEmail);
      const kdf = await hostKdf(email);
      if (!kdf) return upgradeAccount(deps, email, password);
      const { loginSecret, kek } = await derivePasswordSecrets(password, kdf);
      const account = await auth.signIn(email, loginSecret);
      return { ...(await unlock(password, account, email, { kdf, kek })), recoveryKey: null };
    },

    session: () => auth.session(),
    signOut: (everywhere) => auth.signOut(everywhere),

    async changePassword(email, current, next) {
      await checkNewPassword(email, next);
      const bundle = await activeKeys(email);
      const now = await derivePasswordSecrets(current, bundle.kdf);
      const kdf = newKdf();
      const fresh = await derivePasswordSecrets(next, kdf);
      let passwordWrap: string;
      try {
        passwordWrap = await rewrapForPassword(bundle, now.kek, fresh.kek);
      } catch (error) {
        if (error instanceof SealError) throw new AccountError('wrong-credentials', 'Wrong password.');
        throw error;
      }
      await keys.changePassword(now.loginSecret, { next: fresh.loginSecret, kdf, passwordWrap });
      await pins.record(email, kdf);
    },

    async recover(rawEmail, recoveryKeyText, next) {
      const email = checkedEmail(rawEmail);
      const recoveryKey = readRecoveryKey(recoveryKeyText);
      if (!recoveryKey) throw new AccountError('invalid', 'A recovery key is 52 letters and digits, as it was shown (dashes optional).');
      await checkNewPassword(email, next);
      const proof = await recoveryProof(recoveryKey);
      const found = await keys.recoveryWrap(email, proof);
      const kdf = newKdf();
      const fresh = await derivePasswordSecrets(next, kdf);
      let recovered: Recovered;
      try {
        recovered = await recoverWithKey(found.recoveryWrap, recoveryKey, fresh.kek);
      } catch (error) {
        if (error instanceof SealError) throw new AccountError('wrong-credentials', 'Wrong e-mail or recovery key.');
        throw error;
      }
      await keys.recover(email, proof, { next: fresh.loginSecret, kdf, passwordWrap: recovered.passwordWrap }, recovered.recovery);
      await pins.record(email, kdf);
      const account = await auth.signIn(email, fresh.loginSecret);
      // The key just used opens nothing any more: the new one is shown once, as at sign-up.
      return { ...account, accountKey: recovered.accountKey, recoveryKey: recovered.recoveryKey };
    },

    async revealRecoveryKey(password, accountKey) {
      const bundle = await activeKeys(null);
      const { kek } = await derivePasswordSecrets(password, bundle.kdf);
      try {
        await unlockWithPassword(bundle, kek);
        return await revealRecoveryKey(bundle, accountKey);
      } catch (error) {
        if (error instanceof SealError) throw new AccountError('wrong-credentials', WRONG.replace('e-mail or ', ''));
        throw error;
      }
    },

    async deleteAccount(email, password) {
      const bundle = await activeKeys(email);
      const { loginSecret, kek } = await derivePasswordSecrets(password, bundle.kdf);
      // A wrong password is told here, without asking the host (which would count it as a failed sign-in).
      try {
        await unlockWithPassword(bundle, kek);
      } catch (error) {
        if (error instanceof SealError) throw new AccountError('wrong-credentials', 'Wrong password.');
        throw error;
      }
      await auth.deleteUser(loginSecret);
    },
  };
}
