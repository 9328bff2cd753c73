import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SCHEMA_VERSION, type AppEvent } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { BUILD_ID } from '../../src/lib/buildId';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { foldApp } from '../../src/projections/foldApp';
import { foldNotes } from '../../src/projections/foldNotes';
import {
  DocumentNotRead,
  EMPTY_NOTES,
  INITIAL_STATE,
  bodyBlocks,
  bodyChain,
  readBodyBlocks,
  type NotesState,
} from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { ChangesDevice, noteEvent, para, textOf, wholeHtml } from '../support/changesDevice';

/**
 * Documents read by note (docs/architecture.md "Snapshots", "Documents by reference"): start-up
 * keeps a snapshot's bodies unread, every accessor of a document throws on one, the log reads them by
 * key before a fold that merges into them, a record another tab dropped makes the log fold again
 * from the newest snapshot, and a snapshot names unread bodies by key without reading them.
 */

const A = 'device-aaaaaaaa';
const ONE = '1764230400000';
const TWO = '1764230500000';
const BLOCKS = [para('b1', 'First.'), para('b2', 'Second.'), para('b3', 'Third.')];
const TWO_BLOCKS = [para('t1', 'Only paragraph.')];

beforeAll(async () => {
  await loadChainEngine();
});
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const texts = (notes: NotesState, id: string) => ((bodyBlocks(notes.bodies[id]) ?? []) as PlainBlock[]).map(textOf);
const current = (events: AppEvent[]) => events.map((e, i) => ({ ...e, v: EVENT_SCHEMA_VERSION, seq: i + 1 }));

/** Two notes saved whole; note two, made last, is the selected one. */
function twoNotes() {
  const created1 = noteEvent('note.created', { id: ONE, title: 'One' }, A);
  const saved1 = noteEvent('note.body-saved', { id: ONE, html: wholeHtml(BLOCKS), blocks: BLOCKS, base: created1.id }, A);
  const created2 = noteEvent('note.created', { id: TWO, title: 'Two' }, A);
  const saved2 = noteEvent('note.body-saved', { id: TWO, html: wholeHtml(TWO_BLOCKS), blocks: TWO_BLOCKS, base: created2.id }, A);
  return { events: [created1, saved1, created2, saved2], rev1: saved1.id };
}

/** Changes of note one (it is not the selected note): its document is merged into. */
function changesOfOne(rev1: string): AppEvent[] {
  const device = new ChangesDevice(A, ONE, BLOCKS, rev1);
  const first = device.save(BLOCKS.map((b, i) => (i === 0 ? para(b.id, 'First, changed.') : b)));
  const second = device.save(device.shown.map((b, i) => (i === 2 ? para(b.id, 'Third, changed.') : b)));
  return [first, second];
}

/** A log of `events` with a snapshot of them, closed: what the next start reads. */
async function storedWithSnapshot(events: AppEvent[]): Promise<void> {
  const storage = await openIndexedDbStorage(null);
  await storage.append(current(events));
  const log = new EventLog({ storage });
  await log.load();
  await log.writeSnapshot();
  await log.close();
}

async function openLog(storage?: LogStorage): Promise<EventLog> {
  const log = new EventLog({ storage: storage ?? (await openIndexedDbStorage(null)) });
  await log.load();
  return log;
}

/** The chain of `id` without its origin (kept as JSON or parsed, depending on the path). */
const chainOf = (notes: NotesState, id: string) => {
  const { origin: _o, originJson: _j, ...chain } = bodyChain(notes.bodies[id])!;
  return chain;
};

describe('a body whose document is not read', () => {
  it('makes every accessor of its document throw DocumentNotRead, never read as HTML only', () => {
    const unread = { html: '<p>First.</p>', docKey: 'k1' };
    expect(() => bodyBlocks(unread)).toThrow(DocumentNotRead);
    expect(() => readBodyBlocks(unread)).toThrow(DocumentNotRead);
    expect(() => bodyChain(unread)).toThrow(DocumentNotRead);
    expect(() => foldNotes({ ...EMPTY_NOTES, bodies: { [ONE]: unread } }, [])).not.toThrow();
    // A whole body and an HTML-only one read as before.
    expect(bodyBlocks({ html: '<p>x</p>' })).toBeUndefined();
    expect(bodyChain({ html: '<p>x</p>', blocks: [] })).toBeUndefined();
  });
});

