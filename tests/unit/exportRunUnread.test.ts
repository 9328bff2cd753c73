import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { bodyBlocks, type NotesState } from '../../src/projections/notesState';
import { createExportRun } from '../../src/ui/exportAll/exportRun';

/**
 * The export of all notes reads every document first (docs/architecture.md "Snapshots", "Documents
 * by reference"): a start leaves a snapshot's documents unread, and the exporter reads each note's.
 */

const exported: NotesState[] = [];
vi.mock('../../src/ui/exportAll/runExportAll', () => ({
  runExportAll: (run: { notes: NotesState }) => {
    exported.push(run.notes);
    return Promise.resolve();
  },
}));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  exported.length = 0;
});

const blocksOf = (text: string) => [{ id: 'b', type: 'paragraph', props: {}, content: [{ type: 'text', text, styles: {} }], children: [] }];

describe('the export of all notes after a start with unread documents', () => {
  it('hands the exporter every note with its document read', async () => {
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
    expect(again.state.notes.bodies['1600000000001'].docKey).toBeDefined();
    await createExportRun(again).start();
    expect(exported).toHaveLength(1);
    for (const id of exported[0].order) expect(bodyBlocks(exported[0].bodies[id])).toEqual(blocksOf(id));
    await again.close();
  });
});
