/**
 * Request bodies and answers of the sync endpoints (docs/sync.md "Endpoints"): JSON
 * bodies with an optional `Content-Encoding: gzip` inflated under a bound, and JSON answers
 * gzip-compressed when the client accepts it. Web-standard APIs only.
 */
import {
  dropBody,
  FUNCTION_SECURITY_HEADERS,
  HttpError,
  isJsonContentType,
  joinChunks,
  MAX_DISCARD_BYTES,
  parseJsonBytes,
} from '../_shared/http.ts';

const tooLarge = (what: string, max: number) => new HttpError(413, `${what} is larger than ${max} bytes`);

/**
 * Reads a stream to its end, at most `max` bytes. Beyond that the rest is read and dropped up to
 * `discard` bytes in all (so a client still sending reads the 413 rather than a reset), then the
 * stream is cancelled. @throws HttpError 413 beyond `max`.
 */
async function readBounded(stream: ReadableStream<Uint8Array>, max: number, what: string, discard = 0): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      try {
        while (size <= discard) {
          const next = await reader.read();
          if (next.done) break;
          size += next.value.byteLength;
        }
        await reader.cancel();
      } catch {
        // The client went away.
      }
      throw tooLarge(what, max);
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}

/**
 * Reads the request's JSON body: Content-Type JSON (else 415), Content-Encoding absent, `identity`
 * or `gzip` (else 415), at most `maxBytes` on the wire and after inflation (else 413; a body still
 * being sent past the bound is dropped up to 8 MiB), valid gzip, UTF-8 and JSON (else 400).
 * @returns the parsed JSON value.
 */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  if (!isJsonContentType(req.headers.get('content-type'))) {
    await dropBody(req);
    throw new HttpError(415, 'Content-Type must be application/json (UTF-8)');
  }
  const encoding = (req.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip') {
    await dropBody(req);
    throw new HttpError(415, 'Content-Encoding must be gzip or absent');
  }
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await dropBody(req);
    throw tooLarge('Request body', maxBytes);
  }
  let bytes = req.body ? await readBounded(req.body, maxBytes, 'Request body', MAX_DISCARD_BYTES) : new Uint8Array(0);
  if (encoding === 'gzip') {
    try {
      const inflated = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
      bytes = await readBounded(inflated, maxBytes, 'Inflated request body');
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'Request body is not valid gzip');
    }
  }
  return parseJsonBytes(bytes);
}

/** Headers of every sync answer: no caching, no sniffing, CORS only for the trusted `origin` given. */
export function answerHeaders(origin: string | null): Record<string, string> {
  const headers: Record<string, string> = { ...FUNCTION_SECURITY_HEADERS, Vary: 'Origin, Accept-Encoding' };
  if (origin) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Allow-Credentials'] = 'true';
  }
  return headers;
}

/** True when the request's Accept-Encoding allows gzip (q above 0). */
export function acceptsGzip(req: Request): boolean {
  return (req.headers.get('accept-encoding') ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Answers smaller than this are sent as they are: gzip would not pay for its header. */
const GZIP_MIN_BYTES = 1024;

/**
 * A JSON answer from JSON text, gzip-compressed when `gzip` is true and the text is at least 1 KiB.
 */
export function jsonText(status: number, text: string, headers: Record<string, string>, gzip = false): Response {
  const all: Record<string, string> = { ...headers, 'Content-Type': 'application/json; charset=utf-8' };
  if (!gzip || text.length < GZIP_MIN_BYTES) return new Response(text, { status, headers: all });
  const body = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(body as ReadableStream<Uint8Array>, { status, headers: { ...all, 'Content-Encoding': 'gzip' } });
}

/** A JSON answer of `value`. */
export function json(status: number, value: unknown, headers: Record<string, string>, gzip = false): Response {
  return jsonText(status, JSON.stringify(value), headers, gzip);
}
