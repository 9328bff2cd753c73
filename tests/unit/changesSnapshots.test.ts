import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { BUILD_ID } from '../../src/lib/buildId';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import { chainOrigin } from '../../src/projections/changes/chainState';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { foldApp } from '../../src/projections/foldApp';
import { foldNotes } from '../../src/projections/foldNotes';
import { noteRevisions } from '../../src/projections/history';
import { bodyBlocks, EMPTY_NOTES, INITIAL_STATE, type NotesState } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { ChangesDevice, noteEvent, para, textOf, wholeHtml } from '../support/changesDevice';

/**
 * Snapshots of notes saved as changes (docs/architecture.md "Saves as changes", "Snapshots"): a
 * state holding chains is written and read back with everything a later merge needs, and a library
 * of the build before (schema 4, whole bodies, its snapshot without chain fields) opens after the
 * update with every note and its history, its notes' next saves starting chains from their bodies.
 */

const A = 'device-aaaaaaaa';
const B = 'device-bbbbbbbb';
const ONE = '1764230400000';
const TWO = '1764230500000';
const BLOCKS = [para('b1', 'First.'), para('b2', 'Second.'), para('b3', 'Third.')];

beforeAll(async () => {
  await loadChainEngine();
});
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const withText = (blocks: PlainBlock[], index: number, text: string) => blocks.map((b, i) => (i === index ? para(b.id, text) : b));
const texts = (notes: NotesState, id: string) => ((bodyBlocks(notes.bodies[id]) ?? []) as PlainBlock[]).map(textOf);
/** `events` as a build of schema `v` stored them, at seqs from 1. */
const asVersion = (v: number, events: AppEvent[]) => events.map((e, i) => ({ ...e, v, seq: i + 1 }));

/** Two notes saved whole (what a build of schema 4 wrote), each event made by device A. */
function wholeNotes() {
  const created1 = noteEvent('note.created', { id: ONE, title: 'One' }, A);
  const saved1 = noteEvent('note.body-saved', { id: ONE, html: wholeHtml(BLOCKS), blocks: BLOCKS, base: created1.id }, A);
  const created2 = noteEvent('note.created', { id: TWO, title: 'Two' }, A);
  const two = [para('t1', 'Only paragraph.')];
  const saved2 = noteEvent('note.body-saved', { id: TWO, html: wholeHtml(two), blocks: two, base: created2.id }, A);
  return { events: [created1, saved1, created2, saved2], rev1: saved1.id, rev2: saved2.id, two };
}

/** Changes after the whole bodies: note one changed on A and B offline (a merge, one block of both), note two on A. */
function changesAfter(rev1: string, rev2: string, two: PlainBlock[]) {
  const onA = new ChangesDevice(A, ONE, BLOCKS, rev1);
  const onB = new ChangesDevice(B, ONE, BLOCKS, rev1);
  const a1 = onA.save(withText(BLOCKS, 0, 'First, from A.'));
  const b1 = onB.save(withText(BLOCKS, 0, 'From B: First.'));
  const b2 = onB.save(withText(onB.shown, 2, 'Third, from B.'));
  const t1 = new ChangesDevice(A, TWO, two, rev2).save([...two, para('t2', 'Added after the update.')], 'Two, longer');
  return { changes: [a1, b1, b2, t1], onA };
}

async function openLog(): Promise<EventLog> {
  const log = new EventLog({ storage: await openIndexedDbStorage(null) });
  await log.load();
  return log;
}

describe('a snapshot of notes saved as changes', () => {
  it('round-trips through the snapshot writer and reader, and a later merge folds onto it as onto the fold', async () => {
    const { events, rev1, rev2, two } = wholeNotes();
    const { changes, onA } = changesAfter(rev1, rev2, two);
    const storage = await openIndexedDbStorage(null);
    await storage.append([...events, ...changes]);
    const log = new EventLog({ storage });
    await log.load();
    await log.writeSnapshot();
    const folded = log.state.notes;
    expect(folded.bodies[ONE].chain!.stale).toEqual(['b1']);
    await log.close();

    const again = await openLog();
    // Start-up leaves the documents unread (docs/architecture.md "Snapshots"): read them as the editor would.
    await again.readNotes(null);
    const read = again.state.notes;
    expect(toStorageKeys(read)).toEqual(toStorageKeys(folded));
    for (const id of [ONE, TWO]) {
      expect(texts(read, id)).toEqual(texts(folded, id));
      expect(read.revs[id]).toEqual(folded.revs[id]);
      const { origin: _o, originJson: _j, ...chain } = read.bodies[id].chain!;
      const { origin: _o2, originJson: _j2, ...expected } = folded.bodies[id].chain!;
      expect(chain).toEqual(expected);
      expect(chainOrigin(read.bodies[id].chain!)).toEqual(chainOrigin(folded.bodies[id].chain!));
    }
    // A change A made before it saw B's merges into the state read back as into the fold.
    const a2 = onA.save(withText(onA.shown, 1, 'Second, from A.'));
    const onRead = foldNotes(read, [a2]);
    const onFold = foldNotes(folded, [a2]);
    expect(texts(onRead, ONE)).toEqual(texts(onFold, ONE));
    expect(toStorageKeys(onRead)).toEqual(toStorageKeys(onFold));
    expect(texts(onRead, ONE)[1]).toBe('Second, from A.');
    await again.close();
  });

  it('another build’s snapshot holding chains is parsed and read the same', async () => {
    const { events, rev1, rev2, two } = wholeNotes();
    const { changes } = changesAfter(rev1, rev2, two);
    const storage = await openIndexedDbStorage(null);
    await storage.append([...events, ...changes]);
    const log = new EventLog({ storage });
    await log.load();
    await log.writeSnapshot();
    const snapshot = (await storage.latestSnapshot())!;
    await storage.writeSnapshot({ ...snapshot, seq: snapshot.seq, writer: 'another-build' });
    const folded = log.state.notes;
    await log.close();
    const again = await openLog();
    await again.readNotes(null);
    expect(toStorageKeys(again.state.notes)).toEqual(toStorageKeys(folded));
    expect(texts(again.state.notes, ONE)).toEqual(texts(folded, ONE));
    expect(chainOrigin(again.state.notes.bodies[ONE].chain!)).toEqual(BLOCKS);
    await again.close();
  });
});

