import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { bodyBlocks, isUnreadBody, type NoteBody, type NotesState } from '../../src/projections/notesState';
import { createExportRun } from '../../src/ui/exportAll/exportRun';

/**
 * The export of all notes after a start that left a snapshot's documents unread (docs/architecture.md
 * "Documents by reference"): the exporter reads each note's document a slice at a time, and none is
 * put into the log's state.
 */

type Run = { notes: NotesState; readBodies: (ids: readonly string[]) => Promise<ReadonlyMap<string, NoteBody>> };
const exported: { notes: NotesState; bodies: ReadonlyMap<string, NoteBody> }[] = [];
vi.mock('../../src/ui/exportAll/runExportAll', () => ({
  runExportAll: async (run: Run) => {
    exported.push({ notes: run.notes, bodies: await run.readBodies(run.notes.order) });
  },
}));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  exported.length = 0;
});

const blocksOf = (text: string) => [{ id: 'b', type: 'paragraph', props: {}, content: [{ type: 'text', text, styles: {} }], children: [] }];

describe('the export of all notes after a start with unread documents', () => {
  it('hands the exporter every note with its document read, and keeps none in the state', async () => {
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    for (const id of ['1600000000001', '1600000000002']) {
      await log.append('note.created', { id, title: id });
      await log.append('note.body-saved', { id, html: `<p>${id}</p>`, blocks: blocksOf(id) });
    }
    await log.writeSnapshot();
    await log.close();
    const again = new EventLog({ storage: await openIndexedDbStorage(null) });
    await again.load();
    const before = again.state.notes.bodies;
    expect(isUnreadBody(before['1600000000001'])).toBe(true);
    await createExportRun(again).start();
    expect(exported).toHaveLength(1);
    const { notes, bodies } = exported[0];
    expect(notes.order).toHaveLength(2);
    for (const id of notes.order) expect(bodyBlocks(bodies.get(id))).toEqual(blocksOf(id));
    // Read for the export only: the state keeps them unread, so the heap does not grow back after one.
    for (const id of notes.order) expect(again.state.notes.bodies[id]).toBe(before[id]);
    expect(isUnreadBody(again.state.notes.bodies['1600000000001'])).toBe(true);
    await again.close();
  });
});
