/**
 * What the key endpoints (keyEndpoints.ts) need of the host: the accounts' keys as it keeps them
 * (server/accountKeys.ts), with the shapes they take and answer (docs/sync.md "Keys").
 */
import type { KdfParams, KeyBundle, KeysState, RecoveryWrapAnswer, SaltAnswer } from '../../catalog/index.ts';
import type { Identity } from './access.ts';

/** A new password's part of a change or a recovery: its login secret, KDF parameters and the account key's wrap under its KEK. */
export interface NewPassword {
  /** Absent for an external identity, which has no password of ours, only a passphrase. */
  loginSecret: string | null;
  kdf: KdfParams;
  passwordWrap: string;
}

/** A new recovery key's part of the bundle, made on the device after a recovery (the old key then opens nothing). */
export type NewRecovery = Pick<KeyBundle, 'recoveryWrap' | 'recoveryVerifier' | 'recoverySealed'>;

/** Who asks, for the limits and the session to keep: the request's headers and the client's address. */
export interface Caller {
  headers: Headers;
  address: string;
}

/**
 * The accounts' keys as the host keeps them (server/accountKeys.ts). Methods throw HttpError for
 * a refusal the caller should see (401 a wrong password or recovery key, 409, 429 with Retry-After).
 */
export interface AccountKeys {
  /** The account's KDF parameters, a made-up stable salt for an unknown e-mail (same work, same time), or `upgrade`. */
  salt(email: string): Promise<SaltAnswer>;
  read(identity: Identity): Promise<KeysState>;
  /**
   * Store the first keys of an account without any: an external identity's passphrase, or an old
   * account beginning its upgrade, which proves its `password` (the password itself: the host holds
   * only a hash of it), so a stolen session cannot lock the account. An old account's session that
   * proves the password while the upgrade is under way joins it (`keys` is then ignored).
   * @returns false when the account has keys in use (or an external identity's, any keys).
   */
  create(identity: Identity, keys: KeyBundle, caller: Caller, password: string | null): Promise<boolean>;
  /** Refuse unless the account is being upgraded and the caller's session proved the password in that upgrade. @throws HttpError 409, 403 */
  mayReseal(identity: Identity, caller: Caller): Promise<void>;
  /**
   * Check `current` (a login secret; null for an external identity) and store the new password and
   * wrap in one transaction, ending the account's other sessions. `recovery`: an external
   * identity's new recovery key after it reset its passphrase with the old one.
   */
  changePassword(
    identity: Identity,
    caller: Caller,
    current: string | null,
    next: NewPassword,
    recovery: NewRecovery | null,
  ): Promise<void>;
  /**
   * Check the recovery proof of `email`'s account; with `next`, store the new password and recovery
   * key (one transaction, every session ended; the old recovery key opens nothing after); without,
   * answer the account and its recovery wrap.
   */
  recover(
    email: string,
    proof: string,
    next: { password: NewPassword; recovery: NewRecovery } | null,
    caller: Caller,
  ): Promise<RecoveryWrapAnswer | null>;
  /**
   * Check the recovery proof of the signed-in account as `recover` checks it (counted as a
   * recovery attempt). @throws HttpError 401 a wrong proof, 409 an account without keys in use, 429.
   */
  proveRecoveryKey(identity: Identity, caller: Caller, proof: string): Promise<void>;
  /** End an old account's upgrade once no event of it is left in clear: with its `password` proved, `loginSecret` becomes its password. */
  finishUpgrade(identity: Identity, caller: Caller, password: string, loginSecret: string): Promise<void>;
}
