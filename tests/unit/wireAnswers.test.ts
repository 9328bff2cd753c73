// The app's sync, shared-link and key calls read every successful answer by its catalog schema
// (catalog/wire.ts, keys.ts, share.ts; docs/sync.md "A host that lies"): against a fake host on
// 127.0.0.1 that answers 200 with bodies of another shape, each call fails as for any bad answer
// (a SyncError `refused` for sync and links, the dialog's server words for keys), naming what is wrong.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky from 'ky';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpShareApi } from '../../src/services/share/shareApi';
import { AccountError, SERVER_PROBLEM_MESSAGE } from '../../src/services/sync/account';
import { httpSyncTransport } from '../../src/services/sync/httpTransport';
import { httpKeysApi } from '../../src/services/sync/keysApi';
import { UNREADABLE_ANSWER } from '../../src/services/sync/syncHttp';
import { SyncError } from '../../src/services/sync/transport';
import { rejection } from '../support/rejection';

const DEVICE = 'web-0123456789abcdef';
const KDF = { alg: 'argon2id', memoryKiB: 19_456, iterations: 2, parallelism: 1, salt: 'AAAAAAAAAAAAAAAAAAAAAA' };

/** The fake host's answer to `METHOD /path` (without the sync prefix): a status and a body, JSON unless text. */
const answers = new Map<string, { status: number; body: unknown }>();
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://host').pathname.replace('/functions/v1/sync', '');
      const answer = answers.get(`${req.method} ${path}`) ?? { status: 500, body: { error: 'no answer set' } };
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => answers.clear());
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

const answer = (route: string, body: unknown, status = 200) => answers.set(route, { status, body });

/** The SyncError a call fails with (the test fails when it does not). */
const syncFailure = (call: Promise<unknown>) => rejection(call, SyncError);

describe('the sync transport', () => {
  const wire = () => httpSyncTransport(origin, ky);

  it('reads a well-formed push answer and drops fields the catalog does not name', async () => {
    answer('POST /push', { accepted: [{ id: 'event-0001', serverSeq: 7 }], duplicates: [], refused: [], head: 7, extra: 'x' });
    expect(await wire().push(DEVICE, [])).toEqual({ accepted: [{ id: 'event-0001', serverSeq: 7 }], duplicates: [], refused: [], head: 7 });
  });

  it('refuses a push answer without its lists, naming the missing one, with the answer’s status', async () => {
    answer('POST /push', { accepted: [], head: 3 });
    const error = await syncFailure(wire().push(DEVICE, []));
    expect(error.failure).toBe('refused');
    expect(error.status).toBe(200);
    expect(error.message).toContain(UNREADABLE_ANSWER);
    expect(error.message).toContain('duplicates');
  });

  it('refuses an answer that is not JSON', async () => {
    answer('GET /pull', 'Service temporarily unavailable');
    const error = await syncFailure(wire().pull(DEVICE, 0));
    expect(error.message).toBe(`${UNREADABLE_ANSWER} (not JSON)`);
  });

  it('refuses a pull page whose positions are not whole counts, naming the field', async () => {
    for (const [page, path] of [
      [{ events: [{ serverSeq: '1', deviceId: DEVICE, event: {} }], head: 1, more: false }, 'events.0.serverSeq'],
      [{ events: [], head: 1.5, more: false }, 'head'],
      [{ events: [], head: -1, more: false }, 'head'],
      [{ events: [null], head: 1, more: false }, 'events.0'],
      [{ events: [], head: 1 }, 'more'],
    ] as const) {
      answer('GET /pull', page);
      const error = await syncFailure(wire().pull(DEVICE, 0));
      expect(error.failure).toBe('refused');
      expect(error.message, JSON.stringify(page)).toMatch(new RegExp(`^${UNREADABLE_ANSWER} \\(${path.replace('.', '\\.')}: `));
    }
  });

  it('passes every stored event of a page on as the host sent it, in clear or sealed, for the device to open or skip', async () => {
    const inClear = { v: 1, id: 'event-0002', at: '2026-01-01T00:00:00.000Z', type: 'note.created', payload: { id: '1' } };
    answer('GET /pull', { events: [{ serverSeq: 1, deviceId: DEVICE, event: inClear }], head: 1, more: false });
    expect(await wire().pull(DEVICE, 0)).toEqual({ events: [{ serverSeq: 1, deviceId: DEVICE, event: inClear }], head: 1, more: false });
  });

  it('reads a checkpoint, null when the host has none, and refuses one without its sealed state', async () => {
    answer('GET /snapshot', { error: 'No snapshot yet: pull from serverSeq 0' }, 404);
    expect(await wire().checkpoint(DEVICE)).toBeNull();
    answer('GET /snapshot', { serverSeq: 4, format: 'notes-state/4+gzip', createdAt: '2026-01-01T00:00:00.000Z', c: 'AAAA' });
    expect(await wire().checkpoint(DEVICE)).toEqual({ serverSeq: 4, format: 'notes-state/4+gzip', c: 'AAAA' });
    answer('GET /snapshot', { serverSeq: 4, format: 'notes-state/4+gzip', c: { order: [] } });
    expect((await syncFailure(wire().checkpoint(DEVICE))).message).toMatch(new RegExp(`^${UNREADABLE_ANSWER} \\(c: `));
  });
});

