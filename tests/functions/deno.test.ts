// The handlers run unchanged on Deno, as Supabase Edge Functions do: each functions/<name>/index.ts
// is served by `deno run` (with functions/deno.json, the deploy import map) on 127.0.0.1 and
// answers like the Node host. Deno comes from npm into node_modules/.cache/deno (once, cached); it
// cannot be a package.json dependency (its other-platform packages are missing from the registry).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, call, ROOT, startTestHost, type TestHost } from './functionsHelpers';

const DENO_VERSION = '2.9.6';
const CACHE = join(ROOT, 'node_modules', '.cache', 'deno');
const DENO_BIN = join(CACHE, 'node_modules', 'deno', 'deno');

/** The Deno binary, installed from npm into the cache on first use. @throws with a clear message. */
function ensureDeno(): string {
  const works = () => {
    try {
      return execFileSync(DENO_BIN, ['--version'], { encoding: 'utf8' }).includes(DENO_VERSION);
    } catch {
      return false;
    }
  };
  if (existsSync(DENO_BIN) && works()) return DENO_BIN;
  mkdirSync(CACHE, { recursive: true });
  try {
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', CACHE, `deno@${DENO_VERSION}`], {
      cwd: ROOT,
      stdio: 'pipe',
      timeout: 180_000,
    });
  } catch (error) {
    throw new Error(
      `Could not install deno@${DENO_VERSION} from npm into ${CACHE}: ${(error as { stderr?: Buffer }).stderr?.toString() ?? String(error)}`,
    );
  }
  if (!works()) throw new Error(`deno@${DENO_VERSION} was installed into ${CACHE} but ${DENO_BIN} does not run on this machine`);
  return DENO_BIN;
}

interface DenoFunction {
  url: string;
  child: ChildProcess;
  output: () => string;
}

const running: DenoFunction[] = [];

/** Serves functions/<name>/index.ts with Deno on 127.0.0.1 (a free port); resolves when it listens. */
function serveOnDeno(deno: string, name: string, env: Record<string, string> = {}): Promise<DenoFunction> {
  const child = spawn(deno, ['run', '--no-lock', '--allow-net', '--allow-read', '--allow-env', `functions/${name}/index.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      DENO_NO_UPDATE_CHECK: '1',
      DENO_DIR: join(CACHE, 'dir'),
      NO_COLOR: '1',
      FUNCTIONS_ANON_KEY: ANON_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`deno did not serve ${name} within 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        const fn = { url: match[1], child, output: () => output };
        running.push(fn);
        done(fn);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`deno exited with code ${code} serving ${name}:\n${output}`));
    });
  });
}

let deno: string;
let host: TestHost;
beforeAll(async () => {
  deno = ensureDeno();
  host = await startTestHost();
}, 240_000);
afterAll(async () => {
  for (const fn of running) {
    const exited = new Promise((done) => fn.child.once('exit', done));
    fn.child.kill('SIGTERM');
    await exited;
  }
  await host.close();
});

const NOTE =
  'Bees pollinate about a third of the crops people eat. Their numbers fell sharply in many regions over the last decade. Pesticides, parasites and lost habitat all play a part. Farmers now plant wildflower strips beside their fields to help them.';

describe('the functions on Deno', () => {
  it('type-check under `deno check` with the deploy import map', () => {
    const entries = ['summarize', 'find-resources', 'track-app-usage'].map((name) => `functions/${name}/index.ts`);
    let output = '';
    try {
      output = execFileSync(deno, ['check', '--no-lock', ...entries], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, DENO_DIR: join(CACHE, 'dir'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      throw new Error(`deno check failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
    expect(output).not.toMatch(/error/i);
  }, 120_000);

  it('summarize answers on Deno exactly as on the Node host, bullets included, and refuses a missing key', async () => {
    const fn = await serveOnDeno(deno, 'summarize');
    for (const body of [{ text: NOTE }, { text: NOTE, format: 'bullets' }, { text: '' }]) {
      const onDeno = await call(fn.url, '', body);
      const onNode = await call(host.base, 'summarize', body);
      expect(onDeno.status).toBe(onNode.status);
      expect(onDeno.json).toEqual(onNode.json);
    }
    expect((await call(fn.url, '', { text: NOTE }, { headers: { 'Content-Type': 'application/json' } })).status).toBe(401);
    const preflight = await fetch(fn.url, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  }, 120_000);

  it('limits summarize and find-resources per client address on Deno too, with the in-memory limiter', async () => {
    const fn = await serveOnDeno(deno, 'find-resources', { FUNCTIONS_RATE_MAX: '2' });
    expect((await call(fn.url, '', { text: NOTE })).status).toBe(200);
    expect((await call(fn.url, '', { text: NOTE })).status).toBe(200);
    const refused = await call(fn.url, '', { text: NOTE });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);

  it('find-resources answers on Deno exactly as on the Node host', async () => {
    const fn = await serveOnDeno(deno, 'find-resources');
    const onDeno = await call(fn.url, '', { text: NOTE });
    expect(onDeno.status).toBe(200);
    expect(onDeno.json).toEqual((await call(host.base, 'find-resources', { text: NOTE })).json);
    expect(onDeno.json.resources.length).toBeGreaterThan(0);
  }, 120_000);

  it('track-app-usage on Deno inserts the record through PostgREST when SUPABASE_URL is set', async () => {
    const inserts: { path: string; auth: string | undefined; body: Record<string, string> }[] = [];
    const rest = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        inserts.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(201);
        res.end();
      });
    });
    await new Promise<void>((done) => rest.listen(0, '127.0.0.1', () => done()));
    try {
      const fn = await serveOnDeno(deno, 'track-app-usage', {
        SUPABASE_URL: `http://127.0.0.1:${(rest.address() as AddressInfo).port}`,
        SUPABASE_SERVICE_ROLE_KEY: 'service-key',
      });
      const answer = await call(fn.url, '', { app_name: 'NotePad', source: 'external', session_id: 'deno-1' });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ ok: true });
      expect(inserts).toHaveLength(1);
      expect(inserts[0].path).toBe('/rest/v1/app_usage');
      expect(inserts[0].auth).toBe('Bearer service-key');
      expect(inserts[0].body).toMatchObject({ app_name: 'NotePad', source: 'external', session_id: 'deno-1' });
      expect(Number.isNaN(Date.parse(inserts[0].body.at))).toBe(false);
      expect((await call(fn.url, '', { app_name: 'NotePad' })).status).toBe(400);
    } finally {
      await new Promise<void>((done) => rest.close(() => done()));
    }
  }, 120_000);
});
