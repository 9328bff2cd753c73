/**
 * Raw HTTP requests for hostile-input tests: node:http sends exactly the bytes and headers given
 * (fetch would refuse or fix some), and every request settles. The outcome is either the server's
 * answer or the way the connection ended without one, so a test states which it accepts.
 */
import { request } from 'node:http';
import { withDeadline } from './deadline';

/** What a raw request got: an answer with its status and body, or a connection error before any answer. */
export type RawOutcome = { kind: 'answer'; status: number; body: string } | { kind: 'no-answer'; code: string; message: string };

/**
 * What to send; `timeoutMs` (default 20,000) bounds the whole exchange. With `chunkDelayMs` the body
 * goes out in 64 KiB pieces that far apart, like a slow upload, so the server answers mid-body.
 */
export interface RawRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  timeoutMs?: number;
  chunkDelayMs?: number;
}

const CHUNK_BYTES = 65_536;

/**
 * Sends one request and resolves with its outcome. A reset, EPIPE or refused connection before an
 * answer resolves as `no-answer` with the error's code.
 * @throws DeadlineError when neither an answer nor an error arrives within `timeoutMs`.
 */
export function sendRaw({ url, method = 'POST', headers = {}, body, timeoutMs = 20_000, chunkDelayMs }: RawRequest): Promise<RawOutcome> {
  const target = new URL(url);
  let req: ReturnType<typeof request> | undefined;
  const outcome = new Promise<RawOutcome>((settle) => {
    let answered = false;
    req = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, agent: false }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => settle({ kind: 'answer', status: res.statusCode ?? 0, body: text }));
      // The answer's head arrived but its body was cut: still no usable answer.
      res.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'no-answer', code: error.code ?? 'ERROR', message: error.message }));
    });
    // A server may answer early and close while the body is still going out; the late EPIPE then
    // lands on a socket the request has let go of, and must not become an uncaught exception.
    req.on('socket', (socket) => socket.on('error', () => undefined));
    req.on('error', (error: NodeJS.ErrnoException) => {
      // An EPIPE while sending may come after the answer started: the answer then settles it.
      if (!answered) settle({ kind: 'no-answer', code: error.code ?? 'ERROR', message: error.message });
    });
    if (chunkDelayMs === undefined || body === undefined) {
      req.end(body);
      return;
    }
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const sendFrom = (offset: number): void => {
      if (req!.destroyed) return;
      if (offset >= bytes.byteLength) {
        req!.end();
        return;
      }
      req!.write(bytes.subarray(offset, offset + CHUNK_BYTES));
      setTimeout(() => sendFrom(offset + CHUNK_BYTES), chunkDelayMs);
    };
    sendFrom(0);
  });
  return withDeadline(outcome, timeoutMs, `${method} ${target.pathname}`).catch((error: unknown) => {
    req?.destroy();
    throw error;
  });
}
