// The one base64 codec of the app (src/lib/base64.ts): what it encodes decodes back, in either
// alphabet, across its slices, and text that is not base64 is refused.
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64, toBase64Url } from '../../src/lib/base64';

const bytesOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 131 + 7) & 0xff);

describe('base64', () => {
  it('encodes as Node’s Buffer does and decodes back, in base64 and base64url, at every length around a slice', () => {
    for (const length of [0, 1, 2, 3, 4, 24576, 24577, 49152, 49153]) {
      const bytes = bytesOf(length);
      const text = toBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(toBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      expect(Buffer.from(fromBase64(text)).equals(bytes)).toBe(true);
      expect(Buffer.from(fromBase64(toBase64Url(bytes))).equals(bytes)).toBe(true);
    }
  });

  it('ignores line breaks and spaces, as ENEX files and data: URLs hold base64', () => {
    const bytes = bytesOf(100);
    const wrapped = toBase64(bytes).replace(/(.{76})/g, '$1\r\n ');
    expect(fromBase64(wrapped)).toEqual(bytes);
  });

  it('refuses text that is not base64', () => {
    for (const text of ['iVBORw0K!!not*base64', 'a', 'abcde', 'ab=c', 'abc===', 'a=']) {
      expect(() => fromBase64(text), text).toThrow(TypeError);
    }
  });
});
