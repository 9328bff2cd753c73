/**
 * The account's keys on the device (docs/sync.md "Keys"): Argon2id (hash-wasm) turns the password
 * into a login secret, sent instead of the password, and a key-encryption key (KEK) that never
 * leaves the device; a random 256-bit account key seals content and is kept by the host only
 * wrapped, under the KEK and under a recovery key shown once. WebCrypto does the rest (AES-GCM,
 * HKDF, SHA-256); the account key is imported non-extractable once unwrapped.
 */
import { argon2id } from 'hash-wasm';
import { CHECKPOINT_PROOF_INFO, checkpointVerifierOf, DEFAULT_KDF, SALT_BYTES, type KdfParams, type KeyBundle } from '../../../../catalog';
import { fromBase64, toBase64Url } from '../../../lib/base64';
import { fromBase32, toBase32Groups, utf8 } from './bytes';
import { openBytes, sealBytes, SealError } from './seal';

const subtle = () => globalThis.crypto.subtle;
const random = (bytes: number) => globalThis.crypto.getRandomValues(new Uint8Array(bytes));

/** Associated data of each wrapped secret: a wrap of one kind never opens as another. */
const AAD = {
  password: 'notepad/account-key/password/1',
  recovery: 'notepad/account-key/recovery/1',
  recoveryKey: 'notepad/recovery-key/1',
};

/** What a password gives: the login secret (base64url, what better-auth sees as the password) and the KEK. */
export interface PasswordSecrets {
  loginSecret: string;
  kek: CryptoKey;
}

/** New KDF parameters with a random salt (DEFAULT_KDF). */
export function newKdf(): KdfParams {
  return { ...DEFAULT_KDF, salt: toBase64Url(random(SALT_BYTES)) };
}

/** An AES-256-GCM key of raw bytes, usable for sealing only, never exported. */
const aesKey = (raw: Uint8Array<ArrayBuffer>) => subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);

/**
 * Argon2id over the password (NFKC-normalized, so the same password typed on any keyboard gives
 * the same keys) with `kdf`: 64 bytes, the first half the login secret, the second the KEK.
 */
export async function derivePasswordSecrets(password: string, kdf: KdfParams): Promise<PasswordSecrets> {
  const out = await argon2id({
    password: utf8(password.normalize('NFKC')),
    salt: fromBase64(kdf.salt),
    parallelism: kdf.parallelism,
    iterations: kdf.iterations,
    memorySize: kdf.memoryKiB,
    hashLength: 64,
    outputType: 'binary',
  });
  const secrets = { loginSecret: toBase64Url(out.subarray(0, 32)), kek: await aesKey(out.slice(32)) };
  out.fill(0);
  return secrets;
}

/** What a recovery key gives (HKDF-SHA-256): the key its wrap opens with, and the proof the host checks by its hash. */
async function recoveryMaterial(
  recoveryKey: Uint8Array<ArrayBuffer>,
): Promise<{ wrapKey: CryptoKey; proof: string; checkpointProof: string }> {
  const base = await subtle().importKey('raw', recoveryKey, 'HKDF', false, ['deriveBits']);
  const derive = async (info: string) =>
    new Uint8Array(await subtle().deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8(info) }, base, 256));
  const [wrap, proof, checkpointProof] = await Promise.all([
    derive('notepad/recovery/wrap/1'),
    derive('notepad/recovery/proof/1'),
    derive(CHECKPOINT_PROOF_INFO),
  ]);
  return { wrapKey: await aesKey(wrap), proof: toBase64Url(proof), checkpointProof: toBase64Url(checkpointProof) };
}

/** The verifier the host keeps of a recovery proof: base64url SHA-256. */
async function verifierOf(proof: string): Promise<string> {
  return toBase64Url(new Uint8Array(await subtle().digest('SHA-256', fromBase64(proof))));
}

/** A new account's keys: the bundle for the host, the account key for this device, the recovery key to show once. */
export interface NewAccountKeys {
  bundle: KeyBundle;
  accountKey: CryptoKey;
  /** Base32 in groups of four, e.g. `ABCD-EFGH-…` (13 groups). */
  recoveryKey: string;
}

/** A recovery key's part of the bundle: the account key (`raw`, also as `accountKey`) wrapped under a new recovery key, its verifier, and the key itself sealed under the account key. */
async function newRecovery(
  raw: Uint8Array<ArrayBuffer>,
  accountKey: CryptoKey,
): Promise<{ recovery: Pick<KeyBundle, 'recoveryWrap' | 'recoveryVerifier' | 'recoverySealed'>; recoveryKey: string }> {
  const bytes = random(32);
  try {
    const { wrapKey, proof } = await recoveryMaterial(bytes);
    const recovery = {
      recoveryWrap: await sealBytes(wrapKey, raw, AAD.recovery),
      recoveryVerifier: await verifierOf(proof),
      recoverySealed: await sealBytes(accountKey, bytes, AAD.recoveryKey),
    };
    return { recovery, recoveryKey: toBase32Groups(bytes) };
  } finally {
    bytes.fill(0);
  }
}

