import { describe, expect, it } from 'vitest';
import { openBytes, openEvent, sealBytes, sealEvent, sealedEventBytes, SealError, splitEvent } from '../../src/services/sync/e2ee/seal';
import { utf8Length } from '../../catalog';

/**
 * Sealed events (docs/sync.md "Threat model", compression): a large event's inner text is compressed
 * before it is sealed, a small one is sealed as it is, both open to the event, and bytes that claim
 * to be compressed but are not open to nothing.
 */

const USER = 'user-1234';
const key = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
const aadOf = (e: { id: string; v: number; at: string; device: string }) =>
  JSON.stringify(['notepad/event/1', USER, e.id, e.v, e.at, e.device]);

const paragraph = 'A paragraph of twelve words that someone typed into a long note. '.repeat(6);
const change = {
  v: 5,
  id: '0c4a06e5-0000-4000-8000-000000000001',
  at: '2026-11-27T10:00:00.000Z',
  device: 'web-device-a1',
  type: 'note.changed',
  payload: {
    id: '1764230400000',
    base: '0c4a06e5-0000-4000-8000-000000000000',
    start: '0c4a06e5-0000-4000-8000-000000000000',
    update: 'AAEBAgMEBQYHCAkK',
    blocks: [
      {
        block: { id: 'p2', type: 'paragraph', content: [{ type: 'text', text: paragraph, styles: {} }] },
        html: `<div class="bn-block-outer" data-id="p2"><p class="bn-inline-content">${paragraph}</p></div>`,
      },
    ],
  },
};
const rename = { ...change, type: 'note.renamed', payload: { id: '1764230400000', title: 'Plans' } };

describe('sealing an event', () => {
  it('compresses a large event before sealing it, within the size the push is cut by, and opens it to the same event', async () => {
    const k = await key();
    const sealed = await sealEvent(k, USER, change);
    const { envelope, inner } = splitEvent(change);
    const plainBound = sealedEventBytes(envelope, utf8Length(inner));
    const actual = utf8Length(JSON.stringify(sealed));
    expect(actual).toBeLessThan(plainBound * 0.6);
    expect(await openEvent(k, USER, sealed)).toEqual(change);
  });

  it('seals a small event as its JSON text, which opens as before', async () => {
    const k = await key();
    const sealed = await sealEvent(k, USER, rename);
    const plain = await openBytes(k, sealed.c, aadOf(rename));
    expect(new TextDecoder().decode(plain)).toBe(splitEvent(rename).inner);
    expect(await openEvent(k, USER, sealed)).toEqual(rename);
  });

  it('refuses bytes marked compressed that do not inflate, as it refuses any event that is not one', async () => {
    const k = await key();
    const c = await sealBytes(k, new Uint8Array([0, 1, 2, 3, 250, 251]), aadOf(change));
    const { v, id, at, device } = change;
    await expect(openEvent(k, USER, { v, id, at, device, c })).rejects.toBeInstanceOf(SealError);
  });
});