describe('start-up from a snapshot with documents by reference', () => {
  it('keeps every body unread but the selected note’s, and reading by note gives the eager start’s bodies', async () => {
    const { events } = twoNotes();
    await storedWithSnapshot(events);
    const storage = await openIndexedDbStorage(null);
    const reads = vi.spyOn(storage, 'readDocuments');
    const log = await openLog(storage);
    expect(log.state.view.selectedId).toBe(TWO);
    expect(log.state.notes.bodies[ONE]).toEqual({ docKey: expect.any(String) });
    expect(log.state.notes.bodies[TWO].docKey).toBeUndefined();
    expect(texts(log.state.notes, TWO)).toEqual(['Only paragraph.']);
    expect(reads).toHaveBeenCalledTimes(1);
    await log.readNotes([ONE]);
    expect(texts(log.state.notes, ONE)).toEqual(['First.', 'Second.', 'Third.']);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(foldNotes(EMPTY_NOTES, events)));
    await log.close();
  });

  it('folds a change to an unread note in the tail and at start after the snapshot, as an eager fold does', async () => {
    const { events, rev1 } = twoNotes();
    const changes = changesOfOne(rev1);
    const eager = foldNotes(EMPTY_NOTES, [...events, ...changes]);
    await storedWithSnapshot(events);
    const log = await openLog();
    expect(log.state.notes.bodies[ONE].docKey).toBeDefined();
    // In the tail: another tab appends changes of the unread note.
    const writer = await openIndexedDbStorage(null);
    await writer.append(changes.map((e) => ({ ...e, v: EVENT_SCHEMA_VERSION, seq: 0 })));
    writer.close();
    await log.catchUp();
    expect(texts(log.state.notes, ONE)).toEqual(texts(eager, ONE));
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(eager));
    expect(chainOf(log.state.notes, ONE)).toEqual(chainOf(eager, ONE));
    await log.close();
    // At start: the same changes are among the records after the snapshot.
    const next = await openLog();
    expect(texts(next.state.notes, ONE)).toEqual(texts(eager, ONE));
    expect(toStorageKeys(next.state.notes)).toEqual(toStorageKeys(eager));
    expect(chainOf(next.state.notes, ONE)).toEqual(chainOf(eager, ONE));
    await next.close();
  });

  it('reads the document of an unread note before applying a change appended to it, then the appends after it, in order', async () => {
    const { events, rev1 } = twoNotes();
    await storedWithSnapshot(events);
    const log = await openLog();
    const [change] = changesOfOne(rev1);
    const before = log.state;
    // Appended without reading the note first (a save after a reload): neither thrown nor dropped.
    const changed = log.appendEvent({ ...change, seq: 0 });
    const starred = log.append('note.starred', { id: TWO });
    // Until the document is read both wait, kept for the page-hide journal, and nothing is applied out of order.
    expect(log.state).toBe(before);
    expect(log.pendingEvents().map((e) => e.id)).toContain(change.id);
    const [stored, star] = await Promise.all([changed, starred]);
    expect(stored.seq).toBeLessThan(star.seq);
    expect(texts(log.state.notes, ONE)[0]).toBe('First, changed.');
    expect(log.state.notes.starred).toContain(TWO);
    await log.close();
    const next = await openLog();
    await next.readNotes([ONE]);
    expect(texts(next.state.notes, ONE)[0]).toBe('First, changed.');
    await next.close();
  });

  it('keeps a change whose document cannot be read for the page-hide journal once its append gave up', async () => {
    const { events, rev1 } = twoNotes();
    await storedWithSnapshot(events);
    const storage = await openIndexedDbStorage(null);
    const log = await openLog(storage);
    storage.readDocuments = () => Promise.reject(new Error('The disk went away'));
    const [change] = changesOfOne(rev1);
    await expect(log.appendEvent({ ...change, seq: 0 })).rejects.toThrow('The disk went away');
    expect(log.pendingEvents().map((e) => e.id)).toContain(change.id);
    await log.close();
  });
});

describe('a reload while a note is shown', () => {
  it('reads the shown note again before it publishes, and a change saved on it is in the state and the log', async () => {
    const { events, rev1 } = twoNotes();
    await storedWithSnapshot(events);
    const log = await openLog();
    // The editor shows note one (not the selected note): its document is read.
    await log.readNotes([ONE]);
    // Another tab's write makes this tab fold again from the newest snapshot.
    await log.reload();
    expect(log.state.notes.bodies[ONE].docKey).toBeUndefined();
    const [change] = changesOfOne(rev1);
    await log.appendEvent({ ...change, seq: 0 });
    expect(texts(log.state.notes, ONE)[0]).toBe('First, changed.');
    expect((await log.noteEvents(ONE)).map((e) => e.id)).toContain(change.id);
    await log.close();
  });

  it('keeps a change appended while the reload runs, on a note it leaves unread', async () => {
    const { events, rev1 } = twoNotes();
    await storedWithSnapshot(events);
    const log = await openLog();
    const [change] = changesOfOne(rev1);
    const reloaded = log.reload();
    const changed = log.appendEvent({ ...change, seq: 0 });
    await reloaded;
    await changed;
    expect(texts(log.state.notes, ONE)[0]).toBe('First, changed.');
    expect((await log.noteEvents(ONE)).map((e) => e.id)).toContain(change.id);
    await log.close();
  });
});

