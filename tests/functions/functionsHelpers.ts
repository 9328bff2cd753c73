/**
 * Shared helpers of the functions tests: the real Hono host on 127.0.0.1 (in this process or as a
 * child process), a fake OpenAI-compatible provider server, and small request helpers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, type RunningHost } from '../../server/app';
import { createFunctions } from '../../server/functions';
import { startHostProcess, type ChildHost } from '../support/childHost';

export type { ChildHost };

export const ROOT = resolve(import.meta.dirname, '../..');
export const ANON_KEY = 'test-anon-key';
export const AUTH = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` };
export const JSON_HEADERS = { ...AUTH, 'Content-Type': 'application/json' };
/** The suites send far more than a person would from one address: the per-address limit is raised unless a test sets it. */
const RAISED_RATE_LIMIT = { FUNCTIONS_RATE_MAX: '1000000' };

/** A host started in this process with its own empty dist folder and usage database. */
export interface TestHost extends RunningHost {
  base: string;
  dir: string;
  dbPath: string;
}

/** Starts the real host (createFunctions + startServer) on 127.0.0.1, port 0, with the raised rate limit and `env` added. */
export async function startTestHost(env: Record<string, string> = {}): Promise<TestHost> {
  const dir = mkdtempSync(join(tmpdir(), 'notepad-fn-'));
  const dbPath = join(dir, 'usage.sqlite');
  const functions = createFunctions({ FUNCTIONS_ANON_KEY: ANON_KEY, USAGE_DB_PATH: dbPath, ...RAISED_RATE_LIMIT, ...env });
  const host = await startServer({ port: 0, host: '127.0.0.1', distDir: join(dir, 'dist'), functions });
  return {
    ...host,
    dir,
    dbPath,
    base: `${host.url}functions/v1`,
    close: async () => {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts server/main.ts in a child process (tests/support/childHost.ts) with this suite's anonymous key and the raised rate limit. */
export function startChildHost(env: Record<string, string> = {}): Promise<ChildHost> {
  return startHostProcess({ FUNCTIONS_ANON_KEY: ANON_KEY, ...RAISED_RATE_LIMIT, ...env });
}

/** POSTs JSON (or a raw string/bytes) to a function; resolves with status, headers and parsed JSON body. */
export async function call(
  base: string,
  name: string,
  body: unknown,
  init: { headers?: Record<string, string>; method?: string; raw?: boolean } = {},
): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const response = await fetch(`${base}/${name}`, {
    method: init.method ?? 'POST',
    headers: init.headers ?? JSON_HEADERS,
    body: init.raw ? (body as BodyInit) : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** How the fake provider answers a chat-completions request. */
type FakeBehaviour = (req: IncomingMessage, res: ServerResponse, body: any) => void;

/** A fake OpenAI-compatible server on 127.0.0.1: `behaviour` decides each answer; requests are kept. */
export interface FakeProvider {
  baseUrl: string;
  requests: { path: string; headers: IncomingMessage['headers']; body: any }[];
  behaviour: FakeBehaviour;
  close(): Promise<void>;
}

/** A chat-completions answer with `content`. */
export function chatAnswer(res: ServerResponse, content: string): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    }),
  );
}

/** Starts the fake provider; its default behaviour answers "A fake summary." */
export async function startFakeProvider(): Promise<FakeProvider> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: FakeProvider = {
    baseUrl: '',
    requests: [],
    behaviour: (_req, res) => chatAnswer(res, 'A fake summary.'),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      fake.requests.push({ path: req.url ?? '', headers: req.headers, body });
      fake.behaviour(req, res, body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** A text of about `words` words made of varied original sentences (for load and timing). */
export function sampleNote(words = 120): string {
  const sentences = [
    'The team met on Monday to plan the spring release of the mobile app.',
    'Maria will rewrite the onboarding screens before the design review.',
    'Crash reports from older Android phones doubled after the last update.',
    'We agreed to freeze new features two weeks before the release date.',
    'The support team asked for a clearer message when a payment fails.',
    'Offline mode remains the most requested feature in customer surveys.',
    'Performance tests will run every night on the staging servers.',
    'The budget for cloud hosting must stay below last quarter.',
  ];
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const sentence = sentences[i % sentences.length];
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return out.join(' ');
}
