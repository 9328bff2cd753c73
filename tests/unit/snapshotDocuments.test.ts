import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { RANGE_READ_KEYS, openIndexedDbStorage } from '../../src/events/logStorage';
import type { Snapshot, SnapshotPart } from '../../src/events/logRecords';
import { EMPTY_NOTES, INITIAL_VIEW, bodyBlocks, type NoteBody } from '../../src/projections/notesState';

/**
 * Snapshot bodies' documents as records of their own (docs/architecture.md "Snapshots"): written
 * once per body object, named by the parts, dropped with the last snapshot that names them, and a
 * snapshot missing one is passed over like one missing a part.
 */

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const blocksOf = (text: string) => [{ id: 'b', type: 'paragraph', props: {}, content: [{ type: 'text', text, styles: {} }], children: [] }];
const body = (text: string): NoteBody => ({ html: `<p>${text}</p>`, blocks: blocksOf(text) });

/** A snapshot at `seq` of `bodies` (note id -> body). */
function snapshot(seq: number, bodies: Record<string, NoteBody>): Snapshot {
  const order = Object.keys(bodies);
  const meta = Object.fromEntries(order.map((id) => [id, { title: id, modified: '2026-11-28T00:00:00.000Z' }]));
  return { v: 5, seq, at: '2026-11-28T00:00:00.000Z', state: { notes: { ...EMPTY_NOTES, order, meta, bodies }, view: INITIAL_VIEW, seq } };
}

/** The stored document records by key, and the keys each snapshot's parts name by note. */
async function stored(): Promise<{ documents: Map<string, unknown>; named: Map<number, Record<string, string | undefined>> }> {
  const db = await openDB(LOG_DB_NAME);
  const keys = (await db.getAllKeys('documents')) as string[];
  const values = await db.getAll('documents');
  const partKeys = (await db.getAllKeys('snapshotBodies')) as unknown as [number, number][];
  const parts = (await db.getAll('snapshotBodies')) as SnapshotPart[];
  db.close();
  const named = new Map<number, Record<string, string | undefined>>();
  partKeys.forEach(([seq, n], i) => {
    if (seq < 0 || n < 0) return;
    const byNote = named.get(seq) ?? {};
    for (const [id, b] of Object.entries(parts[i].state)) byNote[id] = 'docKey' in b ? b.docKey : undefined;
    named.set(seq, byNote);
  });
  return { documents: new Map(keys.map((key, i) => [key, values[i]])), named };
}

