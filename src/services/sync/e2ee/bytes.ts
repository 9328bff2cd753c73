/**
 * Byte encodings of the end-to-end encryption (docs/sync.md "Keys"): base32 groups for the
 * recovery key a person copies, and UTF-8; base64 and base64url are `src/lib/base64.ts`'s.
 * Plain encodings only (no cryptography here); browser, Node and Deno alike.
 */

/** RFC 4648 base32: no 0, 1, 8 or 9, so a recovery key read aloud or retyped is not misread. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `bytes` in base32 without padding, in groups of four letters joined by `-`. */
export function toBase32Groups(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out.match(/.{1,4}/g)!.join('-');
}

/**
 * The bytes of base32 `text` (any case; spaces and dashes ignored; 0, 1 and 8 read as O, I and B),
 * or null when it has other characters or is not exactly `length` bytes.
 */
export function fromBase32(text: string, length: number): Uint8Array<ArrayBuffer> | null {
  const clean = text.toUpperCase().replace(/[\s-]/g, '').replace(/0/g, 'O').replace(/1/g, 'I').replace(/8/g, 'B');
  if (clean.length !== Math.ceil((length * 8) / 5)) return null;
  const out = new Uint8Array(length);
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of clean) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      if (index < length) out[index++] = (value >>> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  return index === length ? out : null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 bytes of `text`. */
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);
/** `bytes` as UTF-8 text. @throws TypeError for bytes that are not UTF-8. */
export const fromUtf8 = (bytes: Uint8Array): string => decoder.decode(bytes);
