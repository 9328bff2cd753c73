/**
 * The HTTP edge every function shares (docs/architecture.md "Functions and host"): CORS as
 * Supabase functions answer it, the anonymous key check, JSON body reading with size, content-type
 * and UTF-8 checks, and JSON errors. Web-standard APIs only, so it runs on Node, Deno and Workers.
 */

import type { ClientInfo } from './clientAddress.ts';
import { ProviderError } from './provider.ts';
import type { RateLimiter } from './rateLimit.ts';

/**
 * A web-standard function handler, as deployed to Supabase Edge Functions, Deno or Workers; `info`
 * is what the runtime knows of the connection (Deno.serve passes it; the Node host passes the socket's address).
 */
export type FunctionHandler = (req: Request, info?: ClientInfo) => Promise<Response>;

/** Largest accepted request body; larger bodies answer 413. */
const MAX_BODY_BYTES = 1_048_576;

/** CORS headers as Supabase Edge Functions send them (so `supabase-js` `functions.invoke` works), with every answer. */
const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/**
 * Security headers of every function answer: JSON is never cached, sniffed, framed or
 * rendered as a document.
 */
export const FUNCTION_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

/** An error that becomes a JSON answer `{error: message}` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A JSON answer with CORS and security headers. */
function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, ...FUNCTION_SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The answer to a CORS preflight (204, no body). */
function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: { ...CORS_HEADERS, ...FUNCTION_SECURITY_HEADERS } });
}

/** JSON 404 for a function name the host does not serve. */
export function unknownFunctionResponse(name?: string): Response {
  return jsonResponse(404, { error: name ? `Unknown function "${name.slice(0, 100)}"` : 'Unknown function' });
}

/** Compares two strings in time independent of where they differ (the key is a shared secret). */
function sameSecret(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return diff === 0;
}

/**
 * Accepts the request when header `apikey` or `Authorization: Bearer <key>` carries the anonymous key.
 * @throws HttpError 401 when neither does.
 */
function checkAnonKey(req: Request, anonKey: string): void {
  const apikey = req.headers.get('apikey');
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim();
  if ((apikey !== null && sameSecret(apikey, anonKey)) || (bearer !== undefined && sameSecret(bearer, anonKey))) return;
  const missing = apikey === null && bearer === undefined;
  throw new HttpError(
    401,
    missing ? 'Missing API key: send the anonymous key in the "apikey" header or as "Authorization: Bearer <key>"' : 'Invalid API key',
  );
}

/** True for `application/json` or `application/*+json`, charset absent or UTF-8. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const [type, ...params] = value
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) return false;
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/**
 * An oversized or refused body up to this size is read and dropped before the answer is
 * sent: a client still sending would otherwise meet a reset (EPIPE, ECONNRESET) before it could read
 * the JSON 413, 401 or 415. Beyond it the connection is cut rather than read to its end.
 */
const MAX_DISCARD_BYTES = 8 * 1_048_576;

/** Reads and drops the rest of `reader` until the stream ends or `bound` bytes were seen in all; cuts it beyond. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number, bound: number): Promise<void> {
  try {
    for (let size = seen; ;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > bound) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing is left to answer.
  } finally {
    reader.releaseLock();
  }
}

/**
 * Drops a request body that will not be used (refused request): read to its end when it is at
 * most MAX_DISCARD_BYTES (by Content-Length when declared), else cancelled. Never throws.
 */
export async function dropBody(req: Request): Promise<void> {
  const body = req.body;
  if (!body || body.locked) return;
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_DISCARD_BYTES) {
    await body.cancel().catch(() => undefined);
    return;
  }
  await drain(body.getReader(), 0, MAX_DISCARD_BYTES);
}

/**
 * Reads at most `maxBytes` of a body stream (`what` names it in the error). Beyond that the rest is
 * read and dropped up to `discard` bytes in all (so a client still sending reads the 413 rather than
 * a reset), then the stream is cancelled. @throws HttpError 413 beyond `maxBytes`.
 */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  what = 'Request body',
  discard = MAX_DISCARD_BYTES,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      // The client went away mid-body (or a deadline passed): no internal error, nothing to log.
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, `${what} was cut off before its end`);
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(reader, size, discard);
      throw tooLarge(maxBytes, what);
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}

/** The chunks of a body read in parts, as one array of `size` bytes. */
function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The 413 of a body over its bound: "Request body is larger than N bytes". */
export const tooLarge = (maxBytes: number, what = 'Request body') => new HttpError(413, `${what} is larger than ${maxBytes} bytes`);

