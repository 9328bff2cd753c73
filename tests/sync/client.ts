/**
 * A small sync client for the tests and the bench (docs/sync.md): an account's cookie jar, the
 * better-auth calls, and each sync endpoint, answering status and parsed JSON. Requests carry the
 * host's own Origin, as a same-origin page would; every request has a deadline.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { withDeadline } from '../support/deadline';

/** Connections are kept alive and shared by every client of this process, like a browser's. */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** A parsed answer. */
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  json: T;
  /** Bytes received on the wire (compressed when the answer was gzip). */
  wireBytes: number;
  /** Bytes of the JSON text. */
  textBytes: number;
}

/** An envelope as a device sends it (the app's event without `seq`). */
export interface WireEvent {
  v: number;
  id: string;
  at: string;
  type: string;
  payload: Record<string, unknown>;
  [key: string]: unknown;
}

/** A note event with a fresh uuid and the current time. */
export function noteEvent(type: string, payload: Record<string, unknown>, at = new Date()): WireEvent {
  return { v: 1, id: randomUUID(), at: at.toISOString(), type, payload };
}

/**
 * One account's view of a host. `origin` is the host's (sent as Origin); `cookie` is the
 * session cookie after signIn. Requests time out after `timeoutMs` (default 20 s).
 */
export class SyncClient {
  cookie: string | null = null;
  bearer: string | null = null;
  constructor(
    readonly hostUrl: string,
    readonly timeoutMs = 20_000,
  ) {}

  get origin(): string {
    return new URL(this.hostUrl).origin;
  }

  /** A raw request to a path of the host with this client's credentials. `gzip` asks for gzip answers. */
  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; gzip?: boolean; rawBody?: string | Uint8Array } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { Origin: this.origin, ...init.headers };
    if (this.cookie) headers.Cookie = this.cookie;
    if (this.bearer) headers.Authorization = `Bearer ${this.bearer}`;
    if (body !== undefined || init.rawBody !== undefined) headers['Content-Type'] ??= 'application/json';
    // fetch would inflate by itself and hide the wire size: ask explicitly and inflate here.
    headers['Accept-Encoding'] = init.gzip ? 'gzip' : 'identity';
    const payload = init.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    let sent: ReturnType<typeof httpRequest> | undefined;
    const run = () =>
      new Promise<Answer<T>>((resolve, reject) => {
        const target = new URL(path, this.hostUrl);
        const req = (sent = httpRequest(target, { method, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            try {
              const cookies = res.headers['set-cookie'] ?? [];
              const setCookie = cookies.find((c) => /^(__Secure-)?better-auth\.session_token=/.test(c));
              if (setCookie) this.cookie = /Max-Age=0/i.test(setCookie) ? null : setCookie.split(';')[0];
              const raw = Buffer.concat(chunks);
              const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
              let json: any = undefined;
              try {
                json = text ? JSON.parse(text) : undefined;
              } catch {
                json = text;
              }
              const answerHeaders = new Headers();
              for (const [name, value] of Object.entries(res.headers)) {
                for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, one);
              }
              resolve({
                status: res.statusCode ?? 0,
                headers: answerHeaders,
                json,
                wireBytes: raw.byteLength,
                textBytes: Buffer.byteLength(text),
              });
            } catch (error) {
              reject(error);
            }
          });
        }));
        req.on('error', reject);
        req.end(payload === undefined ? undefined : typeof payload === 'string' ? payload : Buffer.from(payload));
      });
    // A request past its deadline is destroyed, so it holds neither a socket nor the server's close.
    return withDeadline(run(), this.timeoutMs, `${method} ${path}`).catch((error: unknown) => {
      sent?.destroy();
      throw error;
    });
  }

  /** better-auth sign-up (answers the same for a new and an existing address). */
  signUp(email: string, password: string, name = 'Test user') {
    return this.request('POST', '/api/auth/sign-up/email', { email, password, name });
  }
  /** better-auth sign-in; keeps the session cookie. */
  signIn(email: string, password: string) {
    return this.request('POST', '/api/auth/sign-in/email', { email, password });
  }
  /** Signs up then signs in. @throws when either fails. */
  async register(email: string, password = 'correct horse battery staple'): Promise<this> {
    const up = await this.signUp(email, password);
    if (up.status !== 200) throw new Error(`sign-up ${up.status}: ${JSON.stringify(up.json)}`);
    const inn = await this.signIn(email, password);
    if (inn.status !== 200 || !this.cookie) throw new Error(`sign-in ${inn.status}: ${JSON.stringify(inn.json)}`);
    return this;
  }
  signOut() {
    return this.request('POST', '/api/auth/sign-out', {});
  }
  revokeSessions() {
    return this.request('POST', '/api/auth/revoke-sessions', {});
  }
  session() {
    return this.request('GET', '/api/auth/get-session');
  }
  deleteAccount(password: string) {
    return this.request('POST', '/api/auth/delete-user', { password });
  }

  push(deviceId: string, events: unknown[]) {
    return this.request<{
      accepted: { id: string; serverSeq: number }[];
      duplicates: { id: string; serverSeq: number }[];
      head: number;
      error?: string;
      refused?: { id: string; reason: string }[];
    }>('POST', '/functions/v1/sync/push', { deviceId, events });
  }
  pull(deviceId: string, after = 0, limit?: number, gzip = false) {
    const query = new URLSearchParams({ deviceId, after: String(after) });
    if (limit !== undefined) query.set('limit', String(limit));
    return this.request<{ events: { serverSeq: number; deviceId: string; event: WireEvent }[]; head: number; more: boolean }>(
      'GET',
      `/functions/v1/sync/pull?${query}`,
      undefined,
      { gzip },
    );
  }
  /** Pulls every page after `after` (gzip answers when `gzip`). @returns the events, the number of requests and the bytes received. */
  async pullAll(deviceId: string, after = 0, gzip = false) {
    const events: { serverSeq: number; deviceId: string; event: WireEvent }[] = [];
    let pages = 0;
    let wireBytes = 0;
    let textBytes = 0;
    for (;;) {
      const page = await this.pull(deviceId, after, undefined, gzip);
      pages++;
      wireBytes += page.wireBytes;
      textBytes += page.textBytes;
      if (page.status !== 200) throw new Error(`pull ${page.status}: ${JSON.stringify(page.json)}`);
      events.push(...page.json.events);
      if (page.json.events.length) after = page.json.events[page.json.events.length - 1].serverSeq;
      if (!page.json.more) return { events, head: page.json.head, pages, wireBytes, textBytes };
    }
  }
  head(deviceId: string) {
    return this.request<{ head: number; error?: string }>('GET', `/functions/v1/sync/head?deviceId=${encodeURIComponent(deviceId)}`);
  }
  putSnapshot(deviceId: string, serverSeq: number, state: unknown, format = 'notes-state/1') {
    return this.request('PUT', '/functions/v1/sync/snapshot', { deviceId, serverSeq, format, state });
  }
  getSnapshot(deviceId: string, gzip = false) {
    return this.request('GET', `/functions/v1/sync/snapshot?deviceId=${encodeURIComponent(deviceId)}`, undefined, { gzip });
  }
  nameDevice(deviceId: string, name: string) {
    return this.request('PUT', '/functions/v1/sync/device', { deviceId, name });
  }
  devices(deviceId: string) {
    return this.request('GET', `/functions/v1/sync/devices?deviceId=${encodeURIComponent(deviceId)}`);
  }
}

/** A random device id of 22 characters. */
export function newDeviceId(): string {
  return randomUUID().replace(/-/g, '').slice(0, 22);
}