describe('a document record another tab dropped', () => {
  it('folds again from the newest snapshot and reads once more', async () => {
    const { events } = twoNotes();
    await storedWithSnapshot(events);
    const log = await openLog();
    const key = log.state.notes.bodies[ONE].docKey!;
    // Another tab edits note one and writes two snapshots: the first snapshot's record of it is dropped.
    const other = await openIndexedDbStorage(null);
    const edited = [para('b1', 'Edited elsewhere.')];
    const save = noteEvent('note.body-saved', { id: ONE, html: wholeHtml(edited), blocks: edited }, A);
    const star = noteEvent('note.starred', { id: TWO }, A);
    const stored = (await other.append([save, star].map((e) => ({ ...e, v: EVENT_SCHEMA_VERSION })))) as AppEvent[];
    const at = new Date().toISOString();
    const edit = foldApp(foldApp(INITIAL_STATE, current(events)), [stored[0]]);
    await other.writeSnapshot({ v: EVENT_SCHEMA_VERSION, writer: BUILD_ID, seq: stored[0].seq, at, state: edit });
    const starred = foldApp(edit, [stored[1]]);
    await other.writeSnapshot({ v: EVENT_SCHEMA_VERSION, writer: BUILD_ID, seq: stored[1].seq, at, state: starred });
    const db = await openDB(LOG_DB_NAME);
    expect(await db.get('documents', key)).toBeUndefined();
    db.close();
    other.close();
    // The note's read finds its record gone: the log folds again (the other tab's edit comes in) and reads it.
    await log.readNotes([ONE]);
    expect(texts(log.state.notes, ONE)).toEqual(['Edited elsewhere.']);
    expect(log.state.seq).toBe(stored[1].seq);
    await log.close();
  });
});

describe('a document record dropped before the tail is folded', () => {
  it('folds again from the newest snapshot when a change in the tail meets an unread note whose record is gone', async () => {
    const { events, rev1 } = twoNotes();
    const changes = changesOfOne(rev1);
    await storedWithSnapshot(events);
    const log = await openLog();
    const key = log.state.notes.bodies[ONE].docKey!;
    // Another tab changes note one and writes two snapshots: the first snapshot's record of it is dropped.
    const other = await openIndexedDbStorage(null);
    const star = noteEvent('note.starred', { id: TWO }, A);
    const stored = (await other.append([...changes, star].map((e) => ({ ...e, v: EVENT_SCHEMA_VERSION })))) as AppEvent[];
    const at = new Date().toISOString();
    const changed = foldApp(foldApp(INITIAL_STATE, current(events)), stored.slice(0, 2));
    await other.writeSnapshot({ v: EVENT_SCHEMA_VERSION, writer: BUILD_ID, seq: stored[1].seq, at, state: changed });
    const starred = foldApp(changed, [stored[2]]);
    await other.writeSnapshot({ v: EVENT_SCHEMA_VERSION, writer: BUILD_ID, seq: stored[2].seq, at, state: starred });
    const db = await openDB(LOG_DB_NAME);
    expect(await db.get('documents', key)).toBeUndefined();
    db.close();
    other.close();
    // The tail holds the changes of note one: its record is gone, so the log folds again from the newest snapshot.
    await log.catchUp();
    expect(log.status$.value.readError).toBeFalsy();
    expect(log.state.seq).toBe(stored[2].seq);
    expect(log.state.notes.starred).toContain(TWO);
    await log.readNotes([ONE]);
    const eager = foldNotes(EMPTY_NOTES, [...events, ...changes]);
    expect(texts(log.state.notes, ONE)).toEqual(texts(eager, ONE));
    expect(chainOf(log.state.notes, ONE)).toEqual(chainOf(eager, ONE));
    await log.close();
  });
});

describe('a snapshot of a state holding unread bodies', () => {
  it('names them by key without reading them, and the next start reads the same notes', async () => {
    const { events } = twoNotes();
    await storedWithSnapshot(events);
    const storage = await openIndexedDbStorage(null);
    const log = await openLog(storage);
    const keysBefore = await storedDocumentKeys();
    const reads = vi.spyOn(storage, 'readDocuments');
    await log.append('note.starred', { id: TWO });
    await log.writeSnapshot();
    expect(reads).not.toHaveBeenCalled();
    expect(log.state.notes.bodies[ONE].docKey).toBeDefined();
    expect(await storedDocumentKeys()).toEqual(keysBefore);
    await log.readNotes(null);
    const notes = log.state.notes;
    await log.close();
    const next = await openLog();
    await next.readNotes(null);
    expect(toStorageKeys(next.state.notes)).toEqual(toStorageKeys(notes));
    expect(texts(next.state.notes, ONE)).toEqual(['First.', 'Second.', 'Third.']);
    await next.close();
  });
});

async function storedDocumentKeys(): Promise<string[]> {
  const db = await openDB(LOG_DB_NAME);
  const keys = (await db.getAllKeys('documents')) as string[];
  db.close();
  return keys.sort();
}
