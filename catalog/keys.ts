/**
 * The account keys' wire contract (docs/sync.md "Keys"): what a device sends the host so that any
 * device of the account can unlock the account key with the password or the recovery key, and the
 * shapes the host checks. The host never sees a password, a key-encryption key, the account key or
 * the recovery key: only the KDF parameters with the salt, the wrapped keys, a verifier of the
 * recovery key and the login secret (which better-auth hashes again). Web-standard APIs only.
 */
import { sealedLength } from './wire';
import { isRecord } from './guards';
import type { KdfParams, KeyBundle } from './wireSchemas';

/** Shapes of the keys' wire forms and answers (catalog/wireSchemas.ts); what the host accepts is checked below. */
export type { KdfParams, KeyBundle, KeysState, RecoveryWrapAnswer, ResealAnswer, SaltAnswer } from './wireSchemas';

/** What new accounts get: kept with the salt, so it can be raised later. */
export const DEFAULT_KDF: Omit<KdfParams, 'salt'> = { alg: 'argon2id', memoryKiB: 65_536, iterations: 3, parallelism: 1 };

/**
 * The least the host accepts: OWASP's minimum for Argon2id.
 * @internal Test seam: used here; the tests read this constant.
 */
export const MIN_KDF: Omit<KdfParams, 'alg' | 'salt'> = { memoryKiB: 19_456, iterations: 2, parallelism: 1 };
/** The most the host accepts, so a device is never asked for more than a phone can give. */
const MAX_KDF: Omit<KdfParams, 'alg' | 'salt'> = { memoryKiB: 1_048_576, iterations: 10, parallelism: 4 };

/** Bytes of a KDF salt. */
export const SALT_BYTES = 16;

/** A login secret, a recovery proof or a verifier: base64url without padding of 32 bytes. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const within = (value: unknown, least: number, most: number) =>
  Number.isSafeInteger(value) && (value as number) >= least && (value as number) <= most;

/** Why `value` is not KDF parameters the host accepts, or null. Never throws. */
export function kdfError(value: unknown): string | null {
  if (!isRecord(value) || value.alg !== 'argon2id') return 'kdf must be {alg: "argon2id", memoryKiB, iterations, parallelism, salt}';
  if (!within(value.memoryKiB, MIN_KDF.memoryKiB, MAX_KDF.memoryKiB))
    return `kdf.memoryKiB must be ${MIN_KDF.memoryKiB}-${MAX_KDF.memoryKiB}`;
  if (!within(value.iterations, MIN_KDF.iterations, MAX_KDF.iterations))
    return `kdf.iterations must be ${MIN_KDF.iterations}-${MAX_KDF.iterations}`;
  if (!within(value.parallelism, MIN_KDF.parallelism, MAX_KDF.parallelism))
    return `kdf.parallelism must be ${MIN_KDF.parallelism}-${MAX_KDF.parallelism}`;
  if (typeof value.salt !== 'string' || !/^[A-Za-z0-9_-]{22}$/.test(value.salt)) return 'kdf.salt must be 16 bytes in base64url';
  return null;
}

/** Whether two KDF parameters are the same in every field (they derive the same secrets from one password). */
export function sameKdf(a: KdfParams, b: KdfParams): boolean {
  return (
    a.alg === b.alg && a.memoryKiB === b.memoryKiB && a.iterations === b.iterations && a.parallelism === b.parallelism && a.salt === b.salt
  );
}

/** Bytes of a key the bundle wraps: the account key, the recovery key. */
const WRAPPED_KEY_BYTES = 32;
/** A sealed 32-byte key in base64 (nonce, ciphertext, tag: 60 bytes, 80 characters), as the device's seal makes it. */
const sealedKey = (value: unknown) =>
  typeof value === 'string' && value.length === sealedLength(WRAPPED_KEY_BYTES) && value.length % 4 === 0 && BASE64.test(value);

/** Why `value` is not a key bundle the host accepts, or null. Never throws. */
export function keyBundleError(value: unknown): string | null {
  if (!isRecord(value)) return 'keys must be an object';
  const kdf = kdfError(value.kdf);
  if (kdf) return kdf;
  for (const field of ['passwordWrap', 'recoveryWrap', 'recoverySealed'] as const) {
    if (!sealedKey(value[field])) return `keys.${field} must be a sealed 32-byte key in base64`;
  }
  if (typeof value.recoveryVerifier !== 'string' || !SECRET_PATTERN.test(value.recoveryVerifier))
    return 'keys.recoveryVerifier must be 32 bytes in base64url';
  return null;
}

/** `value` as a key bundle with only its known fields, or null when keyBundleError finds it wrong. */
export function readKeyBundle(value: unknown): KeyBundle | null {
  if (keyBundleError(value) !== null) return null;
  const v = value as KeyBundle;
  const { alg, memoryKiB, iterations, parallelism, salt } = v.kdf;
  return {
    kdf: { alg, memoryKiB, iterations, parallelism, salt },
    passwordWrap: v.passwordWrap,
    recoveryWrap: v.recoveryWrap,
    recoveryVerifier: v.recoveryVerifier,
    recoverySealed: v.recoverySealed,
  };
}

/** Longest e-mail address an account may have, in characters (the longest path SMTP carries, RFC 5321). */
const MAX_EMAIL_LENGTH = 254;

/**
 * Why `value` is not an e-mail address an account can have, in the words the dialog shows, or
 * null: 3-254 characters once trimmed, with an @. Sign-up, sign-in, salt and recovery all use
 * this one rule (docs/sync.md "Accounts"). Never throws.
 */
export function emailError(value: unknown): string | null {
  const email = typeof value === 'string' ? value.trim() : '';
  if (email.length < 3 || !email.includes('@')) return 'Enter an e-mail address.';
  if (email.length > MAX_EMAIL_LENGTH) return `Use an e-mail address of at most ${MAX_EMAIL_LENGTH} characters.`;
  return null;
}
