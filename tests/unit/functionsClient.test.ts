import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFunctionsClient, type FunctionsClient } from '../../src/services/functionsClient';
import { FunctionsError } from '../../src/services/functionsError';
import {
  DEFAULT_FUNCTIONS_KEY,
  DEFAULT_FUNCTIONS_TIMEOUT_MS,
  FunctionsConfigError,
  resolveFunctionsConfig,
} from '../../src/services/functionsConfig';
import { rejection } from '../support/rejection';

/** What the fake functions host saw of one request. */
interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type Reply = (res: ServerResponse, body: unknown) => void;

let server: Server;
let base: string;
const seen: Seen[] = [];
/** How the fake host answers, by function name; the default echoes a valid answer. */
const replies = new Map<string, Reply>();

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const name = req.url!.split('/').pop()!;
      const reply = replies.get(name);
      if (reply) return reply(res, body);
      if (name === 'summarize') return json(res, 200, { summary: `summary of ${body.text}` });
      if (name === 'find-resources') return json(res, 200, { resources: [] });
      return json(res, 201, { ok: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(options: { timeoutMs?: number; online?: boolean; url?: string } = {}): { api: FunctionsClient; logged: string[] } {
  const logged: string[] = [];
  const api = createFunctionsClient(
    { url: options.url ?? base, key: 'test-key', timeoutMs: options.timeoutMs ?? 5000 },
    { isOnline: () => options.online ?? true, logError: (m) => logged.push(m) },
  );
  return { api, logged };
}

/** The FunctionsError a promise rejects with. */
const failure = (promise: Promise<unknown>) => rejection(promise, FunctionsError);

describe('functions client', () => {
  it('POSTs JSON to /functions/v1/{name} with the apikey and bearer headers', async () => {
    seen.length = 0;
    replies.clear();
    const { api } = client();
    await expect(api.summarize('Hello there.', 'bullets')).resolves.toBe('summary of Hello there.');
    await api.trackAppUsage({ app_name: 'NotePad', source: 'direct', session_id: 's1' });
    expect(seen.map((s) => [s.method, s.path])).toEqual([
      ['POST', '/functions/v1/summarize'],
      ['POST', '/functions/v1/track-app-usage'],
    ]);
    expect(seen[0].headers).toMatchObject({ apikey: 'test-key', authorization: 'Bearer test-key', 'content-type': 'application/json' });
    expect(seen[0].body).toEqual({ text: 'Hello there.', format: 'bullets' });
    expect(seen[1].body).toEqual({ app_name: 'NotePad', source: 'direct', session_id: 's1' });
  });

  it('sends no format field for a paragraph summary', async () => {
    seen.length = 0;
    replies.clear();
    await client().api.summarize('Plain.');
    expect(seen[0].body).toEqual({ text: 'Plain.' });
  });

  it('turns a 4xx JSON error into an http FunctionsError with the host message, logged, without a retry', async () => {
    seen.length = 0;
    replies.set('summarize', (res) => json(res, 400, { error: 'text must be a non-empty string' }));
    const { api, logged } = client();
    const error = await failure(api.summarize(' '));
    expect(error).toMatchObject({ fn: 'summarize', kind: 'http', status: 400, message: 'text must be a non-empty string' });
    expect(seen).toHaveLength(1);
    expect(logged).toEqual(['[functions] summarize failed (http 400): text must be a non-empty string']);
  });

  it('reports a 502 or 504 with the host message and does not retry it', async () => {
    seen.length = 0;
    replies.set('find-resources', (res) => json(res, 504, { error: 'The AI provider did not answer in time' }));
    const error = await failure(client().api.findResources('x'));
    expect(error).toMatchObject({ kind: 'http', status: 504, message: 'The AI provider did not answer in time' });
    expect(seen).toHaveLength(1);
  });

  it('falls back to the status line when an error answer is not JSON', async () => {
    replies.set('summarize', (res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const error = await failure(client().api.summarize('x'));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: '502 Bad Gateway' });
  });

  it('rejects a summarize answer without a summary string as invalid', async () => {
    replies.set('summarize', (res) => json(res, 200, { summary: 42 }));
    const { api, logged } = client();
    expect(await failure(api.summarize('x'))).toMatchObject({ kind: 'invalid-response' });
    expect(logged[0]).toMatch(/summarize failed \(invalid-response\)/);
  });

  it('rejects a 2xx answer that is not JSON as invalid', async () => {
    replies.set('summarize', (res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('garbage{');
    });
    expect(await failure(client().api.summarize('x'))).toMatchObject({ kind: 'invalid-response', message: 'The answer is not JSON' });
  });

  it('rejects a find-resources answer without a resources list as invalid (docs/product.md "Calls")', async () => {
    replies.set('find-resources', (res) => json(res, 200, { results: [] }));
    expect(await failure(client().api.findResources('x'))).toMatchObject({
      kind: 'invalid-response',
      message: 'The answer has no resources list',
    });
  });

  it('keeps resources with a title and url and drops malformed items', async () => {
    replies.set('find-resources', (res) =>
      json(res, 200, {
        resources: [
          { title: 'A', url: 'https://a.example/', description: 'first' },
          { title: 'B', url: 'https://b.example/' },
          { title: 3, url: 'https://c.example/' },
          'nonsense',
          null,
        ],
      }),
    );
    await expect(client().api.findResources('x')).resolves.toEqual([
      { title: 'A', url: 'https://a.example/', description: 'first' },
      { title: 'B', url: 'https://b.example/', description: '' },
    ]);
  });

  it('times out after the configured milliseconds when the host does not answer', async () => {
    replies.set('summarize', () => {
      // Never answer.
    });
    const error = await failure(client({ timeoutMs: 200 }).api.summarize('x'));
    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('says offline without sending anything when the browser is offline', async () => {
    seen.length = 0;
    replies.clear();
    const { api, logged } = client({ online: false });
    expect(await failure(api.summarize('x'))).toMatchObject({ kind: 'offline' });
    expect(seen).toHaveLength(0);
    expect(logged).toHaveLength(1);
  });

  it('says offline when the host cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(client({ url: `http://127.0.0.1:${port}` }).api.findResources('x'));
    expect(error.kind).toBe('offline');
  });

  it('resolves tracking on any 2xx without reading the body', async () => {
    replies.set('track-app-usage', (res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client().api.trackAppUsage({ app_name: 'NotePad', source: 'x', session_id: 'y' })).resolves.toBeUndefined();
  });
});

describe('functions config', () => {
  const origin = 'https://notes.example.com';

  it('uses the page origin, the local key and the default timeout when nothing is set', () => {
    expect(resolveFunctionsConfig({ PROD: true }, origin)).toEqual({
      url: origin,
      key: DEFAULT_FUNCTIONS_KEY,
      timeoutMs: DEFAULT_FUNCTIONS_TIMEOUT_MS,
    });
  });

  it('uses the variables when set, without a trailing slash', () => {
    expect(
      resolveFunctionsConfig(
        { PROD: true, VITE_FUNCTIONS_URL: 'https://abc.supabase.co/', VITE_FUNCTIONS_KEY: 'anon', VITE_FUNCTIONS_TIMEOUT_MS: '5000' },
        origin,
      ),
    ).toEqual({ url: 'https://abc.supabase.co', key: 'anon', timeoutMs: 5000 });
  });

  it('throws in a production build when the URL or key is set but empty', () => {
    expect(() => resolveFunctionsConfig({ PROD: true, VITE_FUNCTIONS_URL: '' }, origin)).toThrow(FunctionsConfigError);
    expect(() => resolveFunctionsConfig({ PROD: true, VITE_FUNCTIONS_KEY: '  ' }, origin)).toThrow(/VITE_FUNCTIONS_KEY is set but empty/);
  });

  it('throws in a production build for a URL that is not http(s) or a bad timeout', () => {
    expect(() => resolveFunctionsConfig({ PROD: true, VITE_FUNCTIONS_URL: 'ftp://x.example' }, origin)).toThrow(
      /VITE_FUNCTIONS_URL is not an http\(s\) URL/,
    );
    expect(() => resolveFunctionsConfig({ PROD: true, VITE_FUNCTIONS_TIMEOUT_MS: '-5' }, origin)).toThrow(/VITE_FUNCTIONS_TIMEOUT_MS/);
  });

  it('warns and uses the default in a development build', () => {
    const warnings: string[] = [];
    const config = resolveFunctionsConfig({ PROD: false, VITE_FUNCTIONS_URL: '' }, origin, (m) => warnings.push(m));
    expect(config.url).toBe(origin);
    expect(warnings[0]).toMatch(/VITE_FUNCTIONS_URL is set but empty/);
  });
});

describe('served CSP and the functions origin', () => {
  it('allows connections to VITE_FUNCTIONS_URL when it names another origin', async () => {
    const before = process.env.VITE_FUNCTIONS_URL;
    try {
      process.env.VITE_FUNCTIONS_URL = 'https://abc.supabase.co/some/path';
      vi.resetModules();
      const { APP_CSP } = await import('../../server/securityHeaders');
      expect(APP_CSP).toContain("connect-src 'self' https://abc.supabase.co;");
    } finally {
      if (before === undefined) delete process.env.VITE_FUNCTIONS_URL;
      else process.env.VITE_FUNCTIONS_URL = before;
      vi.resetModules();
    }
  });

  it('keeps connect-src to the app origin when the variable is unset, blank or not http(s)', async () => {
    const { functionsOrigin } = await import('../../server/securityHeaders');
    expect(functionsOrigin(undefined)).toBe('');
    expect(functionsOrigin('  ')).toBe('');
    expect(functionsOrigin('javascript:alert(1)')).toBe('');
    expect(functionsOrigin('http://127.0.0.1:9999/')).toBe('http://127.0.0.1:9999');
  });
});
