/**
 * The account keys' endpoints (docs/sync.md "Keys"): the KDF salt before sign-in, the wrapped keys
 * of the signed-in account, a password change that re-wraps the account key in the same
 * transaction, recovery with the recovery key, and the end of an old account's upgrade. The host
 * never sees a password or a key: bodies carry login secrets, wraps and a recovery proof, whose
 * shapes are checked here; what they mean is the injected `AccountKeys`' (server/accountKeys.ts).
 */
import {
  kdfError,
  keyBundleError,
  readKeyBundle,
  SECRET_PATTERN,
  type KdfParams,
  type KeyBundle,
  type SaltAnswer,
} from '../../catalog/index.ts';
import { HttpError, requireObject } from '../_shared/http.ts';
import type { Identity } from './access.ts';
import { json, readJson } from './body.ts';
import type { Endpoint, OpenCall, OpenEndpoint } from './context.ts';

/** The keys of an account as GET /keys answers: none yet, an upgrade begun (old accounts), or in use. */
export interface KeysState {
  state: 'none' | 'upgrading' | 'active';
  keys: KeyBundle | null;
}

/** A new password's part of a change or a recovery: its login secret, KDF parameters and the account key's wrap under its KEK. */
export interface NewPassword {
  /** Absent for an external identity, which has no password of ours, only a passphrase. */
  loginSecret: string | null;
  kdf: KdfParams;
  passwordWrap: string;
}

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
   * only a hash of it), so a stolen session cannot lock the account. @returns false when it has keys.
   */
  create(identity: Identity, keys: KeyBundle, caller: Caller, password: string | null): Promise<boolean>;
  /** Check `current` (a login secret; null for an external identity) and store the new password and wrap in one transaction, ending the account's other sessions. */
  changePassword(identity: Identity, caller: Caller, current: string | null, next: NewPassword): Promise<void>;
  /** Check the recovery proof of `email`'s account; with `next`, store it (one transaction, every session ended); without, answer the account and its recovery wrap. */
  recover(email: string, proof: string, next: NewPassword | null, caller: Caller): Promise<{ userId: string; recoveryWrap: string } | null>;
  /** End an old account's upgrade once no event of it is left in clear: with its `password` proved, `loginSecret` becomes its password. */
  finishUpgrade(identity: Identity, caller: Caller, password: string, loginSecret: string): Promise<void>;
}

/** The account keys of the deps, or 404 when this host keeps none (a handler built without them). */
function keysOf(call: OpenCall): AccountKeys {
  if (!call.keys) throw new HttpError(404, 'This host keeps no account keys');
  return call.keys;
}

const caller = (call: OpenCall): Caller => ({ headers: call.req.headers, address: call.clientAddress });

/** `value` as a login secret or recovery proof (32 bytes, base64url). @throws HttpError 400 naming `field`. */
function requireSecret(value: unknown, field: string): string {
  if (typeof value !== 'string' || !SECRET_PATTERN.test(value)) throw new HttpError(400, `${field} must be 32 bytes in base64url`);
  return value;
}

/** An e-mail as sign-in takes it: 3-254 characters with an @. @throws HttpError 400. */
function requireEmail(value: unknown): string {
  if (typeof value !== 'string' || value.length < 3 || value.length > 254 || !value.includes('@'))
    throw new HttpError(400, 'email must be an e-mail address');
  return value.trim().toLowerCase();
}

/** The new password of a body: `next` (absent for an external identity), `kdf`, `passwordWrap`. @throws HttpError 400. */
function requireNewPassword(body: Record<string, unknown>, withSecret: boolean): NewPassword {
  const error = kdfError(body.kdf);
  if (error) throw new HttpError(400, error);
  const wrap = body.passwordWrap;
  if (typeof wrap !== 'string' || wrap.length > 512 || !/^[A-Za-z0-9+/]+={0,2}$/.test(wrap))
    throw new HttpError(400, 'passwordWrap must be a sealed key in base64');
  const kdf = body.kdf as KdfParams;
  return {
    loginSecret: withSecret ? requireSecret(body.next, 'next') : null,
    kdf: { alg: kdf.alg, memoryKiB: kdf.memoryKiB, iterations: kdf.iterations, parallelism: kdf.parallelism, salt: kdf.salt },
    passwordWrap: wrap,
  };
}

/** `POST /salt {email}` -> `{kdf}` or `{upgrade: true}` (no sign-in needed). */
export const salt: OpenEndpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  return json(200, await keysOf(call).salt(requireEmail(body.email)), call.headers);
};

/** `GET /keys` -> `{state, keys}`. */
export const readKeys: Endpoint = async (call) => json(200, await keysOf(call).read(call.identity), call.headers);

/** An old account's password as its upgrade proves it: 1-256 characters. @throws HttpError 400. */
function requirePassword(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 256)
    throw new HttpError(400, 'password must be the account’s password');
  return value;
}

/** `PUT /keys {keys, password?}` -> `{state, keys}` (`password`: a local account's, beginning its upgrade); 409 when the account has keys already. */
export const createKeys: Endpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  const error = keyBundleError(body.keys);
  if (error) throw new HttpError(400, error);
  const password = call.identity.via === 'session' ? requirePassword(body.password) : null;
  if (!(await keysOf(call).create(call.identity, readKeyBundle(body.keys)!, caller(call), password)))
    throw new HttpError(409, 'This account has its keys already: sign in to unlock them');
  return json(200, (await keysOf(call).read(call.identity)) satisfies KeysState, call.headers);
};

/**
 * `POST /password {current, next, kdf, passwordWrap}` -> `{ok: true}`: a new password (an external
 * identity's new passphrase: `{kdf, passwordWrap}` alone). 401 for a wrong current password.
 */
export const changePassword: Endpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  const local = call.identity.via === 'session';
  const current = local ? requireSecret(body.current, 'current') : null;
  await keysOf(call).changePassword(call.identity, caller(call), current, requireNewPassword(body, local));
  return json(200, { ok: true }, call.headers);
};

/**
 * `POST /recover {email, proof}` -> `{userId, recoveryWrap}`; with `{next, kdf, passwordWrap}` too ->
 * `{ok: true}` (the new password is set, every session ended). 401 alike for an unknown e-mail and a wrong key.
 */
export const recover: OpenEndpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  const email = requireEmail(body.email);
  const proof = requireSecret(body.proof, 'proof');
  const next = body.next === undefined ? null : requireNewPassword(body, true);
  const found = await keysOf(call).recover(email, proof, next, caller(call));
  return json(200, next ? { ok: true } : found, call.headers);
};

/** `POST /upgrade {password, loginSecret}` -> `{ok: true}`; 401 for a wrong password; 409 while events of the account are still in clear. */
export const finishUpgrade: Endpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  await keysOf(call).finishUpgrade(
    call.identity,
    caller(call),
    requirePassword(body.password),
    requireSecret(body.loginSecret, 'loginSecret'),
  );
  return json(200, { ok: true }, call.headers);
};
