import { afterEach, describe, expect, it } from 'vitest';
import type { SealedShare, ShareListing, SharePutBody } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { EMPTY_SERVER_BASE } from '../../src/events/logFold';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import type { ShareApi } from '../../src/services/share/shareApi';
import { createLink, stopLink, type LinkDeps } from '../../src/services/share/shareLinks';
import { openShare } from '../../src/services/share/shareOpen';
import { publishShares } from '../../src/services/share/sharePublisher';

/**
 * The sync tab's keeper of the shared copies (docs/sync.md "Shared links"): a link that follows its
 * note gets a new copy after the note changes, one that stays as shared does not, the copies of
 * ended links are deleted, and a link the host holds but this device does not know is left alone.
 */

const RECORD = {
  userId: 'user-1',
  email: 'a@example.org',
  deviceId: 'device-one-0000',
  deviceName: 'One',
  ackedThrough: 0,
  since: '2026-11-27T10:00:00.000Z',
};
const NOTE = '1764000000001';
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** The host as a map of copies, recording every call. */
function fakeHost() {
  const copies = new Map<string, { share: SealedShare; tag: string; expiresAt: string | null }>();
  const calls: string[] = [];
  const api: ShareApi = {
    async put(body: SharePutBody) {
      calls.push(`put ${body.id}${body.share ? '' : ' options'}`);
      const held = copies.get(body.id);
      if (body.share) copies.set(body.id, { share: body.share, tag: body.tag, expiresAt: body.expiresAt });
      else if (held) held.expiresAt = body.expiresAt;
    },
    async remove(_device, id) {
      calls.push(`remove ${id}`);
      copies.delete(id);
    },
    async list(): Promise<ShareListing[]> {
      calls.push('list');
      return [...copies].map(([id, c]) => ({
        id,
        createdAt: '',
        updatedAt: '',
        expiresAt: c.expiresAt,
        expired: false,
        bytes: 1,
        tag: c.tag,
      }));
    },
    async read(id) {
      return copies.get(id)?.share ?? null;
    },
  };
  return { api, copies, calls };
}

async function syncedLog() {
  const log = new EventLog({ storage: createMemoryLogStorage(), channel: null });
  await log.load();
  await log.serverSync.enterSync(RECORD, EMPTY_SERVER_BASE);
  await log.append('note.created', { id: NOTE, title: 'Packing list' });
  await log.append('note.body-saved', { id: NOTE, html: '<p>Tent</p>', base: log.state.notes.revs[NOTE].id });
  return log;
}

const deps = (log: EventLog, api: ShareApi): LinkDeps => ({
  log,
  api,
  deviceId: RECORD.deviceId,
  origin: 'https://notes.example',
  now: () => new Date(),
});
const keyOf = (url: string) => ({ id: new URL(url).pathname.split('/').pop()!, key: new URL(url).hash.slice(1) });

describe('the keeper of shared copies', () => {
  it('sends a new copy of a followed note after it changes, and none of a link that stays as shared', async () => {
    const log = await syncedLog();
    const host = fakeHost();
    const following = keyOf(await createLink(deps(log, host.api), NOTE, { expiry: 'never', password: null, follows: true }));
    const stays = keyOf(await createLink(deps(log, host.api), NOTE, { expiry: 'never', password: null, follows: false }));
    stops.push(publishShares(log, host.api, RECORD.deviceId, { delayMs: 0 }));
    await expect.poll(() => host.calls.filter((c) => c === 'list').length).toBeGreaterThan(0);
    expect(host.calls.filter((c) => c.startsWith('put'))).toEqual([`put ${following.id}`, `put ${stays.id}`]);

    await log.append('note.body-saved', { id: NOTE, html: '<p>Tent and stove</p>', base: log.state.notes.revs[NOTE].id });
    await expect
      .poll(async () => (await openShare(following.id, following.key, host.copies.get(following.id)!.share, null)).html)
      .toBe('<p>Tent and stove</p>');
    expect((await openShare(stays.id, stays.key, host.copies.get(stays.id)!.share, null)).html).toBe('<p>Tent</p>');
    await log.append('note.renamed', { id: NOTE, title: 'Camping' });
    await expect
      .poll(async () => (await openShare(following.id, following.key, host.copies.get(following.id)!.share, null)).title)
      .toBe('Camping');
    // Nothing changed since: another pass sends nothing.
    const puts = host.calls.filter((c) => c.startsWith('put')).length;
    await log.append('ui.sort-changed', { sort: 'alpha' });
    await log.append('note.starred', { id: NOTE });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(host.calls.filter((c) => c.startsWith('put')).length).toBe(puts);
  });

  it('deletes the copies of ended links, also when the stop could not reach the host; leaves links it does not know', async () => {
    const log = await syncedLog();
    const host = fakeHost();
    const link = keyOf(await createLink(deps(log, host.api), NOTE, { expiry: 'never', password: null, follows: true }));
    host.copies.set('c29tZW9uZS1lbHNlcy1saW5r', { share: host.copies.get(link.id)!.share, tag: 'x', expiresAt: null });
    const offline: ShareApi = { ...host.api, remove: () => Promise.reject(new Error('offline')) };
    await stopLink(deps(log, offline), link.id);
    expect(host.copies.has(link.id)).toBe(true);
    stops.push(publishShares(log, host.api, RECORD.deviceId, { delayMs: 0 }));
    await expect.poll(() => host.copies.has(link.id)).toBe(false);
    expect(host.copies.has('c29tZW9uZS1lbHNlcy1saW5r')).toBe(true);
  });
});
