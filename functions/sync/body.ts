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
  parseJsonBytes,
  readLimited,
  tooLarge,
} from '../_shared/http.ts';

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
    throw tooLarge(maxBytes);
  }
  let bytes = await readLimited(req.body, maxBytes);
  if (encoding === 'gzip') {
    try {
      const inflated = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
      bytes = await readLimited(inflated, maxBytes, 'Inflated request body', 0);
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