describe('a library of schema 4 with a snapshot, after the update', () => {
  it('opens with every note and its whole history, whole bodies and the chains changes started from them', async () => {
    const { events, rev1, rev2, two } = wholeNotes();
    const old = asVersion(4, events);
    const storage = await openIndexedDbStorage(null);
    expect((await storage.append(old)).map((e) => e.seq)).toEqual(old.map((e) => e.seq));
    // The build before wrote its snapshot of the whole bodies: no chain fields, its own writer.
    const state = foldApp(INITIAL_STATE, old);
    await storage.writeSnapshot({ v: 4, writer: 'notepad-schema-4', seq: state.seq, at: events[3].at, state });
    storage.close();

    // After the update: the notes' next saves are changes, starting chains from the bodies in the snapshot.
    const { changes } = changesAfter(rev1, rev2, two);
    const log = await openLog();
    // Read and upcast, not set aside (that would be reported as quarantined).
    expect(log.status$.value.quarantinedNow).toEqual([]);
    expect(log.state.notes.order).toEqual([TWO, ONE]);
    // The editor reads a note's document when it opens it, before its first change.
    await log.readDocumentsFor(changes);
    for (const e of changes) await log.appendEvent({ ...e, seq: 0 });
    const expected = foldNotes(EMPTY_NOTES, [...events, ...changes]);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(expected));
    expect(texts(log.state.notes, ONE)).toEqual(texts(expected, ONE));
    expect(texts(log.state.notes, TWO)).toEqual(['Only paragraph.', 'Added after the update.']);
    expect(log.state.notes.revs[ONE].chain).toBe(rev1);

    const history = async (id: string) => noteRevisions(id, await log.noteEvents(id), log.state.notes);
    const one = await history(ONE);
    expect(one.map((r) => r.kind)).toEqual(['saved', 'saved', 'saved', 'saved', 'created']);
    expect(one[4].html).toBe('');
    expect(one[3].html).toBe(wholeHtml(BLOCKS));
    expect(((one[2].blocks ?? []) as PlainBlock[]).map(textOf)).toEqual(['First, from A.', 'Second.', 'Third.']);
    expect(one[0].html).toBe(log.state.notes.bodies[ONE].html);
    const second = await history(TWO);
    expect(second.map((r) => [r.kind, r.title])).toEqual([
      ['saved', 'Two, longer'],
      ['saved', 'Two'],
      ['created', 'Two'],
    ]);
    await log.close();

    // And the next start, from this build's snapshot, shows the same.
    const storageAgain = await openIndexedDbStorage(null);
    await expect.poll(async () => (await storageAgain.latestSnapshot())?.writer).toBe(BUILD_ID);
    storageAgain.close();
    const again = await openLog();
    expect(toStorageKeys(again.state.notes)).toEqual(toStorageKeys(expected));
    await again.close();
  });
});

describe('the list before the bodies over changes', () => {
  it('a change to a note whose body is not read yet shows in the list, and the load gives its real text', async () => {
    const { events, rev1, rev2, two } = wholeNotes();
    const { changes } = changesAfter(rev1, rev2, two);
    const storage = await openIndexedDbStorage(null);
    await storage.append(events);
    const first = new EventLog({ storage });
    await first.load();
    await first.writeSnapshot();
    await first.close();
    const again = await openIndexedDbStorage(null);
    await again.append(changes);
    const log = new EventLog({ storage: again });
    expect(await log.preview()).toBe(true);
    expect(log.state.notes.meta[TWO].title).toBe('Two, longer');
    await log.load();
    const expected = foldNotes(EMPTY_NOTES, [...events, ...changes]);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(expected));
    expect(texts(log.state.notes, ONE)).toEqual(texts(expected, ONE));
    await log.close();
  });
});
