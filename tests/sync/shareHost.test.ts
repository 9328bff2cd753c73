// Shared links on the host (docs/sync.md "Shared links"), on SQLite and on Postgres: the owner alone
// stores and deletes a link's sealed copy (session and cookie origin rule as every sync call),
// anyone with the id reads it, within the caps; the host's clock ends it; stopping it or deleting
// the account removes it at once; no word of the note and no key reaches the host's files.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHARE_BYTES, MIN_KDF } from '../../catalog/index.ts';
import { SHARE_ANSWER, SHARE_LIST_ANSWER } from '../../catalog/wireSchemas.ts';
import { openShare } from '../../src/services/share/shareOpen';
import { newContentKey, newLink, sealShare, shareTag, wrapContentKey } from '../../src/services/share/shareSeal';
import { newDeviceId, SyncClient } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncHost, type InProcessHost } from './host';
import { sendRaw } from '../support/rawRequest';

const cluster = usePostgresCluster();
let databases = 0;
const PASSWORD = 'correct horse battery staple';
const NOTE = { title: 'Saffron risotto', html: '<p>Toast the arborio, then the quince stock</p>', modified: '2026-11-27T10:00:00.000Z' };
const WORDS = ['Saffron', 'risotto', 'arborio', 'quince stock'];

/** A link made as the app makes it: keys, the sealed copy and its fingerprint. */
async function makeLink(note = NOTE, password: string | null = null) {
  const { id, linkKey } = newLink();
  const contentKey = newContentKey();
  const { wrap, kdf } = await wrapContentKey(id, linkKey, contentKey, password);
  const share = await sealShare(id, { contentKey, wrap, kdf }, note);
  const tag = await shareTag(contentKey, { revision: 'rev-1', title: note.title, modified: note.modified });
  return { id, linkKey, contentKey, share, tag };
}

