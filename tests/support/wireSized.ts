/**
 * Text of an exact UTF-8 size, for the tests of the sync limits at their boundary (docs/sync.md
 * "Limits"): as many `unit` characters (a CJK character is 3 bytes, an emoji 4) as fit, then ASCII
 * to the byte.
 */
import { utf8Length } from '../../catalog/index.ts';

/** A string of exactly `bytes` UTF-8 bytes made of `unit` and ASCII `a`. @throws for a negative size. */
export function textOfBytes(bytes: number, unit: string): string {
  if (bytes < 0) throw new Error(`textOfBytes: ${bytes} bytes`);
  const unitBytes = utf8Length(unit);
  const count = Math.floor(bytes / unitBytes);
  return unit.repeat(count) + 'a'.repeat(bytes - count * unitBytes);
}
