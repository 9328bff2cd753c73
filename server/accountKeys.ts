/**
 * The host's side of the accounts' keys (docs/sync.md "Keys"): the salt before sign-in (a made-up
 * stable one for an unknown e-mail, after the same work), password changes and recovery that
 * write the new password hash, the re-wrapped account key and the account's sessions in one
 * transaction (a recovery also replaces the recovery key), and an old account's upgrade: which
 * sessions proved the password in it (only they may reseal its events) and its end. Every new
 * bundle is checked as sign-up checks it. Wrong passwords and recovery keys count as failed
 * sign-ins of the account and its address (docs/sync.md "Sign-in limits").
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { keyBundleError, type KdfParams, type KeyBundle, type KeysState, type SaltAnswer } from '../catalog/keys.ts';
import { HttpError } from '../functions/_shared/httpError.ts';
import type { Identity } from '../functions/sync/access.ts';
import type { AccountKeys, Caller, NewPassword, NewRecovery } from '../functions/sync/accountKeyStore.ts';
import type { KeyStore, StoredKeys } from './keyStore';
import { refusalBody, type SignInLimiter } from './signInLimits';

/** What the keys need of better-auth and of the sync store. */
export interface AccountKeysDeps {
  store: KeyStore;
  limiter: SignInLimiter;
  /** Salts made-up for unknown e-mails are an HMAC under this secret (AUTH_SECRET), so they are stable and unguessable. */
  secret: string;
  /** The cost the made-up parameters of unknown e-mails carry, which a new account then keeps (AUTH_KDF_*). */
  newAccountKdf: Omit<KdfParams, 'salt'>;
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** The session of the request's cookie: its user's e-mail and its token, or null. */
  session(headers: Headers): Promise<{ email: string; token: string } | null>;
  /** Events of the account still in clear (left by a build before end-to-end encryption). */
  eventsInClear(userId: string): Promise<number>;
  /** Remove what an older build left in clear beside the events: the checkpoint, the device names. */
  forgetClearData(userId: string): Promise<void>;
  /** The account's recovery key was replaced: the checkpoint verifier registered with the old one is forgotten. */
  recoveryKeyReplaced(userId: string): Promise<void>;
  /** Sessions of `userId` ended: its live streams check their credential at once. */
  sessionsEnded(userId: string): void;
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The made-up salt of an e-mail without an account: HMAC-SHA-256 of it under the host's secret, 16 bytes. */
function madeUpSalt(secret: string, email: string): string {
  return base64url(createHmac('sha256', secret).update(`notepad/salt/1\n${email}`).digest().subarray(0, 16));
}

/** Whether `proof` hashes to `verifier` (both base64url), in constant time. */
function proves(proof: string, verifier: string): boolean {
  const digest = createHash('sha256').update(Buffer.from(proof, 'base64url')).digest();
  const expected = Buffer.from(verifier, 'base64url');
  return expected.length === digest.length && timingSafeEqual(digest, expected);
}

const WRONG_RECOVERY = 'Wrong e-mail or recovery key';
const WRONG_RECOVERY_KEY = 'Wrong recovery key';

/** How an upgrade remembers the sessions that proved the password in it: a digest of the token, never the token. */
const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Sessions remembered per upgrade (several devices may carry one on); the oldest is forgotten first. */
const MAX_PROVED_SESSIONS = 10;

/** `keys` as the host will store them: refused with 400 when the host's own check finds them wrong. */
function checkedBundle(keys: KeyBundle): KeyBundle {
  const error = keyBundleError(keys);
  if (error) throw new HttpError(400, error);
  return keys;
}

/** The accounts' keys of the host. */
export function createAccountKeys(deps: AccountKeysDeps): AccountKeys {
  const { store, limiter } = deps;

  /** Run `check` as a counted sign-in attempt of `email` from `address`: refused while the account or address waits; its outcome counted. */
  async function counted<T>(email: string, address: string, check: () => Promise<T | null>): Promise<T> {
    const begun = await limiter.beginSignIn(email, address);
    if ('refused' in begun) {
      const { message } = refusalBody(begun.refused);
      throw new HttpError(429, message, { 'Retry-After': String(begun.refused.retryAfterS) });
    }
    let result: T | null;
    try {
      result = await check();
    } catch (error) {
      await limiter.endSignIn(begun.attempt, 'not-tried');
      throw error;
    }
    await limiter.endSignIn(begun.attempt, result === null ? 'failure' : 'success');
    if (result === null) throw new HttpError(401, WRONG_RECOVERY);
    return result;
  }

  /** Check the password of a session's account made before end-to-end encryption, counted as a sign-in. @returns the session. @throws HttpError 401, 429 */
  async function proveOldPassword(userId: string, caller: Caller, password: string): Promise<{ email: string; token: string }> {
    const session = await deps.session(caller.headers);
    if (!session) throw new HttpError(401, 'Sign-in required: the session is missing or expired');
    const hash = await store.passwordHash(userId);
    await counted(session.email, caller.address, async () => (hash && (await deps.verify(hash, password)) ? true : null)).catch(
      (error: unknown) => {
        if (error instanceof HttpError && error.status === 401) throw new HttpError(401, 'Wrong password');
        throw error;
      },
    );
    return session;
  }

  /** The keys with a new password (and, after a recovery, a new recovery key), checked as sign-up checks them. @throws HttpError 400 */
  const withPassword = (keys: StoredKeys, next: NewPassword, recovery: NewRecovery | null = null): StoredKeys => ({
    state: keys.state,
    keys: checkedBundle({ ...keys.keys, kdf: next.kdf, passwordWrap: next.passwordWrap, ...recovery }),
  });

  return {
    async salt(email): Promise<SaltAnswer> {
      // The same query and the same HMAC for every e-mail, so the answer's time says nothing of who has an account.
      const found = await store.byEmail(email);
      const madeUp: KdfParams = { ...deps.newAccountKdf, salt: madeUpSalt(deps.secret, email) };
      if (!found) return { kdf: madeUp };
      if (found.keys?.state !== 'active') return { upgrade: true };
      return { kdf: found.keys.keys.kdf };
    },

    async read(identity): Promise<KeysState> {
      const keys = await store.read(identity.userId);
      return keys ? { state: keys.state, keys: keys.keys } : { state: 'none', keys: null };
    },

    async create(identity, keys, caller, password) {
      // An external identity's keys are in use at once; an old account's wait for its events to be sealed.
      if (identity.via === 'jwt') return store.createIfNone(identity.userId, { state: 'active', keys });
      const proof = tokenDigest((await proveOldPassword(identity.userId, caller, password ?? '')).token);
      // The first keys stored win; a session that proves the password later (another device, a tab
      // opened again after one closed halfway) joins the upgrade and may seal its events too.
      const now = await store.update(identity.userId, (current) => {
        if (!current) return { state: 'upgrading', keys, proved: [proof] };
        if (current.state !== 'upgrading') return null;
        const proved = [...(current.proved ?? []).filter((p) => p !== proof), proof].slice(-MAX_PROVED_SESSIONS);
        return { ...current, proved };
      });
      return now?.state === 'upgrading';
    },

    async mayReseal(identity: Identity, caller: Caller) {
      const keys = identity.via === 'session' ? await store.read(identity.userId) : null;
      if (keys?.state !== 'upgrading') throw new HttpError(409, 'This account is not being upgraded');
      const session = await deps.session(caller.headers);
      if (!session || !(keys.proved ?? []).includes(tokenDigest(session.token)))
        throw new HttpError(403, 'Prove the password in this upgrade first (PUT /keys with it)');
    },

    async changePassword(identity, caller: Caller, current, next, recovery) {
      const keys = await store.read(identity.userId);
      if (!keys || keys.state !== 'active') throw new HttpError(409, 'This account has no keys to re-wrap: sign in first');
      // Checked before any password is: a bundle the host would refuse at sign-up is never stored.
      const changed = withPassword(keys, next, recovery);
      if (identity.via === 'jwt') {
        await store.replace(identity.userId, { hash: null, keys: changed, keepSessionToken: null });
        if (recovery) await deps.recoveryKeyReplaced(identity.userId);
        return;
      }
      if (recovery) throw new HttpError(400, 'A new recovery key comes with a recovery (POST /recover)');
      const session = await deps.session(caller.headers);
      if (!session) throw new HttpError(401, 'Sign-in required: the session is missing or expired');
      const hash = await store.passwordHash(identity.userId);
      await counted(session.email, caller.address, async () => {
        if (!hash || !current || !(await deps.verify(hash, current))) return null;
        return true;
      }).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 401) throw new HttpError(401, 'Wrong password');
        throw error;
      });
      const newHash = await deps.hash(next.loginSecret!);
      await store.replace(identity.userId, { hash: newHash, keys: changed, keepSessionToken: session.token });
      deps.sessionsEnded(identity.userId);
    },

    async recover(email, proof, next, caller) {
      const found = await counted(email, caller.address, async () => {
        const account = await store.byEmail(email);
        // An unknown e-mail is checked against a made-up verifier: the same work, the same answer.
        const verifier = account?.keys?.keys.recoveryVerifier ?? madeUpSalt(deps.secret, `verifier\n${email}`).padEnd(43, 'A');
        const ok = proves(proof, verifier);
        return ok && account?.keys?.state === 'active' ? { userId: account.userId, keys: account.keys } : null;
      });
      if (!next) return { userId: found.userId, recoveryWrap: found.keys.keys.recoveryWrap };
      // A new recovery key replaces the one just used: its verifier no longer matches, so the old key opens nothing.
      const changed = withPassword(found.keys, next.password, next.recovery);
      const hash = await deps.hash(next.password.loginSecret!);
      const ifVerifier = found.keys.keys.recoveryVerifier;
      if (!(await store.replace(found.userId, { hash, keys: changed, keepSessionToken: null, ifVerifier })))
        throw new HttpError(401, WRONG_RECOVERY);
      await deps.recoveryKeyReplaced(found.userId);
      deps.sessionsEnded(found.userId);
      return null;
    },

    async proveRecoveryKey(identity, caller, proof) {
      const keys = await store.read(identity.userId);
      if (keys?.state !== 'active') throw new HttpError(409, 'This account has no keys in use: sign in first');
      // Counted as a recovery of the account: a session's e-mail, an external identity's user id.
      const account = identity.via === 'session' ? (await deps.session(caller.headers))?.email : identity.userId;
      if (!account) throw new HttpError(401, 'Sign-in required: the session is missing or expired');
      await counted(account, caller.address, async () => (proves(proof, keys.keys.recoveryVerifier) ? true : null)).catch(
        (error: unknown) => {
          if (error instanceof HttpError && error.status === 401) throw new HttpError(401, WRONG_RECOVERY_KEY);
          throw error;
        },
      );
    },

    async finishUpgrade(identity, caller, password, loginSecret) {
      const keys = await store.read(identity.userId);
      if (identity.via !== 'session' || keys?.state !== 'upgrading') throw new HttpError(409, 'This account is not being upgraded');
      await proveOldPassword(identity.userId, caller, password);
      const left = await deps.eventsInClear(identity.userId);
      if (left > 0) throw new HttpError(409, `${left} events of this account are still in clear: seal them first`);
      const session = await deps.session(caller.headers);
      if (!session) throw new HttpError(401, 'Sign-in required: the session is missing or expired');
      await deps.forgetClearData(identity.userId);
      const hash = await deps.hash(loginSecret);
      await store.replace(identity.userId, { hash, keys: { state: 'active', keys: keys.keys }, keepSessionToken: session.token });
      deps.sessionsEnded(identity.userId);
    },
  };
}
