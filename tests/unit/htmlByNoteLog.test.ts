import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SCHEMA_VERSION, type AppEvent } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { DocumentGone } from '../../src/events/snapshotDocuments';
import { bodyHtml, type UnreadBody } from '../../src/projections/notesState';
import { noteEvent, para, wholeHtml } from '../support/changesDevice';

/**
 * The log's reads of HTML by note (docs/architecture.md "Documents by reference"): a start from a
 * snapshot holds no body's HTML but the selected note's; the fold reads a note whose HTML an event
 * compares before folding it, and `readHtml` reads HTML without putting it into the state.
 */

const A = 'device-aaaaaaaa';
const ONE = '1764230400000';
const TWO = '1764230500000';
const BLOCKS = [para('b1', 'First.'), para('b2', 'Second.')];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/** Two notes saved whole, note two selected, in a log with a snapshot of them; and note one's first revision. */
async function storedLibrary(): Promise<{ created1: string }> {
  const created1 = noteEvent('note.created', { id: ONE, title: 'One' }, A);
  const saved1 = noteEvent('note.body-saved', { id: ONE, html: wholeHtml(BLOCKS), blocks: BLOCKS, base: created1.id }, A);
  const created2 = noteEvent('note.created', { id: TWO, title: 'Two' }, A);
  const saved2 = noteEvent('note.body-saved', { id: TWO, html: '<p>Two.</p>', base: created2.id }, A);
  const events: AppEvent[] = [created1, saved1, created2, saved2];
  const storage = await openIndexedDbStorage(null);
  await storage.append(events.map((e, i) => ({ ...e, v: EVENT_SCHEMA_VERSION, seq: i + 1 })));
  const log = new EventLog({ storage });
  await log.load();
  await log.writeSnapshot();
  await log.close();
  return { created1: created1.id };
}

async function openLog(): Promise<EventLog> {
  const log = new EventLog({ storage: await openIndexedDbStorage(null) });
  await log.load();
  return log;
}

describe('HTML read by note', () => {
  it('a save from an older revision of a note holding no HTML reads it first, and keeps its text as a conflict copy', async () => {
    const { created1 } = await storedLibrary();
    const log = await openLog();
    expect(log.state.notes.bodies[ONE].html).toBeUndefined();
    await log.append('note.body-saved', { id: ONE, html: '<p>Written on an old revision.</p>', base: created1 });
    const notes = log.state.notes;
    expect(bodyHtml(notes.bodies[ONE])).toBe('<p>Written on an old revision.</p>');
    const copies = notes.order.filter((id) => notes.revs[id]?.copyOf === ONE);
    expect(copies).toHaveLength(1);
    expect(bodyHtml(notes.bodies[copies[0]])).toBe(wholeHtml(BLOCKS));
    await log.close();
  });

  it('a save from the note’s own revision waits for no read', async () => {
    await storedLibrary();
    const storage = await openIndexedDbStorage(null);
    const reads = vi.spyOn(storage, 'readDocuments');
    const log = new EventLog({ storage });
    await log.load();
    reads.mockClear();
    await log.append('note.body-saved', { id: ONE, html: '<p>Saved.</p>', base: log.state.notes.revs[ONE].id });
    expect(reads).not.toHaveBeenCalled();
    expect(log.state.notes.revs[ONE].copyOf).toBeUndefined();
    expect(log.state.notes.order.filter((id) => log.state.notes.revs[id]?.copyOf === ONE)).toEqual([]);
    await log.close();
  });

  it('readHtml puts nothing into the state; a record gone folds the log again and rejects, and the new state’s bodies read', async () => {
    await storedLibrary();
    const log = await openLog();
    const state = log.state;
    const body = state.notes.bodies[ONE] as UnreadBody;
    expect((await log.readHtml([body])).get(body)).toBe(wholeHtml(BLOCKS));
    expect(log.state).toBe(state);
    const db = await openDB(LOG_DB_NAME);
    await db.delete('documents', body.docKey);
    db.close();
    await expect(log.readHtml([body])).rejects.toBeInstanceOf(DocumentGone);
    // Folded again without that snapshot: every body is whole.
    expect(log.state).not.toBe(state);
    const again = log.state.notes.bodies[ONE];
    expect((await log.readHtml([again])).get(again)).toBe(wholeHtml(BLOCKS));
    await log.close();
  });

  it('eachHtml hands each body its HTML and keeps none; a stop asked before the read reads no record', async () => {
    await storedLibrary();
    const log = await openLog();
    const state = log.state;
    const body = state.notes.bodies[ONE] as UnreadBody;
    const seen: [unknown, string][] = [];
    await log.eachHtml([body], (b, html) => seen.push([b, html]));
    expect(seen).toEqual([[body, wholeHtml(BLOCKS)]]);
    expect(log.state).toBe(state);
    const stopped: string[] = [];
    await log.eachHtml(
      [body],
      (_, html) => stopped.push(html),
      () => true,
    );
    expect(stopped).toEqual([]);
    await log.close();
  });
});
