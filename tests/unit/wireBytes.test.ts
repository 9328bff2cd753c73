import { describe, expect, it } from 'vitest';
import { MAX_PUSH_BODY_BYTES, MAX_PUSH_EVENTS, MAX_WIRE_EVENT_BYTES, pushBodyBytes, utf8Length } from '../../catalog';
import { PUSH_BATCH_BYTES, PUSH_BATCH_EVENTS } from '../../src/services/sync/syncProtocol';

/**
 * The one measure of a sync event's size (docs/sync.md "Limits"): UTF-8 bytes of its JSON, the same
 * number in the app and on the server, and the limits the app's batches are cut by.
 */

const reference = (text: string) => Buffer.byteLength(text, 'utf8');

describe('utf8Length', () => {
  it('counts UTF-8 bytes as an encoder does, for every width of character', () => {
    const texts = [
      '',
      'plain ASCII <p>note</p>',
      'café, naïve, Ωμέγα, Ж',
      '漢字かなカナ한국어',
      '😀👩‍👩‍👧 emoji in pairs 🇫🇷',
      `mixed ${'x'.repeat(40_000)}漢${'é'.repeat(20_000)}😀`,
    ];
    for (const text of texts) expect(utf8Length(text), text.slice(0, 20)).toBe(reference(text));
  });

  it('counts a surrogate pair as 4 bytes wherever it falls, also across the slices it encodes in, and a lone surrogate as U+FFFD', () => {
    for (let offset = 16_370; offset < 16_400; offset++) {
      const text = `${'a'.repeat(offset)}😀${'漢'.repeat(5)}`;
      expect(utf8Length(text), `pair at ${offset}`).toBe(reference(text));
    }
    const emojiOnly = '😀'.repeat(50_000);
    expect(utf8Length(emojiOnly)).toBe(200_000);
    for (const lone of ['\ud83d', '\ude00', 'a\ud83db', `${'a'.repeat(16_383)}\ud83d`, `${'a'.repeat(16_383)}\ud83dz`]) {
      expect(utf8Length(lone)).toBe(new TextEncoder().encode(lone).byteLength);
    }
  });

  it('measures a long CJK note three times its length in code units', () => {
    const html = `<p>${'漢字かな'.repeat(550_000)}</p>`;
    expect(utf8Length(html)).toBe(7 + 3 * 2_200_000);
    expect(utf8Length(JSON.stringify({ html }))).toBe(reference(JSON.stringify({ html })));
  });
});

describe('push limits', () => {
  it('a push body is the envelope, the events’ bytes and the commas between them', () => {
    const events = [{ id: 'a漢' }, { id: 'b😀' }, { id: 'c' }];
    const texts = events.map((e) => JSON.stringify(e));
    const deviceId = 'device-limits-0000';
    expect(
      pushBodyBytes(
        deviceId,
        texts.reduce((sum, t) => sum + utf8Length(t), 0),
        texts.length,
      ),
    ).toBe(reference(JSON.stringify({ deviceId, events })));
    expect(pushBodyBytes(deviceId, 0, 0)).toBe(reference(JSON.stringify({ deviceId, events: [] })));
  });

  it('one event at the per-event limit fits a push with the longest device id, and the app’s batches stay under the server’s limits', () => {
    expect(pushBodyBytes('d'.repeat(64), MAX_WIRE_EVENT_BYTES, 1)).toBeLessThanOrEqual(MAX_PUSH_BODY_BYTES);
    expect(PUSH_BATCH_BYTES).toBeLessThan(MAX_PUSH_BODY_BYTES);
    expect(PUSH_BATCH_EVENTS).toBeLessThanOrEqual(MAX_PUSH_EVENTS);
  });
});