describe('snapshot documents by reference', () => {
  it('a snapshot writes the documents of changed bodies only, a start keeps the keys it read, and the last snapshot naming a document takes it along', async () => {
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    for (const id of ['1', '2', '3']) {
      await log.append('note.created', { id, title: id });
      await log.append('note.body-saved', { id, html: `<p>${id}</p>`, blocks: blocksOf(id) });
    }
    await log.writeSnapshot();
    const first = await stored();
    expect(first.documents.size).toBe(3);
    const [firstKeys] = [...first.named.values()];
    await log.append('note.body-saved', { id: '1', html: '<p>one again</p>', blocks: blocksOf('one again') });
    await log.writeSnapshot();
    const second = await stored();
    // One new record; the first body of note 1 stays while the older snapshot kept names it.
    expect(second.documents.size).toBe(4);
    const secondKeys = [...second.named.values()][1];
    expect(secondKeys['2']).toBe(firstKeys['2']);
    expect(secondKeys['3']).toBe(firstKeys['3']);
    expect(secondKeys['1']).not.toBe(firstKeys['1']);
    await log.close();

    // Another start reads the bodies back: they keep their keys, so its next snapshot writes only note 2's new document.
    const again = new EventLog({ storage: await openIndexedDbStorage(null) });
    await again.load();
    await again.append('note.body-saved', { id: '2', html: '<p>two again</p>', blocks: blocksOf('two again') });
    await again.writeSnapshot();
    const third = await stored();
    const thirdKeys = [...third.named.values()][1];
    expect(thirdKeys['1']).toBe(secondKeys['1']);
    expect(thirdKeys['3']).toBe(firstKeys['3']);
    // The first snapshot was dropped, and with it the document only it named (note 1's first body).
    expect([...third.documents.keys()].sort()).toEqual([secondKeys['1'], secondKeys['2'], thirdKeys['2'], secondKeys['3']].sort());
    expect(third.documents.has(firstKeys['1']!)).toBe(false);
    expect(bodyBlocks(again.state.notes.bodies['2'])).toEqual(blocksOf('two again'));
    await again.close();
  });

  it('passes over a snapshot one of whose documents is missing for the one before, and with none left reads none', async () => {
    const storage = await openIndexedDbStorage(null);
    await storage.writeSnapshot(snapshot(10, { a: body('a'), b: body('b') }));
    await storage.writeSnapshot(snapshot(20, { a: body('a2'), b: body('b2') }));
    const { named } = await stored();
    const db = await openDB(LOG_DB_NAME);
    await db.delete('documents', named.get(20)!.b!);
    expect((await storage.latestSnapshot())!.seq).toBe(10);
    await db.delete('documents', named.get(10)!.a!);
    db.close();
    expect(await storage.latestSnapshot()).toBeNull();
    storage.close();
  });

  it('writes again a document another tab’s clean-up dropped when its body is still in the state', async () => {
    const storage = await openIndexedDbStorage(null);
    const bodies = { a: body('a'), b: { html: '<p>HTML only</p>' } };
    await storage.writeSnapshot(snapshot(10, bodies));
    const db = await openDB(LOG_DB_NAME);
    await db.clear('documents');
    db.close();
    await storage.writeSnapshot(snapshot(20, bodies));
    const read = (await storage.latestSnapshot())!;
    expect(read.seq).toBe(20);
    expect(bodyBlocks(read.state.notes.bodies.a)).toEqual(blocksOf('a'));
    expect(read.state.notes.bodies.b).toEqual({ html: '<p>HTML only</p>' });
    // Every body has a record (its HTML is there: docs/architecture.md "Documents by reference"), an HTML-only one too.
    expect((await stored()).documents.size).toBe(2);
    storage.close();
  });

  it('replacing the log (an import, signing out) leaves only the documents of its new snapshot', async () => {
    const storage = await openIndexedDbStorage(null);
    await storage.writeSnapshot(snapshot(10, { a: body('a'), b: body('b') }));
    await storage.replaceAll([], snapshot(0, { c: body('c') }));
    const { documents, named } = await stored();
    expect([...documents.keys()]).toEqual([named.get(0)!.c]);
    await storage.replaceAll([], null);
    expect((await stored()).documents.size).toBe(0);
    storage.close();
  });

  it('keeps the chain of a body saved as changes in its document, and reads it back whole', async () => {
    const storage = await openIndexedDbStorage(null);
    const chained: NoteBody = {
      html: '<p>c</p>',
      chain: { originJson: JSON.stringify(blocksOf('c0')), parts: ['p1'], updates: ['u1', 'u2'] },
    };
    await storage.writeSnapshot(snapshot(10, { c: chained }));
    const { documents, named } = await stored();
    expect(documents.get(named.get(10)!.c!)).toEqual({ html: chained.html, chain: chained.chain });
    expect((await storage.latestSnapshot())!.state.notes.bodies.c).toEqual(chained);
    storage.close();
  });
});

describe('reading documents by key', () => {
  it('reads many keys with one getAll over their range, leaving out the records between them not asked for and those gone', async () => {
    const storage = await openIndexedDbStorage(null);
    const bodies = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`n${i}`, body(`note ${i}`)]));
    await storage.writeSnapshot(snapshot(1, bodies));
    const all = [...(await stored()).documents.keys()].sort();
    expect(all).toHaveLength(100);
    // Every other key between the lowest and the highest asked for, and one of those gone.
    const wanted = all.filter((_, i) => i % 3 !== 1).slice(0, RANGE_READ_KEYS + 2);
    const db = await openDB(LOG_DB_NAME);
    await db.delete('documents', wanted[5]);
    db.close();
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    const read = await storage.readDocuments([...wanted].reverse());
    expect(getAll).toHaveBeenCalledTimes(1);
    expect(get).not.toHaveBeenCalled();
    expect([...read.keys()].sort()).toEqual(wanted.filter((key) => key !== wanted[5]));
    getAll.mockClear();
    // A few keys: a get each, the same records.
    const few = await storage.readDocuments(wanted.slice(0, 10));
    expect(getAll).not.toHaveBeenCalled();
    expect([...few.keys()].sort()).toEqual(wanted.slice(0, 10).filter((key) => key !== wanted[5]));
    for (const [key, record] of few) expect(read.get(key)).toEqual(record);
    getAll.mockRestore();
    get.mockRestore();
    storage.close();
  });
  it('reads many keys spread thin over the store with a get each, not the records between them', async () => {
    const storage = await openIndexedDbStorage(null);
    const bodies = Object.fromEntries(Array.from({ length: 330 }, (_, i) => [`n${i}`, body(`note ${i}`)]));
    await storage.writeSnapshot(snapshot(1, bodies));
    const all = [...(await stored()).documents.keys()].sort();
    // One key in five over the whole store: the range between them holds five records for each.
    const spread = all.filter((_, i) => i % 5 === 0);
    expect(spread.length).toBeGreaterThanOrEqual(RANGE_READ_KEYS);
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const read = await storage.readDocuments(spread);
    expect(getAll).not.toHaveBeenCalled();
    expect([...read.keys()].sort()).toEqual(spread);
    getAll.mockRestore();
    storage.close();
  });
});
