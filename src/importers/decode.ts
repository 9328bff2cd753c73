/*
 * Bytes to text for every reader (docs/product.md "What each format keeps", decoding): a byte order mark
 * wins, then the encoding the file declares (an XML declaration, an HTML `<meta charset>`), then UTF-8.
 * TextDecoder does the decoding, and drops the BOM of the encoding it decodes.
 */

/** How far into a file a declared encoding is looked for (HTML's prescan reads 1,024 bytes too). */
const SNIFF_BYTES = 1024;

/** The most text handed to a parser at once (what browsers' file streams give per chunk). */
const SLICE_BYTES = 64 * 1024;

const XML_ENCODING = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i;

/** The encoding a byte order mark names, or null. */
function bomEncoding(head: Uint8Array): string | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** `label` when TextDecoder knows it, else null. */
function supported(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/**
 * The encoding to decode a file with, from its first bytes: a BOM, else the XML declaration's or an
 * HTML `<meta charset>`'s encoding when TextDecoder supports it, else 'utf-8'.
 */
function sniffEncoding(head: Uint8Array): string {
  const bom = bomEncoding(head);
  if (bom) return bom;
  // Declarations are ASCII; latin1 maps every byte to one character, so nothing in the head can fail.
  const ascii = new TextDecoder('latin1').decode(head.subarray(0, SNIFF_BYTES));
  const declared = XML_ENCODING.exec(ascii)?.[1] ?? META_CHARSET.exec(ascii)?.[1];
  // A file that declares UTF-16 without a BOM cannot hold an ASCII declaration: it was saved as something else.
  const label = declared ? supported(declared) : null;
  return label && !label.startsWith('utf-16') ? label : 'utf-8';
}

/** Decodes a whole file's bytes (a note, a JSON export) with the encoding `sniffEncoding` finds. */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder(sniffEncoding(bytes)).decode(bytes);
}

/**
 * The text of `blob` in decoded chunks, read from its stream (never whole). Stops, without an error, when
 * `signal` aborts. Throws what the stream throws (a file that changed or vanished since it was chosen).
 */
export async function* decodedChunks(blob: Blob, signal?: AbortSignal): AsyncGenerator<string> {
  const head = new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
  const decoder = new TextDecoder(sniffEncoding(head));
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      if (done) break;
      // A stream may hand out a whole in-memory file at once: parse it a slice at a time all the same.
      for (let at = 0; at < value.length; at += SLICE_BYTES) {
        const text = decoder.decode(value.subarray(at, at + SLICE_BYTES), { stream: true });
        if (text) yield text;
        if (signal?.aborted) return;
      }
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
