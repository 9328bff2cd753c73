// Slow clients (docs/sync.md "Limits"): a checkpoint upload whose body stalls holds only itself
// (bodies are read before uploads queue, under a deadline: 408 and the connection closes), and the
// Node server's own deadlines cut stalled headers and bodies with a JSON 408 while a live stream,
// an answer being sent, stays open past them.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS, startServer, type RunningHost } from '../../server/app';
import { createFunctions } from '../../server/functions';
import { createSyncService } from '../../server/sync/wiring';
import { DEFAULT_SYNC_LIMITS } from '../../functions/sync/syncLimits.ts';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { startSyncHost, TEST_ENV, type InProcessHost } from './host';
import { openLive } from './sse';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/**
 * A raw connection that sends `head` (and `body`, if any) and then nothing. `answering` resolves
 * when the first byte of an answer arrives; `answer` with all that came back once the server closed it.
 */
function stalledRequest(url: string, head: string, body = ''): { socket: Socket; answering: Promise<void>; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(head + body);
  let received = '';
  socket.setEncoding('utf8');
  const answering = new Promise<void>((done) => socket.once('data', () => done()));
  socket.on('data', (chunk: string) => (received += chunk));
  const answer = new Promise<string>((done) => {
    socket.on('close', () => done(received));
    socket.on('error', () => done(received));
  });
  stops.push(async () => void socket.destroy());
  return { socket, answering, answer };
}

/** The request line and headers of a PUT snapshot that announces `length` bytes. */
function snapshotHead(client: SyncClient, length: number): string {
  const origin = client.origin;
  return [
    'PUT /functions/v1/sync/snapshot HTTP/1.1',
    `Host: ${new URL(origin).host}`,
    `Origin: ${origin}`,
    `Cookie: ${client.cookie}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');
}

describe('a stalled checkpoint upload', () => {
  it('does not hold another account’s upload, and gets 408 JSON once its body deadline passes', async () => {
    const host: InProcessHost = await startSyncHost({ SYNC_BODY_TIMEOUT_MS: '1500' });
    stops.push(() => host.close());
    const [slow, quick] = await Promise.all([
      new SyncClient(host.url).register('stalls@example.com'),
      new SyncClient(host.url).register('uploads@example.com'),
    ]);
    const quickDevice = newDeviceId();
    const pushed = await quick.push(quickDevice, [noteEvent('note.created', { id: '1700000000001', title: 'x' })]);
    const order: string[] = [];
    const stalled = stalledRequest(host.url, snapshotHead(slow, 1_000_000), '{"deviceId":"' + newDeviceId() + '","serverSeq":0,"format":"');
    void stalled.answering.then(() => order.push('stalled'));
    // Let the stalled upload reach the handler before the other one starts.
    await new Promise((r) => setTimeout(r, 200));
    const upload = await quick.putSnapshot(quickDevice, pushed.json.head, { order: ['1700000000001'] });
    order.push('other');
    expect(upload.status).toBe(200);
    const answer = await stalled.answer;
    expect(order).toEqual(['other', 'stalled']);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"error":"The request body did not arrive within 1500 ms"');
    // The host still serves, and nothing of the stalled upload was stored.
    expect((await slow.getSnapshot(newDeviceId())).status).toBe(404);
  });
});

describe('the Node server’s timeouts', () => {
  it('are the documented values, and the whole request’s deadline is above the sync body deadline', () => {
    expect(SERVER_TIMEOUTS).toEqual({
      headersTimeout: 20_000,
      requestTimeout: 120_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 5_000,
    });
    expect(SERVER_TIMEOUTS.requestTimeout).toBeGreaterThan(DEFAULT_SYNC_LIMITS.bodyTimeoutMs);
  });

  /** The host with short server timeouts (and a short live heartbeat). */
  async function shortTimeoutHost(): Promise<RunningHost & { dir: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'notepad-timeouts-'));
    const env = { ...TEST_ENV, SYNC_DB_PATH: join(dir, 'sync.sqlite'), USAGE_DB_PATH: join(dir, 'usage.sqlite'), SYNC_HEARTBEAT_MS: '200' };
    const sync = await createSyncService(env);
    const host = await startServer({
      port: 0,
      host: '127.0.0.1',
      distDir: join(dir, 'dist'),
      functions: createFunctions(env),
      sync,
      timeouts: { headersTimeout: 1000, requestTimeout: 1500, keepAliveTimeout: 500, connectionsCheckingInterval: 100 },
    });
    stops.push(async () => {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return Object.assign(host, { dir });
  }

  it('answer stalled headers and a stalled function body with 408 JSON and close the connection', async () => {
    const host = await shortTimeoutHost();
    const headers = stalledRequest(host.url, 'POST /functions/v1/summarize HTTP/1.1\r\nHost: x\r\nContent-Type: appl');
    const body = stalledRequest(
      host.url,
      'POST /functions/v1/summarize HTTP/1.1\r\nHost: x\r\napikey: test-anon-key\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n',
      '{"text": "half a',
    );
    for (const answer of [await headers.answer, await body.answer]) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('{"error":"The request took too long to arrive"}');
    }
  });

  it('keep a live stream open past every deadline: it is an answer being sent, not a request arriving', async () => {
    const host = await shortTimeoutHost();
    const client = await new SyncClient(host.url).register('long-stream@example.com');
    const stream = await openLive(client, newDeviceId());
    let ended = false;
    void stream.ended.then(() => (ended = true));
    await new Promise((r) => setTimeout(r, 3000));
    expect(ended).toBe(false);
    expect(stream.comments).toBeGreaterThanOrEqual(5);
    await client.push(newDeviceId(), [noteEvent('note.created', { id: '1700000000002', title: 'late' })]);
    await stream.waitForHead(1);
    stream.close();
  });
});
