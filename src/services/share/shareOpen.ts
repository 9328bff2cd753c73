/**
 * Opening a shared note (docs/sync.md "Shared links"), on the viewer page and in the app: the key
 * in the link (and the password, when the link has one) gives the key that unwraps the copy's
 * content key; the content key opens the note. AES-256-GCM and HKDF-SHA-256 through WebCrypto,
 * Argon2id from hash-wasm (loaded only for a link with a password). The viewer page imports this
 * file: it imports nothing of the app but the byte encodings, and the catalog for types only.
 */
import type { KdfParams } from '../../../catalog/keys';
import type { SealedShare } from '../../../catalog/share';
import { fromBase64 } from '../../lib/base64';
import { fromUtf8, utf8 } from '../sync/e2ee/bytes';

/** The note as its link shows it: the title, the HTML (images as data: URLs) and the note's last change (ISO-8601). */
export interface SharedNote {
  title: string;
  html: string;
  modified: string;
}

/**
 * The copy format this build reads: `SEALED_SHARE_VERSION` of catalog/share.ts (a literal here, so the viewer page imports no catalog code).
 * @internal Test seam: used here; the tests read this constant.
 */
export const READ_SHARE_VERSION = 1;
const NONCE_BYTES = 12;
const KEY_BYTES = 32;

/** Why a copy did not open: a password is needed or was wrong, the link is damaged (or the copy altered), or a newer format. */
export class ShareOpenError extends Error {
  constructor(readonly reason: 'needs-password' | 'wrong-password' | 'damaged' | 'newer') {
    super(`The shared note did not open: ${reason}`);
    this.name = 'ShareOpenError';
  }
}

const subtle = () => globalThis.crypto.subtle;

/** Associated data of a wrap: it opens only as the wrap of this share id. */
export const wrapAad = (shareId: string) => JSON.stringify(['notepad/share/wrap', shareId]);
/** Associated data of a copy: it opens only as this share's copy of format `version`. */
export const copyAad = (shareId: string, version: number) => JSON.stringify(['notepad/share/copy', shareId, version]);

/** An AES-256-GCM key of `raw` bytes, never exported. */
export const aesKey = (raw: Uint8Array<ArrayBuffer>) => subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);

/** A 32-byte key in base64url, as links and events carry it, or null when `text` is not one. */
export function readKey(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const bytes = fromBase64(text);
  return bytes.length === KEY_BYTES ? bytes : null;
}

/** Argon2id of a link's password (NFKC-normalized, as the account password) with the link's parameters and salt: 32 bytes. */
export async function passwordSecret(password: string, kdf: KdfParams): Promise<Uint8Array<ArrayBuffer>> {
  const { argon2id } = await import('hash-wasm');
  const out = await argon2id({
    password: utf8(password.normalize('NFKC')),
    salt: fromBase64(kdf.salt),
    parallelism: kdf.parallelism,
    iterations: kdf.iterations,
    memorySize: kdf.memoryKiB,
    hashLength: KEY_BYTES,
    outputType: 'binary',
  });
  return new Uint8Array(out);
}

/**
 * The key a copy's wrap is sealed under: HKDF-SHA-256 of the link's key, salted with the password's
 * Argon2id output when the link has a password. Both are needed: the host, which keeps the wrap and
 * the salt, never has the link's key to try passwords with.
 */
export async function wrapKeyOf(linkKey: Uint8Array<ArrayBuffer>, secret: Uint8Array<ArrayBuffer> | null): Promise<CryptoKey> {
  const base = await subtle().importKey('raw', linkKey, 'HKDF', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: secret ?? new Uint8Array(0), info: utf8('notepad/share/wrap-key') },
    base,
    KEY_BYTES * 8,
  );
  return aesKey(new Uint8Array(bits));
}

/** Open nonce + ciphertext (base64) under `key` with associated data `aad`; null when it does not open. */
async function openSealed(key: CryptoKey, sealed: string, aad: string): Promise<Uint8Array<ArrayBuffer> | null> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(sealed);
  } catch {
    return null;
  }
  if (bytes.length < NONCE_BYTES + 16) return null;
  try {
    const iv = bytes.subarray(0, NONCE_BYTES);
    return new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: utf8(aad) }, key, bytes.subarray(NONCE_BYTES)));
  } catch {
    return null;
  }
}

/** `value` as a shared note, or null when it is not one. */
function readSharedNote(value: unknown): SharedNote | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, html, modified } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof html === 'string' && typeof modified === 'string' ? { title, html, modified } : null;
}

/** The note of a copy opened with its content key (the owner's devices hold it), or null when it does not open. */
export async function openWithContentKey(shareId: string, contentKey: string, sealed: SealedShare): Promise<SharedNote | null> {
  const raw = readKey(contentKey);
  const plain = raw && sealed.v === READ_SHARE_VERSION ? await openSealed(await aesKey(raw), sealed.c, copyAad(shareId, sealed.v)) : null;
  return plain ? parseNote(plain) : null;
}

/** The shared note in `plain` (its JSON), or null. */
function parseNote(plain: Uint8Array): SharedNote | null {
  try {
    return readSharedNote(JSON.parse(fromUtf8(plain)));
  } catch {
    return null;
  }
}

/**
 * The note a copy holds, opened with the link's key (`linkKey`, the text after `#`) and, when the
 * copy has a password (`sealed.kdf`), `password`.
 * @throws ShareOpenError: `needs-password` (a password is needed and none was given), `wrong-password`,
 * `damaged` (the link's key does not open it, or it was altered), `newer` (a format this build does not read).
 */
export async function openShare(shareId: string, linkKey: string, sealed: SealedShare, password: string | null): Promise<SharedNote> {
  if (sealed.v !== READ_SHARE_VERSION) throw new ShareOpenError('newer');
  const link = readKey(linkKey);
  if (!link) throw new ShareOpenError('damaged');
  if (sealed.kdf && password === null) throw new ShareOpenError('needs-password');
  const secret = sealed.kdf && password !== null ? await passwordSecret(password, sealed.kdf) : null;
  const raw = await openSealed(await wrapKeyOf(link, secret), sealed.wrap, wrapAad(shareId));
  if (!raw || raw.length !== KEY_BYTES) throw new ShareOpenError(sealed.kdf ? 'wrong-password' : 'damaged');
  const plain = await openSealed(await aesKey(raw), sealed.c, copyAad(shareId, sealed.v));
  raw.fill(0);
  const note = plain ? parseNote(plain) : null;
  if (!note) throw new ShareOpenError('damaged');
  return note;
}
