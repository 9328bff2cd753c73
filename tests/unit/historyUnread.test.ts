import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION, type AppEvent } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { foldingChanges, loadChainEngine } from '../../src/projections/changes/chainEngine';
import { foldNotes } from '../../src/projections/foldNotes';
import { noteRevisions } from '../../src/projections/history';
import { EMPTY_NOTES, isUnreadBody } from '../../src/projections/notesState';
import { ChangesDevice, noteEvent, para, wholeHtml } from '../support/changesDevice';

/**
 * History of a note a start left unread (docs/product.md "History", docs/architecture.md
 * "Snapshots"): its revisions are folded from its own events, never from the note's current
 * document, so they are listed without reading it, and the same as after an eager start.
 */

const A = 'device-aaaaaaaa';
const ONE = '1764230400000';
const TWO = '1764230500000';
const BLOCKS = [para('b1', 'First.'), para('b2', 'Second.')];

beforeAll(async () => {
  await loadChainEngine();
});
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/** Note one saved whole then changed twice, note two made last (selected), stored with a snapshot of them all. */
async function storedLibrary(): Promise<AppEvent[]> {
  const created1 = noteEvent('note.created', { id: ONE, title: 'One' }, A);
  const saved1 = noteEvent('note.body-saved', { id: ONE, html: wholeHtml(BLOCKS), blocks: BLOCKS, base: created1.id }, A);
  const device = new ChangesDevice(A, ONE, BLOCKS, saved1.id);
  const first = device.save([para('b1', 'First, changed.'), BLOCKS[1]]);
  const second = device.save([...device.shown, para('b3', 'Third.')]);
  const created2 = noteEvent('note.created', { id: TWO, title: 'Two' }, A);
  const events = [created1, saved1, first, second, created2].map((e, i) => ({ ...e, v: EVENT_SCHEMA_VERSION, seq: i + 1 }));
  const storage = await openIndexedDbStorage(null);
  await storage.append(events);
  const log = new EventLog({ storage });
  await log.load();
  await log.writeSnapshot();
  await log.close();
  return events;
}

describe('History of a note a start left unread', () => {
  it('lists the revisions an eager start lists, without reading the note’s document', async () => {
    const events = await storedLibrary();
    const storage = await openIndexedDbStorage(null);
    const log = new EventLog({ storage });
    await log.load();
    expect(isUnreadBody(log.state.notes.bodies[ONE])).toBe(true);
    const noteEvents = await log.noteEvents(ONE);
    const listed = await foldingChanges(() => noteRevisions(ONE, noteEvents, log.state.notes));
    const eager = await foldingChanges(() => noteRevisions(ONE, noteEvents, foldNotes(EMPTY_NOTES, events)));
    expect(listed.map((r) => r.kind)).toEqual(['saved', 'saved', 'saved', 'created']);
    expect(listed).toEqual(eager);
    expect(listed[0].html).toContain('Third.');
    // Listing them read nothing: the note is still unread.
    expect(isUnreadBody(log.state.notes.bodies[ONE])).toBe(true);
    await log.close();
  });
});
