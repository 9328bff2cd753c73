/**
 * The account keys' endpoints (docs/sync.md "Keys"): the KDF salt before sign-in, the wrapped keys
 * of the signed-in account, a password change that re-wraps the account key in the same
 * transaction, recovery with the recovery key, and the end of an old account's upgrade. The host
 * never sees a password or a key: bodies carry login secrets, wraps and a recovery proof, whose
 * shapes are checked here; what they mean is the injected `AccountKeys`' (server/accountKeys.ts).
 */
import {
  emailError,
  kdfError,
  keyBundleError,
  readKeyBundle,
  SECRET_PATTERN,
  type KdfParams,
  type KeysState,
} from '../../catalog/index.ts';
import { HttpError } from '../_shared/httpError.ts';
import { requireObject } from '../_shared/requestBody.ts';
import { json, readJson } from './body.ts';
import type { AccountKeys, Caller, NewPassword, NewRecovery } from './accountKeyStore.ts';
import type { Endpoint, OpenCall, OpenEndpoint } from './context.ts';

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

/** An e-mail as sign-up and sign-in take it (catalog/keys.ts `emailError`), trimmed and lower-cased. @throws HttpError 400. */
function requireEmail(value: unknown): string {
  const error = emailError(value);
  if (error) throw new HttpError(400, error);
  return (value as string).trim().toLowerCase();
}

/** The new password of a body: `next` (absent for an external identity), `kdf`, `passwordWrap`. @throws HttpError 400. */
function requireNewPassword(body: Record<string, unknown>, withSecret: boolean): NewPassword {
  const error = kdfError(body.kdf);
  if (error) throw new HttpError(400, error);
  const wrap = requireSealedKey(body.passwordWrap, 'passwordWrap');
  const kdf = body.kdf as KdfParams;
  return {
    loginSecret: withSecret ? requireSecret(body.next, 'next') : null,
    kdf: { alg: kdf.alg, memoryKiB: kdf.memoryKiB, iterations: kdf.iterations, parallelism: kdf.parallelism, salt: kdf.salt },
    passwordWrap: wrap,
  };
}

/** A sealed key of a body (its exact shape is checked with the whole bundle, as at sign-up). @throws HttpError 400. */
function requireSealedKey(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > 512 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value))
    throw new HttpError(400, `${field} must be a sealed key in base64`);
  return value;
}

/** A new recovery key of a body: `recoveryWrap`, `recoveryVerifier`, `recoverySealed`. @throws HttpError 400. */
function requireNewRecovery(body: Record<string, unknown>): NewRecovery {
  return {
    recoveryWrap: requireSealedKey(body.recoveryWrap, 'recoveryWrap'),
    recoveryVerifier: requireSecret(body.recoveryVerifier, 'recoveryVerifier'),
    recoverySealed: requireSealedKey(body.recoverySealed, 'recoverySealed'),
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
 * identity's new passphrase: `{kdf, passwordWrap}`, with `{recoveryWrap, recoveryVerifier,
 * recoverySealed}` after a reset with the recovery key). 401 for a wrong current password; 400
 * for keys the host would refuse at sign-up.
 */
export const changePassword: Endpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  const local = call.identity.via === 'session';
  const current = local ? requireSecret(body.current, 'current') : null;
  const recovery = body.recoveryWrap === undefined ? null : requireNewRecovery(body);
  await keysOf(call).changePassword(call.identity, caller(call), current, requireNewPassword(body, local), recovery);
  return json(200, { ok: true }, call.headers);
};

/**
 * `POST /recover {email, proof}` -> `{userId, recoveryWrap}`; with `{next, kdf, passwordWrap,
 * recoveryWrap, recoveryVerifier, recoverySealed}` too -> `{ok: true}` (the new password and
 * recovery key are set, every session ended). 401 alike for an unknown e-mail and a wrong key.
 */
export const recover: OpenEndpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  const email = requireEmail(body.email);
  const proof = requireSecret(body.proof, 'proof');
  const next = body.next === undefined ? null : { password: requireNewPassword(body, true), recovery: requireNewRecovery(body) };
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
