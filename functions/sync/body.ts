/**
 * Request bodies and answers of the sync endpoints (docs/sync.md "Endpoints"): JSON
 * bodies with an optional `Content-Encoding: gzip` inflated under a bound, and JSON answers
 * gzip-compressed when the client accepts it. Web-standard APIs only.
 */
import { FUNCTION_SECURITY_HEADERS } from '../_shared/http.ts';
import { HttpError } from '../_shared/httpError.ts';
import { dropBody, isJsonContentType, parseJsonBytes, readLimited, tooLarge } from '../_shared/requestBody.ts';

/**
 * Reads the request's JSON body: Content-Type JSON (else 415), Content-Encoding absent, `identity`
 * or `gzip` (else 415), at most `maxBytes` on the wire and after inflation (else 413; a body still
 * being sent past the bound is dropped as `dropBody` does), valid gzip, UTF-8 and JSON (else 400).
 * @returns the parsed JSON value.
 */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  return parseJsonBytes(await readJsonBytes(req, maxBytes));
}

/**
 * The checks of readJson up to the body's bytes, inflated, not yet parsed (parsing a large body
 * takes several times its size in memory, so a caller may queue that step).
 * @throws HttpError 415, 413 or 400 as readJson; 408 when the body's deadline passes (withBodyDeadline).
 */
export async function readJsonBytes(req: Request, maxBytes: number): Promise<Uint8Array> {
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
  return bytes;
}

/**
 * `req` with a body that must arrive within `timeoutMs` of its first read (docs/sync.md "Limits"):
 * past it, reading fails with HttpError 408 (with `Connection: close`), so a client that sends
 * part of a body and stalls holds nothing but its own request. Requests without a body are returned as they are.
 */
export function withBodyDeadline(req: Request, timeoutMs: number): Request {
  const source = req.body;
  if (!source) return req;
  const reader = source.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired: Promise<never> | null = null;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      expired ??= new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new HttpError(408, `The request body did not arrive within ${timeoutMs} ms`, { Connection: 'close' })),
          timeoutMs,
        );
      });
      // Handled here too: a reader that stops reading must not leave the expiry unhandled.
      expired.catch(() => undefined);
      try {
        const next = await Promise.race([reader.read(), expired]);
        if (next.done) {
          clearTimeout(timer);
          controller.close();
        } else controller.enqueue(next.value);
      } catch (error) {
        clearTimeout(timer);
        controller.error(error);
        reader.cancel().catch(() => undefined);
      }
    },
    cancel(reason) {
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
  return new Request(req.url, { method: req.method, headers: req.headers, body, signal: req.signal, duplex: 'half' } as RequestInit);
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
 * A JSON answer from JSON text, gzip-compressed when `gzip` is true and the text is at least GZIP_MIN_BYTES long.
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
