/**
 * Request bodies of the functions (docs/architecture.md "Functions and host"): JSON reading with
 * size, content-type and UTF-8 checks, bounded reads of a body stream, and dropping a refused body
 * so its client reads the answer rather than a reset. Web-standard APIs only.
 */
import { HttpError } from './httpError.ts';

/** Largest accepted request body; larger bodies answer 413. */
export const MAX_BODY_BYTES = 1_048_576;

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
export async function readJsonBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
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
