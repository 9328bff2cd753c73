/** Yjs updates travel as base64 in events and in the notes state (docs/architecture.md "Saves as changes"). */
import { fromBase64, toBase64 } from '../../lib/base64';

/** `bytes` in standard base64: how the editor carries the update a save makes. */
export function updateToBase64(bytes: Uint8Array): string {
  return toBase64(bytes);
}

/** The bytes of standard base64 `text`. @throws TypeError for text that is not base64. */
export function updateFromBase64(text: string): Uint8Array {
  return fromBase64(text);
}

/**
 * Whether `text`, made of base64 characters with at most two `=` at its end (the event's schema),
 * decodes: its length leaves no lone character, and padding only ends a whole group of four. Checked
 * without decoding, so the fold can tell a damaged update without Yjs.
 */
export function isBase64(text: string): boolean {
  return text.includes('=') ? text.length % 4 === 0 : text.length % 4 !== 1;
}
