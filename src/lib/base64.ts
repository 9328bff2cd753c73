/**
 * Base64 (RFC 4648) for the app, its worker and Node alike: ciphertexts, keys and salts of the
 * end-to-end encryption (docs/sync.md "Keys"), imported attachments and data: URLs. The host's
 * functions cannot import `src/lib` and encode their own cursor (docs/architecture.md "Import rules").
 */

/** Bytes per `btoa` call: a multiple of 3, so the slices' base64 joins into the whole's. */
const ENCODE_SLICE = 3 * 8192;
/** Characters per `atob` call: a multiple of 4, so a large image never becomes one huge binary string. */
const DECODE_SLICE = 4 * 16384;

/** `bytes` in base64 with padding. */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += ENCODE_SLICE) out += btoa(String.fromCharCode(...bytes.subarray(i, i + ENCODE_SLICE)));
  return out;
}

/** `bytes` in base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The bytes of base64 or base64url `text`; whitespace (line breaks, as ENEX and data: URLs hold it)
 * is ignored and padding is optional. @throws TypeError for text that is not base64.
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.replace(/\s+/g, '');
  const body = clean.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9+/_-]*$/.test(body) || body.length % 4 === 1 || (body !== clean && clean.length % 4 !== 0)) {
    throw new TypeError('not valid base64');
  }
  const standard = body.replace(/-/g, '+').replace(/_/g, '/');
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let at = 0;
  for (let start = 0; start < standard.length; start += DECODE_SLICE) {
    const slice = standard.slice(start, start + DECODE_SLICE);
    const binary = atob(slice.padEnd(slice.length + ((4 - (slice.length % 4)) % 4), '='));
    for (let i = 0; i < binary.length; i++) out[at++] = binary.charCodeAt(i);
  }
  return out;
}