/** Make an account key and a recovery key, wrapped under `kek` (made with `kdf`) and the recovery key. */
export async function createAccountKeys(kdf: KdfParams, kek: CryptoKey): Promise<NewAccountKeys> {
  const raw = random(32);
  try {
    const accountKey = await aesKey(raw);
    const { recovery, recoveryKey } = await newRecovery(raw, accountKey);
    const bundle: KeyBundle = { kdf, passwordWrap: await sealBytes(kek, raw, AAD.password), ...recovery };
    return { bundle, accountKey, recoveryKey };
  } finally {
    raw.fill(0);
  }
}

/** The account key's bytes from its password wrap. @throws SealError when `kek` does not open it (a wrong password). */
async function openPasswordWrap(bundle: Pick<KeyBundle, 'passwordWrap'>, kek: CryptoKey): Promise<Uint8Array<ArrayBuffer>> {
  return openBytes(kek, bundle.passwordWrap, AAD.password);
}

/** The account key (non-extractable) unwrapped with the password's KEK. @throws SealError for a KEK that does not open it. */
export async function unlockWithPassword(bundle: Pick<KeyBundle, 'passwordWrap'>, kek: CryptoKey): Promise<CryptoKey> {
  const raw = await openPasswordWrap(bundle, kek);
  try {
    return await aesKey(raw);
  } finally {
    raw.fill(0);
  }
}

/**
 * The account key wrapped again under `newKek` (a password change: nothing is re-encrypted), after
 * opening it with the current password's KEK. @throws SealError when `kek` does not open it.
 */
export async function rewrapForPassword(bundle: Pick<KeyBundle, 'passwordWrap'>, kek: CryptoKey, newKek: CryptoKey): Promise<string> {
  const raw = await openPasswordWrap(bundle, kek);
  try {
    return await sealBytes(newKek, raw, AAD.password);
  } finally {
    raw.fill(0);
  }
}

/** The recovery key's bytes, or null when `text` is not a recovery key (wrong length or letters). */
export const readRecoveryKey = (text: string) => fromBase32(text, 32);

/** The proof of a recovery key the host checks (its SHA-256 against the stored verifier). */
export async function recoveryProof(recoveryKey: Uint8Array<ArrayBuffer>): Promise<string> {
  return (await recoveryMaterial(recoveryKey)).proof;
}

/** What a recovery makes: the account key, its wrap under the new password's KEK, and a new recovery key (its part of the bundle, and the key to show once). */
export interface Recovered {
  accountKey: CryptoKey;
  passwordWrap: string;
  recovery: Pick<KeyBundle, 'recoveryWrap' | 'recoveryVerifier' | 'recoverySealed'>;
  recoveryKey: string;
}

/**
 * With the recovery key: the account key, its password wrap under `newKek` (a new password), and
 * a new recovery key that replaces the one used (the host then forgets the old one's verifier).
 * @throws SealError when the recovery key does not open the recovery wrap.
 */
export async function recoverWithKey(recoveryWrap: string, recoveryKey: Uint8Array<ArrayBuffer>, newKek: CryptoKey): Promise<Recovered> {
  const { wrapKey } = await recoveryMaterial(recoveryKey);
  const raw = await openBytes(wrapKey, recoveryWrap, AAD.recovery);
  try {
    const accountKey = await aesKey(raw);
    return { accountKey, passwordWrap: await sealBytes(newKek, raw, AAD.password), ...(await newRecovery(raw, accountKey)) };
  } finally {
    raw.fill(0);
  }
}

/** The recovery key as shown, from the copy sealed under the account key. @throws SealError when it does not open. */
export async function revealRecoveryKey(bundle: Pick<KeyBundle, 'recoverySealed'>, accountKey: CryptoKey): Promise<string> {
  const bytes = await openBytes(accountKey, bundle.recoverySealed, AAD.recoveryKey);
  if (bytes.length !== 32) throw new SealError();
  return toBase32Groups(bytes);
}

/** What lets a checkpoint stand for the events it covers (docs/sync.md "Keys", "snapshot"), base64url each. */
export interface CheckpointProofs {
  /** The recovery key's proof, sent once to register `verifier`. */
  recoveryProof: string;
  /** Sent with each checkpoint: only a holder of the account key can make it. */
  proof: string;
  /** What the host keeps of `proof`: its SHA-256. */
  verifier: string;
}

/**
 * The checkpoint proof of an account, from its recovery key opened with the account key (a session
 * without the key cannot make it, so it cannot make the host drop events). @throws SealError when
 * the sealed recovery key does not open.
 */
export async function checkpointProofs(bundle: Pick<KeyBundle, 'recoverySealed'>, accountKey: CryptoKey): Promise<CheckpointProofs> {
  const bytes = await openBytes(accountKey, bundle.recoverySealed, AAD.recoveryKey);
  if (bytes.length !== 32) throw new SealError();
  try {
    const material = await recoveryMaterial(bytes);
    return {
      recoveryProof: material.proof,
      proof: material.checkpointProof,
      verifier: await checkpointVerifierOf(material.checkpointProof),
    };
  } finally {
    bytes.fill(0);
  }
}
