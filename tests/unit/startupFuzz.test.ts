// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION } from '../../catalog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { startLog } from '../support/startLog';
import { JOURNAL_KEY } from '../../src/services/webStorage';
import { MemoryWebStorage } from './memoryWebStorage';
import { seededRandom } from '../support/random';

const STATES = Number(process.env.FUZZ_STATES ?? 1000);
const HUGE = 'x'.repeat(200_000);

/** Corrupt records for the events store: each fails validation at its own version in its own way. */
const corruptRecords = (i: number): unknown[] => [
  { v: EVENT_SCHEMA_VERSION, id: `bad-type-${i}`, at: new Date().toISOString(), type: 'note.exploded', payload: {} },
  { v: 'one', id: `no-version-${i}`, at: new Date().toISOString(), type: 'note.created', payload: { id: '5', title: 'x' } },
  { v: EVENT_SCHEMA_VERSION, id: `wrong-types-${i}`, at: 12, type: 'note.created', payload: { id: 5, title: null } },
  { v: EVENT_SCHEMA_VERSION, id: `huge-${i}`, at: new Date().toISOString(), type: 'note.renamed', payload: { id: 'abc', title: HUGE } },
  { garbage: true, id: `garbage-${i}` },
];

/** Corrupt localStorage values a crashed or older app could leave. */
const corruptLocal = (rand: () => number): Record<string, string> => {
  const notes = [
    '[{"id":"1700000000001","title":"trunc',
    '{"not":"an array"}',
    '42',
    'null',
    JSON.stringify([{ id: 1700000000002, title: 7 }, { id: 'abc' }, null, { id: '1700000000003', modified: 'soon' }]),
    JSON.stringify([{ id: '1700000000004', title: HUGE }]),
    '',
  ];
  const local: Record<string, string> = { notes: notes[Math.floor(rand() * notes.length)] };
  if (rand() < 0.5) local.linkedNotes = rand() < 0.5 ? '{"x":1}' : '[1,';
  if (rand() < 0.3) local.note_1700000000004 = HUGE;
  if (rand() < 0.4) local[JOURNAL_KEY] = rand() < 0.5 ? '{oops' : JSON.stringify([{ type: 'note.created' }, 5, null]);
  return local;
};

describe('start-up on corrupt storage', () => {
  it(`starts every time over ${STATES} corrupt states, sets aside what it cannot read and keeps every valid event`, async () => {
    const rand = seededRandom(20261122);
    let quarantinedTotal = 0;
    for (let i = 0; i < STATES; i++) {
      globalThis.indexedDB = new IDBFactory();
      (await openIndexedDbStorage()).close();
      const db = await openDB(LOG_DB_NAME);
      const validIds: string[] = [];
      const bad = corruptRecords(i).filter(() => rand() < 0.5);
      const validCount = 1 + Math.floor(rand() * 4);
      const records: unknown[] = [];
      for (let n = 0; n < validCount; n++) {
        const id = String(1800000000000 + n);
        validIds.push(id);
        records.push({
          v: EVENT_SCHEMA_VERSION,
          id: `00000000-0000-4000-8000-${String(i * 10 + n).padStart(12, '0')}`,
          at: new Date(2026, 0, 1 + n).toISOString(),
          type: 'note.created',
          payload: { id, title: `valid ${n}` },
        });
      }
      for (const r of [...records, ...bad].sort(() => rand() - 0.5)) await db.add('events', r);
      db.close();
      const web = new MemoryWebStorage();
      for (const [k, v] of Object.entries(corruptLocal(rand))) web.setItem(k, v);

      const result = await startLog({ openStorage: openIndexedDbStorage, webStorage: web, channel: null });
      expect(result.log, `state ${i}`).not.toBeNull();
      const log = result.log!;
      for (const id of validIds) expect(log.state.notes.meta[id], `state ${i}: valid note ${id}`).toBeDefined();
      expect(log.status$.value.quarantinedNow).toHaveLength(bad.length);
      quarantinedTotal += bad.length;
      await log.close();

      const again = await startLog({ openStorage: openIndexedDbStorage, webStorage: web, channel: null });
      expect(again.log!.status$.value.quarantinedNow, `state ${i}: reported once`).toEqual([]);
      expect(await again.log!.quarantined()).toHaveLength(bad.length);
      await again.log!.close();
    }
    expect(quarantinedTotal).toBeGreaterThan(STATES);
  }, 300_000);
});
