/** Base64 text (with line breaks, as ENEX and data: URLs hold it) to bytes; throws on anything else. */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/[\s]+/g, '');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new Error('not valid base64');
  const out = new Uint8Array((clean.length / 4) * 3 - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0));
  // atob in slices keeps the binary string small for large images.
  const SLICE = 4 * 16384;
  let at = 0;
  for (let start = 0; start < clean.length; start += SLICE) {
    const binary = atob(clean.slice(start, start + SLICE));
    for (let i = 0; i < binary.length; i++) out[at++] = binary.charCodeAt(i);
  }
  return out;
}