describe('the shared-link calls', () => {
  const api = () => httpShareApi(origin, ky);
  const listing = { id: 'link', createdAt: 'a', updatedAt: 'b', expiresAt: null, expired: false, bytes: 10, tag: 't' };

  it('read the account’s links and refuse a listing of another shape', async () => {
    answer('GET /shares', { shares: [listing] });
    expect(await api().list(DEVICE)).toEqual([listing]);
    answer('GET /shares', { shares: [{ ...listing, expired: 'no' }] });
    const error = await syncFailure(api().list(DEVICE));
    expect(error.failure).toBe('refused');
    expect(error.message).toMatch(new RegExp(`^${UNREADABLE_ANSWER} \\(shares\\.0\\.expired: `));
  });

  it('read a link’s copy, null once stopped, and refuse a copy of another shape', async () => {
    const share = { v: 1, kdf: null, wrap: 'AAAA', c: 'BBBB' };
    answer('GET /share', { share, updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(await api().read('link')).toEqual(share);
    answer('GET /share', { error: 'No note is shared by this link' }, 404);
    expect(await api().read('link')).toBeNull();
    answer('GET /share', { share: { ...share, kdf: { alg: 'scrypt' } }, updatedAt: 'x' });
    expect((await syncFailure(api().read('link'))).message).toMatch(new RegExp(`^${UNREADABLE_ANSWER} \\(share\\.kdf`));
  });
});

describe('the key calls', () => {
  const keys = () => httpKeysApi(origin, ky);

  /** The AccountError a call fails with, and what was logged of the answer. */
  async function accountFailure(call: () => Promise<unknown>): Promise<{ error: AccountError; logged: string }> {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const error = await call().then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(AccountError);
      return { error: error as AccountError, logged: String(warn.mock.calls[0]?.[0]) };
    } finally {
      warn.mockRestore();
    }
  }

  it('read the salt, the keys, the recovery wrap and what is left in clear when the host answers their shapes', async () => {
    answer('POST /salt', { upgrade: true });
    expect(await keys().salt('a@example.com')).toEqual({ upgrade: true });
    answer('POST /salt', { kdf: KDF });
    expect(await keys().salt('a@example.com')).toEqual({ kdf: KDF });
    answer('GET /keys', { state: 'none', keys: null });
    expect(await keys().read()).toEqual({ state: 'none', keys: null });
    answer('POST /recover', { userId: 'user-1', recoveryWrap: 'AAAA' });
    expect(await keys().recoveryWrap('a@example.com', 'proof')).toEqual({ userId: 'user-1', recoveryWrap: 'AAAA' });
    answer('POST /reseal', { resealed: 2, inClear: 5 });
    expect(await keys().reseal(DEVICE, [])).toBe(5);
  });

  it('fail with the dialog’s words for a server problem when an answer has another shape, logging what is wrong', async () => {
    const cases: [string, unknown, () => Promise<unknown>, string][] = [
      ['POST /salt', { kdf: { ...KDF, alg: 'scrypt' } }, () => keys().salt('a@example.com'), 'kdf.alg: '],
      ['POST /salt', 'not json', () => keys().salt('a@example.com'), '(not JSON)'],
      ['GET /keys', { state: 'lost', keys: null }, () => keys().read(), '(state: '],
      ['GET /keys', { state: 'active', keys: { kdf: KDF } }, () => keys().read(), '(keys.passwordWrap: '],
      ['POST /recover', { userId: 1, recoveryWrap: 'AAAA' }, () => keys().recoveryWrap('a@example.com', 'proof'), '(userId: '],
      ['POST /reseal', { resealed: 1, inClear: 'many' }, () => keys().reseal(DEVICE, []), '(inClear: '],
    ];
    for (const [route, body, call, path] of cases) {
      answer(route, body);
      const { error, logged } = await accountFailure(call);
      expect(error.failure, route).toBe('server');
      expect(error.message).toBe(SERVER_PROBLEM_MESSAGE);
      expect(logged).toContain(UNREADABLE_ANSWER);
      expect(logged).toContain(path);
    }
  });
});
