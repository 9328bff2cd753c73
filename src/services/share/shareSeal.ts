/**
 * Sealing a note for its link (docs/sync.md "Shared links"), on the owner's devices: a fresh link
 * id and keys, the content key wrapped for the link (and its password), the note sealed under the
 * content key, and the fingerprint that tells whether the host's copy is current. The viewer opens
 * what this makes with shareOpen.ts.
 */
import { DEFAULT_KDF, SALT_BYTES, SEALED_SHARE_VERSION, SHARE_PATH_PREFIX, type KdfParams, type SealedShare } from '../../../catalog';
import { toBase64, toBase64Url } from '../../lib/base64';
import { utf8 } from '../sync/e2ee/bytes';
import { aesKey, copyAad, passwordSecret, readKey, wrapAad, wrapKeyOf, type SharedNote } from './shareOpen';

const random = (bytes: number) => globalThis.crypto.getRandomValues(new Uint8Array(bytes));
const NONCE_BYTES = 12;

/** A new link: its id (128 random bits) and the key its URL carries after `#` (256 bits), both base64url. */
export function newLink(): { id: string; linkKey: string } {
  return { id: toBase64Url(random(16)), linkKey: toBase64Url(random(32)) };
}

/** A new content key (256 random bits, base64url): every password set on a link brings a new one. */
export const newContentKey = (): string => toBase64Url(random(32));

/** A key of the link or content kind from its base64url text. @throws TypeError for text that is not one. */
function keyBytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = readKey(text);
  if (!bytes) throw new TypeError('not a 32-byte key in base64url');
  return bytes;
}

/** Seal `plain` under `key` with `aad`: nonce + ciphertext + tag, base64. */
async function seal(key: CryptoKey, plain: Uint8Array<ArrayBuffer>, aad: string): Promise<string> {
  const iv = random(NONCE_BYTES);
  const sealed = new Uint8Array(await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(aad) }, key, plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

/**
 * The content key wrapped for link `id`: under the key its link key gives, salted with the
 * password's Argon2id (DEFAULT_KDF, a random salt) when `password` is set. Returns the wrap and the
 * KDF parameters (null without a password), both kept in the link's events and beside the copy.
 */
export async function wrapContentKey(
  id: string,
  linkKey: string,
  contentKey: string,
  password: string | null,
): Promise<{ wrap: string; kdf: KdfParams | null }> {
  const kdf = password ? { ...DEFAULT_KDF, salt: toBase64Url(random(SALT_BYTES)) } : null;
  const secret = password && kdf ? await passwordSecret(password, kdf) : null;
  const raw = keyBytes(contentKey);
  const wrap = await seal(await wrapKeyOf(keyBytes(linkKey), secret), raw, wrapAad(id));
  raw.fill(0);
  secret?.fill(0);
  return { wrap, kdf };
}

/** The copy the host keeps for link `id`: `note` sealed under `contentKey`, beside the wrap and KDF parameters of its events. */
export async function sealShare(
  id: string,
  keys: { contentKey: string; wrap: string; kdf: KdfParams | null },
  note: SharedNote,
): Promise<SealedShare> {
  const c = await seal(await aesKey(keyBytes(keys.contentKey)), utf8(JSON.stringify(note)), copyAad(id, SEALED_SHARE_VERSION));
  return { v: SEALED_SHARE_VERSION, kdf: keys.kdf, wrap: keys.wrap, c };
}

/**
 * The fingerprint of what a copy holds (base64url HMAC-SHA-256 under a key derived from the content
 * key): the revision of the note's text, its title and time. The host keeps it beside the copy and
 * learns nothing from it; a device compares it to know whether the copy is current.
 */
export async function shareTag(contentKey: string, content: { revision: string; title: string; modified: string }): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const base = await subtle.importKey('raw', keyBytes(contentKey), 'HKDF', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8('notepad/share/tag') },
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
  const mac = await subtle.sign('HMAC', key, utf8(JSON.stringify([content.revision, content.title, content.modified])));
  return toBase64Url(new Uint8Array(mac));
}

/** The link to share `id`: the viewer page's address on `origin` with the link key after `#` (never sent to the host). */
export function shareUrl(origin: string, id: string, linkKey: string): string {
  return `${origin}${SHARE_PATH_PREFIX}${id}#${linkKey}`;
}
