import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../catalog';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { ChangesDevice, noteEvent, para, textOf, wholeHtml } from '../support/changesDevice';
import { MemoryWebStorage } from './memoryWebStorage';

/**
 * Where Yjs loads (docs/architecture.md "Saves as changes"): the folds are synchronous and a merge
 * needs the chain engine, so every place that reads events to fold loads it first when they hold a
 * change. Each test starts from a fresh module registry: nothing has loaded the engine before.
 */

const NOTE = '1764230400000';
const A = 'device-aaaaaaaa';
const B = 'device-bbbbbbbb';
const BLOCKS = [para('b1', 'First.'), para('b2', 'Second.')];

/** A note saved whole, then changed offline on two devices (a merge): the events in server order, with seqs. */
function mergedLog(): AppEvent[] {
  const created = noteEvent('note.created', { id: NOTE, title: 'Two devices' }, A);
  const saved = noteEvent('note.body-saved', { id: NOTE, html: wholeHtml(BLOCKS), blocks: BLOCKS, base: created.id }, A);
  const a = new ChangesDevice(A, NOTE, BLOCKS, saved.id).save([para('b1', 'First, from A.'), BLOCKS[1]]);
  const b = new ChangesDevice(B, NOTE, BLOCKS, saved.id).save([BLOCKS[0], para('b2', 'Second, from B.')]);
  return [created, saved, a, b].map((e, i) => ({ ...e, seq: i + 1 }));
}

const MERGED = ['First, from A.', 'Second, from B.'];

async function fresh() {
  vi.resetModules();
  const chain = await import('../../src/projections/changes/chainEngine');
  const { EventLog } = await import('../../src/events/eventLog');
  const { createMemoryLogStorage } = await import('../../src/events/memoryLogStorage');
  const { bodyBlocks } = await import('../../src/projections/notesState');
  const texts = (log: InstanceType<typeof EventLog>) => ((bodyBlocks(log.state.notes.bodies[NOTE]) ?? []) as PlainBlock[]).map(textOf);
  return { chain, EventLog, createMemoryLogStorage, texts };
}

beforeEach(() => {
  vi.resetModules();
});

describe('loading the chain engine before a fold needs it', () => {
  it('a log holding a merge opens through the start-up path without the engine loaded beforehand', async () => {
    const { chain, createMemoryLogStorage } = await fresh();
    const { startLog } = await import('../support/startLog');
    expect(chain.loadedChainEngine()).toBeNull();
    const storage = createMemoryLogStorage(mergedLog());
    const result = await startLog({ openStorage: async () => storage, webStorage: new MemoryWebStorage(), channel: null });
    expect(result.error).toBeNull();
    const { bodyBlocks } = await import('../../src/projections/notesState');
    expect(((bodyBlocks(result.log!.state.notes.bodies[NOTE]) ?? []) as PlainBlock[]).map(textOf)).toEqual(MERGED);
    expect(result.log!.state.notes.order).toEqual([NOTE]);
    expect(chain.loadedChainEngine()).not.toBeNull();
  });

  it('a log of whole bodies only opens without loading it', async () => {
    const { chain, EventLog, createMemoryLogStorage } = await fresh();
    const log = new EventLog({ storage: createMemoryLogStorage(mergedLog().slice(0, 2)), channel: null });
    await log.load();
    expect(log.state.notes.bodies[NOTE].html).toBe(wholeHtml(BLOCKS));
    expect(chain.loadedChainEngine()).toBeNull();
  });

  it('the list shown before the bodies folds a merge in a note the tail made', async () => {
    const { chain, EventLog, texts } = await fresh();
    const { foldApp } = await import('../../src/projections/foldApp');
    const { INITIAL_STATE } = await import('../../src/projections/notesState');
    const { SNAPSHOT_STAMP } = await import('../../src/events/snapshotReading');
    const { openIndexedDbStorage } = await import('../../src/events/logStorage');
    globalThis.indexedDB = new IDBFactory();
    const other = { ...noteEvent('note.created', { id: '1764230300000', title: 'Other' }, A), seq: 1 };
    const storage = await openIndexedDbStorage();
    await storage.append([other, ...mergedLog()]);
    // A snapshot from before the note was made: the tail makes it and merges into it.
    await storage.writeSnapshot({ ...SNAPSHOT_STAMP, seq: 1, at: other.at, state: foldApp(INITIAL_STATE, [other]) });
    const log = new EventLog({ storage, channel: null });
    expect(await log.preview()).toBe(true);
    expect(texts(log)).toEqual(MERGED);
    expect(chain.loadedChainEngine()).not.toBeNull();
    await log.load();
    expect(texts(log)).toEqual(MERGED);
  });

  it('a pull from the sync server holding a merge applies', async () => {
    const { chain, EventLog, createMemoryLogStorage, texts } = await fresh();
    const { EMPTY_SERVER_BASE } = await import('../../src/events/logFold');
    const log = new EventLog({ storage: createMemoryLogStorage([]), channel: null });
    await log.load();
    await log.serverSync.enterSync(
      {
        userId: 'user-1',
        email: 'a@example.org',
        deviceId: 'device-cccccccc',
        deviceName: 'C',
        ackedThrough: 0,
        since: '2026-11-27T00:00:00.000Z',
      },
      EMPTY_SERVER_BASE,
    );
    expect(chain.loadedChainEngine()).toBeNull();
    await log.serverSync.receive(mergedLog().map((event, i) => ({ sseq: i + 1, event })));
    expect(texts(log)).toEqual(MERGED);
    expect(log.state.notes.order).toEqual([NOTE]);
  });

  it('appending a change before the engine loaded is refused before anything is applied', async () => {
    const { EventLog, createMemoryLogStorage } = await fresh();
    const log = new EventLog({ storage: createMemoryLogStorage(mergedLog().slice(0, 2)), channel: null });
    await log.load();
    const [, , change] = mergedLog();
    const before = log.state;
    expect(() => log.appendBatch([change])).toThrow(/before loadChainEngine/);
    expect(log.state).toBe(before);
  });

  it('a note’s history holding a merge is read with the engine loaded', async () => {
    const { chain, createMemoryLogStorage } = await fresh();
    const { readNoteEvents } = await import('../../src/events/logQueries');
    const { noteRevisions } = await import('../../src/projections/history');
    const { foldNotes } = await import('../../src/projections/foldNotes');
    const { EMPTY_NOTES } = await import('../../src/projections/notesState');
    const events = await readNoteEvents(createMemoryLogStorage(mergedLog()), {}, NOTE);
    expect(chain.loadedChainEngine()).not.toBeNull();
    const notes = foldNotes(EMPTY_NOTES, events);
    expect(noteRevisions(NOTE, events, notes).map((r) => r.html)[0]).toBe(wholeHtml([para('b1', MERGED[0]), para('b2', MERGED[1])]));
  });

  it('the replay of the current log, read without documents, folds the notes the log shows', async () => {
    const { EventLog, createMemoryLogStorage, texts } = await fresh();
    const { Replay } = await import('../../src/projections/replay');
    const log = new EventLog({ storage: createMemoryLogStorage(mergedLog()), channel: null });
    await log.load();
    const events = await log.replayEvents();
    const replayed = new Replay(events).stateAt(events.length).notes;
    expect(replayed.order).toEqual([NOTE]);
    expect(replayed.bodies[NOTE].html).toBe(log.state.notes.bodies[NOTE].html);
    expect(texts(log)).toEqual(MERGED);
  });
});
