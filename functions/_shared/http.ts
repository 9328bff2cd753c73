/**
 * The HTTP edge every function shares (docs/architecture.md "Functions and host"): CORS as
 * Supabase functions answer it, the anonymous key check, and JSON answers and errors; bodies are
 * read by requestBody.ts, errors thrown as httpError.ts `HttpError`. Web-standard APIs only, so it
 * runs on Node, Deno and Workers.
 */

import type { ClientInfo } from './clientAddress.ts';
import { HttpError } from './httpError.ts';
import { ProviderError } from './provider.ts';
import type { RateLimiter } from './rateLimit.ts';
import { dropBody, MAX_BODY_BYTES, readJsonBody } from './requestBody.ts';

/**
 * A web-standard function handler, as deployed to Supabase Edge Functions, Deno or Workers; `info`
 * is what the runtime knows of the connection (Deno.serve passes it; the Node host passes the socket's address).
 */
export type FunctionHandler = (req: Request, info?: ClientInfo) => Promise<Response>;

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