/**
 * Reads the request body as JSON: Content-Type must be JSON (else 415), at most `maxBytes` (else
 * 413), valid UTF-8 and valid JSON (else 400).
 * @returns the parsed value (any JSON value; callers check its shape).
 */
async function readJsonBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  if (!isJsonContentType(req.headers.get('content-type'))) {
    await dropBody(req);
    throw new HttpError(415, 'Content-Type must be application/json (UTF-8)');
  }
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await dropBody(req);
    throw tooLarge(maxBytes);
  }
  return parseJsonBytes(await readLimited(req.body, maxBytes));
}

/**
 * A request body's bytes as JSON: not empty, valid UTF-8, valid JSON.
 * @returns the parsed value (any JSON value; callers check its shape).
 * @throws HttpError 400 naming what is wrong.
 */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) throw new HttpError(400, 'Request body is empty: send a JSON object');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'Request body is not valid UTF-8');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

/** The body as a plain object. @throws HttpError 400 for arrays, null and scalars. */
export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** Where handlers write operational lines (fallbacks, internal errors). */
export interface Logger {
  warn(message: string): void;
  error(message: string): void;
}

/** What a JSON function is made of; `handle` may throw HttpError or ProviderError. */
export interface JsonFunctionSpec {
  /** Function name, used in log lines. */
  name: string;
  /** The anonymous key requests must carry. */
  anonKey: string;
  maxBodyBytes?: number;
  log?: Logger;
  /** Requests per client, checked after the key and method and before the body is read (429 with Retry-After). */
  rateLimit?: RequestRateLimit;
  /** Turns the parsed JSON body into the answer's JSON body (status 200). */
  handle(body: unknown): Promise<unknown>;
}

/** A rate limit of a function: the limiter, and the key (client address) a request counts under. */
export interface RequestRateLimit {
  limiter: RateLimiter;
  clientKey(req: Request, info?: ClientInfo): string;
}

/**
 * Maps a thrown value to a JSON answer: HttpError as given, ProviderError timeout 504 and other
 * provider failures 502 (logged), anything else 500 (logged with its stack).
 */
function errorResponse(error: unknown, name: string, log: Logger): Response {
  if (error instanceof HttpError) return jsonResponse(error.status, { error: error.message }, error.headers);
  if (error instanceof ProviderError) {
    log.warn(`[${name}] provider ${error.kind}: ${error.message}`);
    return jsonResponse(error.kind === 'timeout' ? 504 : 502, { error: error.message });
  }
  log.error(`[${name}] internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return jsonResponse(500, { error: 'Internal error: the function failed unexpectedly' });
}

/**
 * Builds a POST-JSON function: OPTIONS -> 204 preflight; missing or wrong key -> 401; other methods
 * -> 405; over the rate limit -> 429 with Retry-After (seconds); then the body checks of
 * readJsonBody; then `handle`. Every answer is JSON with CORS.
 */
export function createJsonFunction(spec: JsonFunctionSpec): FunctionHandler {
  const log = spec.log ?? console;
  return async (req, info) => {
    let bodyRead = false;
    try {
      if (req.method === 'OPTIONS') return preflightResponse();
      checkAnonKey(req, spec.anonKey);
      if (req.method !== 'POST') {
        throw new HttpError(405, `Method ${req.method} is not allowed: use POST`, { Allow: 'POST, OPTIONS' });
      }
      if (spec.rateLimit) {
        const decision = await spec.rateLimit.limiter.take(spec.rateLimit.clientKey(req, info));
        if (!decision.allowed) {
          const wait = decision.retryAfterS;
          throw new HttpError(429, `Too many requests from this address: try again in ${wait} second${wait === 1 ? '' : 's'}`, {
            'Retry-After': String(wait),
          });
        }
      }
      const body = await readJsonBody(req, spec.maxBodyBytes ?? MAX_BODY_BYTES);
      bodyRead = true;
      return jsonResponse(200, await spec.handle(body));
    } catch (error) {
      const response = errorResponse(error, spec.name, log);
      if (!bodyRead && req.body) {
        // Refused before the body was used: drop it (read to its end when small enough, so the
        // client reads this answer rather than a reset) and close the connection, so a client
        // reusing it cannot race the server closing it.
        await dropBody(req);
        response.headers.set('Connection', 'close');
      }
      return response;
    }
  };
}
