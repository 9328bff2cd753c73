/**
 * A host that lies, for the device's own checks (docs/sync.md "A host that lies"): a server on
 * 127.0.0.1 in front of the real host that forwards every request (as the host's own origin) and
 * answers the way the real host does, except where a test tells it to change an answer. It keeps
 * every request it received, so a test can say what the device sent.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the lying host received: method, path and body as text. */
interface ReceivedRequest {
  method: string;
  path: string;
  body: string;
}

/** A running lying host. */
export interface LyingHost {
  url: string;
  received: ReceivedRequest[];
  /** From now on, answer `method path` with `change(the real host's JSON answer)` (status 200); null stops lying there. */
  lie(method: string, path: string, change: ((real: any) => unknown) | null): void;
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Starts a lying host on 127.0.0.1 in front of the real host at `target`. */
export async function startLyingHost(target: string): Promise<LyingHost> {
  const origin = new URL(target).origin;
  const received: ReceivedRequest[] = [];
  const lies = new Map<string, (real: any) => unknown>();
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = new URL(req.url ?? '/', origin).pathname;
      received.push({ method: req.method ?? 'GET', path, body: body.toString('utf8') });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (['host', 'connection', 'content-length'].includes(name) || value === undefined) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      if (headers.has('origin')) headers.set('origin', origin);
      headers.set('accept-encoding', 'identity');
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const real = await fetch(`${origin}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? body : undefined,
        redirect: 'manual',
      });
      const change = lies.get(`${req.method} ${path}`);
      const out = change ? Buffer.from(JSON.stringify(change(await real.json()))) : Buffer.from(await real.arrayBuffer());
      const answerHeaders: Record<string, string | string[]> = {};
      real.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'set-cookie'].includes(name))
          answerHeaders[name] = value;
      });
      if (real.headers.getSetCookie().length) answerHeaders['set-cookie'] = real.headers.getSetCookie();
      res.writeHead(change ? 200 : real.status, { ...answerHeaders, 'content-length': String(out.length) });
      res.end(out);
    })().catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    lie(method, path, change) {
      if (change) lies.set(`${method} ${path}`, change);
      else lies.delete(`${method} ${path}`);
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
