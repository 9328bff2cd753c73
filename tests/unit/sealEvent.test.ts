import { describe, expect, it } from 'vitest';
import { utf8Length } from '../../catalog';
import {
  openBytes,
  openEvent,
  paddedBytes,
  sealBytes,
  sealEvent,
  sealedEventBytes,
  SealError,
  splitEvent,
} from '../../src/services/sync/e2ee/seal';

/**
 * Sealed events (docs/sync.md "Threat model", compression and size buckets): a large event's inner
 * text is compressed before it is sealed where that pays, every sealed text is padded to a size
 * bucket, both open to the event, and bytes that claim to be compressed but are not open to nothing.
 */

const USER = 'user-1234';
const key = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
const aadOf = (e: { id: string; v: number; at: string; device: string }) =>
  JSON.stringify(['notepad/event/1', USER, e.id, e.v, e.at, e.device]);
const sealedSize = (sealed: unknown) => utf8Length(JSON.stringify(sealed));

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
    expect(sealedSize(sealed)).toBeLessThan(sealedEventBytes(envelope, utf8Length(inner)) * 0.6);
    expect(await openEvent(k, USER, sealed)).toEqual(change);
  });

  it('seals other events as their JSON text, which opens as before, at exactly the size the push measures', async () => {
    const k = await key();
    const long = { ...rename, payload: { id: '1764230400000', title: paragraph } };
    for (const event of [rename, long]) {
      const sealed = await sealEvent(k, USER, event);
      const { envelope, inner } = splitEvent(event);
      expect(new TextDecoder().decode(await openBytes(k, sealed.c, aadOf(event)))).toBe(inner);
      expect(sealedSize(sealed)).toBe(sealedEventBytes(envelope, utf8Length(inner)));
      expect(await openEvent(k, USER, sealed)).toEqual(event);
    }
  });

  it('gives compressed changes of different sizes within one bucket the same sealed size', async () => {
    const k = await key();
    const sizes = new Set<number>();
    for (const extra of ['', 'x', 'a few more words']) {
      const text = paragraph + extra;
      const blocks = [{ ...change.payload.blocks[0], html: `<p>${text}</p>` }];
      sizes.add(sealedSize(await sealEvent(k, USER, { ...change, payload: { ...change.payload, blocks } })));
    }
    expect(sizes.size).toBe(1);
  });

  it('pads to buckets at most 1/16 above the size, never below it', () => {
    for (const bytes of [1, 255, 256, 257, 511, 512, 1000, 4097, 65_535, 6_000_000]) {
      const padded = paddedBytes(bytes);
      expect(padded).toBeGreaterThanOrEqual(bytes);
      if (bytes > 256) expect(padded).toBeLessThanOrEqual(bytes * 1.0625);
    }
    expect(paddedBytes(1000)).toBe(paddedBytes(1010));
  });

  it('refuses bytes marked compressed that do not inflate, or whose length runs past their end', async () => {
    const k = await key();
    const { v, id, at, device } = change;
    const garbage = await sealBytes(k, new Uint8Array([0, 0, 0, 0, 3, 250, 251, 252]), aadOf(change));
    await expect(openEvent(k, USER, { v, id, at, device, c: garbage })).rejects.toBeInstanceOf(SealError);
    const cut = await sealBytes(k, new Uint8Array([0, 0, 0, 1, 0, 1, 2]), aadOf(change));
    await expect(openEvent(k, USER, { v, id, at, device, c: cut })).rejects.toBeInstanceOf(SealError);
  });
});
