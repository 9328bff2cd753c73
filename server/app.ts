import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { APP_CSP, SECURITY_HEADERS, SHARE_CSP } from './securityHeaders';
import { SHARE_PATH_PREFIX } from '../catalog/index.ts';
import { answerClientErrorsWithJson } from './clientErrors';
import type { ClientInfo } from '../functions/_shared/clientAddress.ts';
import { unknownFunctionResponse, type FunctionHandler } from '../functions/_shared/http.ts';

/** The shared note's page, a separate entry of the build (vite.config.ts). */
const SHARE_PAGE = 'share.html';

/** The sync server as the host mounts it (server/sync/wiring.ts; docs/sync.md). */
interface HostSync {
  /** Answers /functions/v1/sync/*; `info` names the socket's remote address. */
  handle(req: Request, info?: ClientInfo): Promise<Response>;
  /** Answers /api/auth/*; `clientIp` is the socket's remote address. */
  handleAuth(req: Request, clientIp: string | null): Promise<Response>;
  /** Told the host's URL once it listens. */
  listening(url: string): void;
  /** Ends open live streams, so closing the server does not wait on them. */
  closeStreams(): void;
  /** Closes its databases after the server closed. */
  close(): Promise<void>;
}

/** What the host serves: the built app, the functions by name, and optionally the sync server. */
export interface HostOptions {
  /** Folder of the built app (`vite build` output). */
  distDir: string;
  /** Handlers served at /functions/v1/{name}. */
  functions: Record<string, FunctionHandler>;
  /** Accounts at /api/auth/* and the sync protocol at /functions/v1/sync/*. */
  sync?: HostSync;
}

/** The socket's remote address of a request served by @hono/node-server (its `env` holds the incoming message). */
function remoteAddress(env: unknown): string | null {
  return (env as { incoming?: import('node:http').IncomingMessage } | undefined)?.incoming?.socket.remoteAddress ?? null;
}

/**
 * The Hono app of the Node host (docs/architecture.md "Functions and host"): functions under /functions/v1/{name}
 * (unknown name: 404 JSON), the built app's files with long caching for hashed assets, and every
 * other GET answered with index.html so the client router shows its own pages (and its 404).
 */
function createHostApp({ distDir, functions, sync }: HostOptions): Hono {
  const app = new Hono();
  const root = relative(process.cwd(), resolve(distDir)) || '.';
  const hasApp = existsSync(resolve(distDir, 'index.html'));

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    const html = c.res.headers.get('Content-Type')?.startsWith('text/html');
    const path = new URL(c.req.url).pathname;
    // A shared note's page has a stricter policy of its own, and search engines are asked not to list it.
    const sharePage = path.startsWith(SHARE_PATH_PREFIX) || path === `/${SHARE_PAGE}`;
    if (html) c.res.headers.set('Content-Security-Policy', sharePage ? SHARE_CSP : APP_CSP);
    if (sharePage) c.res.headers.set('X-Robots-Tag', 'noindex');
    // The page and the service worker are revalidated, so a new version is seen; hashed assets are immutable.
    if (html || path === '/sw.js') c.res.headers.set('Cache-Control', 'no-cache');
    else if (path.startsWith('/assets/') && c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });

  if (sync) {
    app.on(['GET', 'POST'], '/api/auth/*', (c) => sync.handleAuth(c.req.raw, remoteAddress(c.env)));
    const info = (env: unknown): ClientInfo => ({ remoteAddr: { hostname: remoteAddress(env) ?? undefined } });
    app.all('/functions/v1/sync', (c) => sync.handle(c.req.raw, info(c.env)));
    app.all('/functions/v1/sync/*', (c) => sync.handle(c.req.raw, info(c.env)));
  }
  app.all('/functions/v1/:name', (c) => {
    const handler = functions[c.req.param('name')];
    return handler
      ? handler(c.req.raw, { remoteAddr: { hostname: remoteAddress(c.env) ?? undefined } })
      : unknownFunctionResponse(c.req.param('name'));
  });
  app.all('/functions/v1/*', () => unknownFunctionResponse());

  if (!hasApp) {
    app.get('*', (c) => c.text('NotePad is not built yet: run `npm run build` (or `npm start`, which builds).', 503));
    return app;
  }
  // A shared note's page, whatever its id (the viewer reads it from the address; its key is in the fragment, never sent).
  app.get(`${SHARE_PATH_PREFIX}*`, serveStatic({ root, path: SHARE_PAGE }));
  app.use('*', serveStatic({ root }));
  app.get('*', serveStatic({ root, path: 'index.html' }));
  return app;
}

/**
 * The Node server's timeouts in ms (docs/sync.md "Limits"). They bound what a client that sends
 * slowly can hold; none applies to an answer being sent, so live streams stay open.
 */
export interface ServerTimeouts {
  /** The request's headers must arrive within this (then 408 JSON and the connection closes). */
  headersTimeout: number;
  /** The whole request, body included, must arrive within this; above the sync body deadline, so its JSON 408 comes first. */
  requestTimeout: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeout: number;
  /** How often Node checks the two deadlines above (they may be late by up to this). */
  connectionsCheckingInterval: number;
}

/**
 * The host's timeouts (ms; docs/sync.md "Limits"): for the headers, the whole request and an idle
 * keep-alive, and how often they are checked.
 * @internal Test seam: used here; the tests read this constant.
 */
export const SERVER_TIMEOUTS: Readonly<ServerTimeouts> = {
  headersTimeout: 20_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 5_000,
};

/** A running host: its URL and how to stop it. */
export interface RunningHost {
  url: string;
  close(): Promise<void>;
}

/**
 * Start the host on `host:port` (port 0 picks a free one) with SERVER_TIMEOUTS (tests may shorten
 * them through `timeouts`). Resolves once listening.
 * @throws when the port is taken or the address cannot be bound.
 */
export function startServer(
  options: HostOptions & { port: number; host: string; timeouts?: Partial<ServerTimeouts> },
): Promise<RunningHost> {
  const app = createHostApp(options);
  const serverOptions = { ...SERVER_TIMEOUTS, ...options.timeouts };
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host, serverOptions }, (info) => {
      const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${info.port}/`;
      options.sync?.listening(url);
      resolvePromise({
        url,
        close: async () => {
          // Live streams never end by themselves: end them first, or close() would wait for them.
          options.sync?.closeStreams();
          const closed = new Promise<void>((done) => server.close(() => done()));
          // Connections of ended streams turn idle after close() began: close those too, at once,
          // rather than after the keep-alive timeout.
          const sweep = setInterval(() => (server as import('node:http').Server).closeIdleConnections?.(), 25);
          await closed.finally(() => clearInterval(sweep));
          await options.sync?.close();
        },
      });
    });
    server.on('error', reject);
    answerClientErrorsWithJson(server as import('node:http').Server);
  });
}
