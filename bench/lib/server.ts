import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.json': 'application/json',
};

/** Path of an empty same-origin page: the harness seeds IndexedDB there before the app ever runs. */
export const BLANK_PATH = '/__bench/blank';

/** A running static server and how to stop it. */
export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serve `dir` on 127.0.0.1 (on `port`, or a random free one) like a static host: files as they are, unknown
 * extension-less paths fall back to index.html (the app's client-side routes). No caching headers,
 * so a fresh browser context is a cold load.
 */
export async function serveStatic(dir: string, port = 0): Promise<StaticServer> {
  // The handler answers its own errors; node ignores the promise it returns.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === BLANK_PATH) {
      res.writeHead(200, { 'content-type': TYPES['.html'] }).end('<!doctype html><title>bench</title>');
      return;
    }
    let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    if (path.endsWith('/')) path += 'index.html';
    let file = join(dir, path);
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
    } catch {
      if (extname(path)) return void res.writeHead(404).end('not found');
      file = join(dir, 'index.html');
    }
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
