/*
 * JSON in gzip, the form of a checkpoint's notes (docs/sync.md "snapshot"): read by the sync
 * transport when it opens a checkpoint and by the sync bookkeeping when it reads back the origin it
 * stored as those same bytes (docs/architecture.md "Sync"). In src/lib, which imports nothing of the
 * app, so events and services share the one reader.
 */

/** Strict: bytes that are not UTF-8 throw, as the sealed forms' reader does. */
const decoder = new TextDecoder('utf-8', { fatal: true });

/** The bytes of a stream's whole output (a compression stream's, here and in the sealed forms). */
export async function drain(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `value` as JSON, gzip-compressed (the browser's CompressionStream). Returns the bytes. */
export function gzipJson(value: unknown): Promise<Uint8Array<ArrayBuffer>> {
  return drain(new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream('gzip')));
}

/**
 * The value of gzip-compressed JSON `gzip`, parsed, not yet checked (it still goes through the
 * catalog's reader). @throws when the bytes are not gzip or do not hold UTF-8 JSON.
 */
export async function gunzipJson(gzip: Uint8Array<ArrayBuffer>): Promise<unknown> {
  const bytes = await drain(new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip')));
  return JSON.parse(decoder.decode(bytes));
}
