/**
 * A small sync client for the tests and the bench (docs/sync.md): an account's cookie jar, the
 * better-auth calls, and each sync endpoint, answering status and parsed JSON. Requests carry the
 * host's own Origin, as a same-origin page would; every request has a deadline.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { type KeyBundle, type SaltAnswer, type SealedEvent } from '../../catalog/index.ts';
import { createAccountKeys, derivePasswordSecrets, newKdf, unlockWithPassword } from '../../src/services/sync/e2ee/deviceKeys';
import { openEvent, sealCheckpoint, sealEvent } from '../../src/services/sync/e2ee/seal';
import { withDeadline } from '../support/deadline';
import { openCheckpoint } from '../support/openCheckpoint';

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

/** An event before it is sealed, as a device makes it (the app's event without `seq`). */
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
  /** The account this client signed in to and its unlocked account key: `push` seals with it, `opened` opens. */
  keyring: { userId: string; key: CryptoKey } | null = null;
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
    const run = (retried = false): Promise<Answer<T>> =>
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
        req.on('error', (error: NodeJS.ErrnoException) => {
          // The host closed an idle kept-alive socket as this request went out on it (its keep-alive
          // timeout): the request never reached it, so it is sent once more on a new socket, as Node's docs advise.
          if (!retried && req.reusedSocket && error.code === 'ECONNRESET') run(true).then(resolve, reject);
          else reject(error);
        });
        req.end(payload === undefined ? undefined : typeof payload === 'string' ? payload : Buffer.from(payload));
      });
    // A request past its deadline is destroyed, so it holds neither a socket nor the server's close.
    return withDeadline(run(), this.timeoutMs, `${method} ${path}`).catch((error: unknown) => {
      sent?.destroy();
      throw error;
    });
  }

  /**
   * Sign up as the app does (docs/sync.md "Keys"): the login secret of `password` with the KDF
   * parameters the salt endpoint answers for the address (the host takes no others), and the
   * wrapped keys. Answers the same for a new and an existing address; `extra` overrides body fields.
   */
  async signUp(email: string, password: string, name = 'Test user', extra: Record<string, unknown> = {}) {
    return this.request('POST', '/api/auth/sign-up/email', { ...(await this.signUpBody(email, password, name)), ...extra });
  }
  /** The body of a sign-up as the app sends it (see signUp); keeps the account key and recovery key made. */
  async signUpBody(email: string, password: string, name = 'Test user') {
    const salt = await this.salt(email.trim());
    const kdf = salt.status === 200 && 'kdf' in salt.json ? salt.json.kdf : newKdf();
    const { loginSecret, kek } = await derivePasswordSecrets(password, kdf);
    const made = await createAccountKeys(kdf, kek);
    this.pendingKey = made.accountKey;
    this.recoveryKey = made.recoveryKey;
    return { email, password: loginSecret, name, notepadKeys: JSON.stringify({ state: 'active', keys: made.bundle }) };
  }
  /** The login secret of `password` for `email`'s account (its salt from the host), as the app sends it instead of the password. */
  async loginSecret(email: string, password: string): Promise<string> {
    const salt = await this.salt(email);
    if (!('kdf' in salt.json)) throw new Error(`no salt for ${email}: ${JSON.stringify(salt.json)}`);
    return (await derivePasswordSecrets(password, salt.json.kdf)).loginSecret;
  }
  /** The account key made at the last sign-up, until the sign-in that unlocks it. */
  private pendingKey: CryptoKey | null = null;
  /** The recovery key shown at the last sign-up. */
  recoveryKey: string | null = null;
  /** The salt endpoint's answer for `email`. */
  salt(email: string) {
    return this.request<SaltAnswer>('POST', '/functions/v1/sync/salt', { email });
  }
  /** The account's keys as the host keeps them. */
  keys() {
    return this.request<{ state: string; keys: KeyBundle | null }>('GET', '/functions/v1/sync/keys');
  }
  /** better-auth sign-in with `secret` as the password, as it is sent (a login secret, or an old account's password). */
  signInRaw(email: string, secret: string) {
    return this.request('POST', '/api/auth/sign-in/email', { email, password: secret });
  }
  /**
   * Sign in as the app does: the salt, the login secret of `password`, then the account key
   * unwrapped (kept in `keyring`). An account made before end-to-end encryption signs in with the password.
   */
  async signIn(email: string, password: string) {
    const salt = await this.salt(email);
    if (salt.status !== 200) return salt;
    if ('upgrade' in salt.json) return this.signInRaw(email, password);
    const { loginSecret, kek } = await derivePasswordSecrets(password, salt.json.kdf);
    const answer = await this.signInRaw(email, loginSecret);
    if (answer.status !== 200) return answer;
    const userId = (answer.json as { user: { id: string } }).user.id;
    const keys = await this.keys();
    if (keys.json?.state === 'active' && keys.json.keys) this.keyring = { userId, key: await unlockWithPassword(keys.json.keys, kek) };
    else if (this.pendingKey) this.keyring = { userId, key: this.pendingKey };
    return answer;
  }
  /** Signs up then signs in (the account key unlocked in `keyring`). @throws when either fails. */
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
  /** Delete the account, proving the password as the app does (its login secret). */
  async deleteAccount(email: string, password: string) {
    const salt = await this.salt(email);
    const secret = 'kdf' in salt.json ? (await derivePasswordSecrets(password, salt.json.kdf)).loginSecret : password;
    return this.request('POST', '/api/auth/delete-user', { password: secret });
  }

  /** Seal `event` with this client's account key (as a device does before pushing). */
  async seal(event: Record<string, unknown>): Promise<SealedEvent> {
    if (!this.keyring) throw new Error('seal: not signed in with keys');
    return sealEvent(this.keyring.key, this.keyring.userId, event);
  }
  /** Open a pulled event with this client's account key. @throws SealError when it does not open. */
  async open(event: SealedEvent): Promise<Record<string, unknown>> {
    if (!this.keyring) throw new Error('open: not signed in with keys');
    return openEvent(this.keyring.key, this.keyring.userId, event);
  }
  /** Push `events` as a device does: each one in clear (with a `type`) is sealed first; others go as they are. */
  async push(deviceId: string, events: unknown[]) {
    const sealed = await Promise.all(
      events.map((e) => (this.keyring && typeof e === 'object' && e !== null && 'type' in e ? this.seal(e as Record<string, unknown>) : e)),
    );
    return this.pushRaw(deviceId, sealed);
  }
  /** Push `events` exactly as given (nothing sealed). */
  pushRaw(deviceId: string, events: unknown[]) {
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
    return this.request<{ events: { serverSeq: number; deviceId: string; event: SealedEvent }[]; head: number; more: boolean }>(
      'GET',
      `/functions/v1/sync/pull?${query}`,
      undefined,
      { gzip },
    );
  }
  /** Pulls every page after `after` (gzip answers when `gzip`). @returns the events, the number of requests and the bytes received. */
  async pullAll(deviceId: string, after = 0, gzip = false) {
    const events: { serverSeq: number; deviceId: string; event: SealedEvent }[] = [];
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
  /** Upload `state` as the account's checkpoint at `serverSeq`, sealed as a device does. */
  async putSnapshot(deviceId: string, serverSeq: number, state: unknown) {
    if (!this.keyring) throw new Error('putSnapshot: not signed in with keys');
    const sealed = await sealCheckpoint(this.keyring.key, this.keyring.userId, serverSeq, state);
    return this.request('PUT', '/functions/v1/sync/snapshot', { deviceId, ...sealed });
  }
  /** Open a downloaded checkpoint (`{serverSeq, format, c}`) with this client's key. */
  async openSnapshot(checkpoint: { serverSeq: number; format: string; c: string }): Promise<unknown> {
    if (!this.keyring) throw new Error('openSnapshot: not signed in with keys');
    return openCheckpoint(this.keyring.key, this.keyring.userId, checkpoint);
  }
  getSnapshot(deviceId: string, gzip = false) {
    return this.request('GET', `/functions/v1/sync/snapshot?deviceId=${encodeURIComponent(deviceId)}`, undefined, { gzip });
  }
  devices(deviceId: string) {
    return this.request('GET', `/functions/v1/sync/devices?deviceId=${encodeURIComponent(deviceId)}`);
  }
}

/** A random device id of 22 characters. */
export function newDeviceId(): string {
  return randomUUID().replace(/-/g, '').slice(0, 22);
}