const put = (client: SyncClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.request('PUT', '/functions/v1/sync/share', body, { headers });
const remove = (client: SyncClient, deviceId: string, id: string) =>
  client.request('DELETE', `/functions/v1/sync/share?deviceId=${deviceId}&id=${id}`);
const list = (client: SyncClient, deviceId: string) => client.request('GET', `/functions/v1/sync/shares?deviceId=${deviceId}`);
/** A read by someone with nothing but the link, from `address` (the host counts reads by the proxy header the test host trusts). */
const read = (host: InProcessHost, id: string, address = '198.51.100.1') =>
  new SyncClient(host.url).request('GET', `/functions/v1/sync/share?id=${encodeURIComponent(id)}`, undefined, {
    headers: { 'x-test-client': address },
  });

/** Every byte the host keeps: the SQLite files of its folder, or a pg_dump of its database. */
function hostBytes(host: InProcessHost, databaseUrl: string): string {
  if (databaseUrl) return execFileSync('pg_dump', ['--no-owner', databaseUrl], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return readdirSync(host.dir)
    .filter((name) => name.includes('.sqlite'))
    .map((name) => readFileSync(join(host.dir, name)).toString('latin1'))
    .join('\n');
}

describe.each(['sqlite', 'postgres'])('shared links on %s', (kind) => {
  let host: InProcessHost;
  let databaseUrl = '';
  let alice: SyncClient;
  let bob: SyncClient;
  const device = newDeviceId();
  const bobDevice = newDeviceId();
  beforeAll(async () => {
    databaseUrl = kind === 'postgres' ? await cluster().createDatabase(`shares_${++databases}`) : '';
    host = await startSyncHost({
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      AUTH_PROXY_IP_HEADER: 'x-test-client',
      SYNC_MAX_SHARES: '3',
      SHARE_READS_MAX: '5',
    });
    [alice, bob] = await Promise.all([
      new SyncClient(host.url).register(`alice-shares-${kind}@example.com`),
      new SyncClient(host.url).register(`bob-shares-${kind}@example.com`),
    ]);
  }, 60_000);
  afterAll(async () => host?.close());

  it('stores a copy for its owner and serves it to anyone with the id, which opens with the link key only', async () => {
    const link = await makeLink(NOTE, PASSWORD);
    const stored = await put(alice, { deviceId: device, id: link.id, expiresAt: null, tag: link.tag, share: link.share });
    expect(stored.status).toBe(200);
    expect(stored.json).toEqual({ id: link.id, expiresAt: null });
    const got = await read(host, link.id, '198.51.100.10');
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('no-store');
    // What the app reads by the catalog's schemas (src/services/share/shareApi.ts), field for field.
    const answer = v.parse(SHARE_ANSWER, got.json);
    expect(answer).toEqual(got.json);
    expect(answer.share).toEqual(link.share);
    expect(Date.parse(answer.updatedAt)).not.toBeNaN();
    expect(await openShare(link.id, link.linkKey, answer.share, PASSWORD)).toEqual(NOTE);
    const listed = await list(alice, device);
    expect(v.parse(SHARE_LIST_ANSWER, listed.json)).toEqual(listed.json);
    expect(listed.json.shares).toEqual([
      expect.objectContaining({ id: link.id, expiresAt: null, expired: false, tag: link.tag, bytes: JSON.stringify(link.share).length }),
    ]);
    await remove(alice, device, link.id);
  });

  it('lets only the owner replace, change or delete a link, with a session and from the app’s origin', async () => {
    const link = await makeLink();
    expect((await put(alice, { deviceId: device, id: link.id, expiresAt: null, tag: link.tag, share: link.share })).status).toBe(200);
    const other = await makeLink({ ...NOTE, title: 'Not Alice’s' });
    // Another account cannot take the id, change it or delete it; it lists none of it.
    expect((await put(bob, { deviceId: bobDevice, id: link.id, expiresAt: null, tag: other.tag, share: other.share })).status).toBe(403);
    expect((await put(bob, { deviceId: bobDevice, id: link.id, expiresAt: null, tag: other.tag })).status).toBe(403);
    expect((await remove(bob, bobDevice, link.id)).json).toEqual({ deleted: false });
    expect((await list(bob, bobDevice)).json).toEqual({ shares: [] });
    // Without a session, or from another site with the cookie: refused before anything is read.
    const anonymous = new SyncClient(host.url);
    expect((await put(anonymous, { deviceId: device, id: link.id, expiresAt: null, tag: other.tag, share: other.share })).status).toBe(401);
    expect((await remove(anonymous, device, link.id)).status).toBe(401);
    const crossSite = { deviceId: device, id: link.id, expiresAt: null, tag: other.tag, share: other.share };
    expect((await put(alice, crossSite, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await put(alice, crossSite, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await read(host, link.id, '198.51.100.11')).json.share).toEqual(link.share);
    // The owner replaces the copy and changes its options.
    const newer = await sealShare(
      link.id,
      { contentKey: link.contentKey, wrap: link.share.wrap, kdf: null },
      { ...NOTE, html: '<p>Edited</p>' },
    );
    expect((await put(alice, { deviceId: device, id: link.id, expiresAt: null, tag: link.tag, share: newer })).status).toBe(200);
    expect((await read(host, link.id, '198.51.100.11')).json.share).toEqual(newer);
    const week = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect((await put(alice, { deviceId: device, id: link.id, expiresAt: week, tag: link.tag })).json).toEqual({
      id: link.id,
      expiresAt: week,
    });
    expect((await list(alice, device)).json.shares[0]).toMatchObject({ id: link.id, expiresAt: week, expired: false });
    // Stopping it removes it at once.
    expect((await remove(alice, device, link.id)).json).toEqual({ deleted: true });
    const gone = await read(host, link.id, '198.51.100.11');
    expect(gone.status).toBe(404);
    expect(gone.json.error).toMatch(/stopped/);
    expect((await put(alice, { deviceId: device, id: link.id, expiresAt: null, tag: link.tag })).status).toBe(404);
  });

  it('refuses what is not a sealed copy, bad ids, fingerprints and expiries, naming the field', async () => {
    const link = await makeLink();
    const body = { deviceId: device, id: link.id, expiresAt: null, tag: link.tag, share: link.share };
    const refused = async (change: Record<string, unknown>, message: RegExp) => {
      const answer = await put(alice, { ...body, ...change });
      expect(answer.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(answer.json.error).toMatch(message);
    };
    await refused({ id: 'short' }, /^id must/);
    await refused({ tag: 'x' }, /^tag must/);
    await refused({ expiresAt: new Date(Date.now() - 1000).toISOString() }, /^expiresAt must/);
    await refused({ expiresAt: new Date(Date.now() + 40 * 86_400_000).toISOString() }, /^expiresAt must/);
    await refused({ share: { ...link.share, title: NOTE.title } }, /^share\.title is not a field/);
    await refused({ share: { ...link.share, v: 2 } }, /^share\.v must be 1/);
    await refused({ share: { ...link.share, c: 'not base64!' } }, /^share\.c must/);
    await refused(
      {
        share: {
          ...link.share,
          kdf: { alg: 'argon2id', memoryKiB: MIN_KDF.memoryKiB - 1, iterations: 3, parallelism: 1, salt: 'AAAAAAAAAAAAAAAAAAAAAA' },
        },
      },
      /^share\.kdf\.memoryKiB/,
    );
    await refused({ deviceId: 'x' }, /^deviceId/);
    expect((await list(alice, device)).json.shares.map((s: { id: string }) => s.id)).not.toContain(link.id);
    const ids = ['short', 'a'.repeat(23), '%2F..%2F'];
    for (const id of ids) expect((await read(host, id, '198.51.100.12')).status).toBe(400);
  });

  it('caps a copy’s size and an account’s live links; a link made beyond them is not stored', async () => {
    const carol = await new SyncClient(host.url).register(`carol-shares-${kind}@example.com`);
    const carolDevice = newDeviceId();
    const links = await Promise.all([1, 2, 3, 4].map(() => makeLink()));
    for (const link of links.slice(0, 3))
      expect((await put(carol, { deviceId: carolDevice, id: link.id, expiresAt: null, tag: link.tag, share: link.share })).status).toBe(
        200,
      );
    const fourth = await put(carol, { deviceId: carolDevice, id: links[3].id, expiresAt: null, tag: links[3].tag, share: links[3].share });
    expect(fourth.status).toBe(409);
    expect(fourth.json.error).toBe('This account shares 3 notes already: stop sharing one to share another');
    expect((await read(host, links[3].id, '198.51.100.13')).status).toBe(404);
    // Stopping one frees its place.
    await remove(carol, carolDevice, links[0].id);
    expect(
      (await put(carol, { deviceId: carolDevice, id: links[3].id, expiresAt: null, tag: links[3].tag, share: links[3].share })).status,
    ).toBe(200);
    // A copy over the limit: 413, or the connection cut while it is still sent (docs/sync.md "Endpoints"); nothing stored.
    const huge = { ...links[1].share, c: 'A'.repeat(MAX_SHARE_BYTES) };
    const tooLarge = await sendRaw({
      url: `${host.url}functions/v1/sync/share`,
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: carol.cookie!, Origin: carol.origin },
      body: JSON.stringify({ deviceId: carolDevice, id: links[1].id, expiresAt: null, tag: links[1].tag, share: huge }),
    });
    expect(tooLarge.kind === 'no-answer' || tooLarge.status === 413, JSON.stringify(tooLarge).slice(0, 200)).toBe(true);
    expect((await read(host, links[1].id, '198.51.100.13')).json.share).toEqual(links[1].share);
  });

  it('limits the reads of one address, not of another', async () => {
    const link = await makeLink();
    await put(alice, { deviceId: device, id: link.id, expiresAt: null, tag: link.tag, share: link.share });
    for (let i = 0; i < 5; i++) expect((await read(host, link.id, '203.0.113.7')).status).toBe(200);
    const limited = await read(host, link.id, '203.0.113.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await read(host, link.id, '203.0.113.8')).status).toBe(200);
    await remove(alice, device, link.id);
  });

  it('ends a link at its expiry by the host’s clock: it answers as gone and its copy is deleted, until a new copy comes', async () => {
    const link = await makeLink();
    const soon = new Date(Date.now() + 1500).toISOString();
    expect((await put(alice, { deviceId: device, id: link.id, expiresAt: soon, tag: link.tag, share: link.share })).status).toBe(200);
    expect((await read(host, link.id, '198.51.100.14')).status).toBe(200);
    let reader = 0;
    await expect
      .poll(async () => (await read(host, link.id, `198.51.100.${100 + ++reader}`)).status, { timeout: 10_000, interval: 250 })
      .toBe(410);
    const gone = await read(host, link.id, '198.51.100.16');
    expect(gone.json).toEqual({ error: 'This link has expired' });
    expect((await list(alice, device)).json.shares.find((s: { id: string }) => s.id === link.id)).toMatchObject({
      expired: true,
      bytes: 0,
    });
    expect(hostBytes(host, databaseUrl)).not.toContain(link.share.c.slice(0, 64));
    // New options alone do not bring it back; a new copy does.
    expect((await put(alice, { deviceId: device, id: link.id, expiresAt: null, tag: link.tag })).status).toBe(410);
    expect((await put(alice, { deviceId: device, id: link.id, expiresAt: null, tag: link.tag, share: link.share })).status).toBe(200);
    expect((await read(host, link.id, '198.51.100.17')).status).toBe(200);
    await remove(alice, device, link.id);
  });

  it('keeps no word of a shared note and no key in its files, and forgets the links of a deleted account', async () => {
    const dave = await new SyncClient(host.url).register(`dave-shares-${kind}@example.com`, PASSWORD);
    const daveDevice = newDeviceId();
    const links = [await makeLink(), await makeLink(NOTE, PASSWORD)];
    for (const link of links)
      expect((await put(dave, { deviceId: daveDevice, id: link.id, expiresAt: null, tag: link.tag, share: link.share })).status).toBe(200);
    const stored = hostBytes(host, databaseUrl);
    expect(stored).toContain(links[0].share.c.slice(0, 64));
    for (const secret of [...WORDS, PASSWORD, ...links.flatMap((l) => [l.linkKey, l.contentKey])]) expect(stored).not.toContain(secret);
    expect((await dave.deleteAccount(`dave-shares-${kind}@example.com`, PASSWORD)).status).toBe(200);
    for (const link of links) expect((await read(host, link.id, '198.51.100.18')).status).toBe(404);
    const after = hostBytes(host, databaseUrl);
    for (const link of links) expect(after).not.toContain(link.id);
  });
});
