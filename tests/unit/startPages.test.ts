import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { LogFold } from '../../src/events/logFold';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { START_PAGE_RECORDS } from '../../src/events/logStart';
import { toStoredForm } from '../../src/events/storedForm';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE, bodyBlocks, type AppState } from '../../src/projections/notesState';
import type { AppEvent } from '../../catalog';
import { ev } from './helpers';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const doc = (text: string) => [
  { id: `b-${text}`, type: 'paragraph', props: {}, content: [{ type: 'text', text, styles: {} }], children: [] },
];

/** A log longer than two pages: notes made, saved with documents, renamed, starred and deleted. */
function longLog(): AppEvent[] {
  const events: AppEvent[] = [];
  const notes = Math.ceil((START_PAGE_RECORDS * 2.5) / 3);
  for (let i = 0; i < notes; i++) {
    const id = String(1_700_000_000_000 + i);
    events.push(ev('note.created', { id, title: `n${i}` }));
    events.push(ev('note.body-saved', { id, html: `<p>t${i}</p>`, blocks: doc(`t${i}`) }));
    if (i % 7 === 0) events.push(ev('note.renamed', { id, title: `renamed ${i}` }));
    else if (i % 11 === 0) events.push(ev('note.deleted', { id }));
    else events.push(ev('note.body-saved', { id, html: `<p>u${i}</p>`, blocks: doc(`u${i}`) }));
  }
  return events;
}

/** Write `records` into the log's database as an older page or another tab would have (stored form, seq assigned by IndexedDB). */
async function store(records: object[]): Promise<void> {
  (await openIndexedDbStorage(null)).close();
  const db = await openDB(LOG_DB_NAME);
  const tx = db.transaction('events', 'readwrite');
  for (const record of records) {
    const { seq: _seq, ...rest } = toStoredForm(record) as { seq?: number };
    await tx.store.add(rest);
  }
  await tx.done;
  db.close();
}

/** A storage whose reads of the log are recorded (afterSeq, count, how many came back). */
function recordingReads(storage: LogStorage) {
  const reads: { after: number; count?: number; got: number }[] = [];
  const readAfter = storage.readAfter.bind(storage);
  const recorded: LogStorage = {
    ...storage,
    readAfter: async (after, options) => {
      const got = await readAfter(after, options);
      reads.push({ after, count: options?.count, got: got.length });
      return got;
    },
  };
  return { storage: recorded, reads };
}

/** A full garbage collection, after the current job (WeakRefs read in it stay alive until it ends). */
async function collectGarbage(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
}

/** The notes and seq of `state`, with every document read whole (as JSON or blocks alike). */
function notesOf(state: AppState) {
  const { bodies, ...rest } = state.notes;
  const docs = Object.fromEntries(Object.entries(bodies).map(([id, body]) => [id, { html: body.html, blocks: bodyBlocks(body) ?? null }]));
  return { ...rest, bodies: docs, seq: state.seq };
}

describe('start-up reads a log without a snapshot in pages', () => {
  it('folds a log longer than a page to the same notes as folding it all at once, reading it a page at a time', async () => {
    const events = longLog();
    expect(events.length).toBeGreaterThan(START_PAGE_RECORDS * 2);
    await store(events);
    const { storage, reads } = recordingReads(await openIndexedDbStorage(null));
    const log = new EventLog({ storage });
    await log.load();
    const whole = foldApp(INITIAL_STATE, events, 'this-tab');
    expect(notesOf(log.state)).toEqual(notesOf(whole));
    expect(log.state.view.selectedId).toBe(whole.view.selectedId);
    const pages = reads.filter((r) => r.count === START_PAGE_RECORDS);
    expect(pages.length).toBe(Math.ceil((events.length + 1) / START_PAGE_RECORDS));
    expect(pages.every((r) => r.got <= START_PAGE_RECORDS)).toBe(true);
    expect(pages.map((r) => r.after)).toEqual(pages.map((_, i) => i * START_PAGE_RECORDS));
    await log.close();
  });

  it('keeps the documents it read as JSON, and a note opened afterwards saves and reads back as before', async () => {
    await store(longLog().slice(0, 30));
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    const id = log.state.notes.order.find((n) => log.state.notes.bodies[n].html!.startsWith('<p>u'))!;
    const body = log.state.notes.bodies[id];
    expect(body.blocks).toBeUndefined();
    expect(typeof body.blocksJson).toBe('string');
    expect(bodyBlocks(body)).toEqual(JSON.parse(body.blocksJson!));
    await log.append('note.body-saved', { id, html: '<p>later</p>', blocks: doc('later') });
    await log.writeSnapshot();
    await log.close();
    const again = new EventLog({ storage: await openIndexedDbStorage(null) });
    await again.load();
    expect(again.state.notes.bodies[id].html).toBe('<p>later</p>');
    expect(bodyBlocks(again.state.notes.bodies[id])).toEqual(doc('later'));
    await again.close();
  });

  it('keeps no event or payload of the pages it folded once loaded, only the bodies they made', async () => {
    const events = longLog();
    await store(events);
    const folded: WeakRef<object>[] = [];
    const confirmLocal = LogFold.prototype.confirmLocal;
    const spy = vi.spyOn(LogFold.prototype, 'confirmLocal').mockImplementation(function (this: LogFold, events, origin) {
      for (const e of events) folded.push(new WeakRef(e), new WeakRef(e.payload));
      confirmLocal.call(this, events, origin);
    });
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    try {
      await log.load();
    } finally {
      spy.mockRestore();
    }
    expect(folded.length).toBeGreaterThan(START_PAGE_RECORDS * 4);
    await collectGarbage();
    expect(folded.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    expect(notesOf({ ...log.state, seq: 0 })).toEqual(notesOf({ ...foldApp(INITIAL_STATE, events, 'this-tab'), seq: 0 }));
    await log.close();
  });

  it('quarantines an unreadable record in a later page and folds every other event', async () => {
    const events = longLog();
    const at = START_PAGE_RECORDS + 10;
    const broken = { ...toStoredForm(events[at]), at: 'not a time' };
    await store([...events.slice(0, at), broken, ...events.slice(at + 1)]);
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    expect(log.status$.value.quarantinedNow.map((q) => q.seq)).toEqual([at + 1]);
    const rest = events.filter((_, i) => i !== at);
    expect(notesOf({ ...log.state, seq: 0 })).toEqual(notesOf({ ...foldApp(INITIAL_STATE, rest, 'this-tab'), seq: 0 }));
    expect(log.state.seq).toBe(events.length);
    expect(await log.quarantined()).toHaveLength(1);
    await log.close();
  });
});
