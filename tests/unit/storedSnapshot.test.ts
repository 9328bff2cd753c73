import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import type { Snapshot, SnapshotPart } from '../../src/events/logRecords';
import { storedBody } from '../../src/events/storedSnapshot';
import { EMPTY_NOTES, INITIAL_VIEW, bodyBlocks } from '../../src/projections/notesState';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const blocks = [
  { id: 'a', type: 'paragraph', props: { textColor: 'default' }, content: [{ type: 'text', text: 'Tea ü', styles: {} }], children: [] },
];

function snapshot(bodies: Snapshot['state']['notes']['bodies']): Snapshot {
  const order = Object.keys(bodies);
  const meta = Object.fromEntries(order.map((id) => [id, { title: id, modified: '2026-11-24T00:00:00.000Z' }]));
  return {
    v: 2,
    seq: 7,
    at: '2026-11-24T00:00:00.000Z',
    state: { notes: { ...EMPTY_NOTES, order, meta, bodies }, view: INITIAL_VIEW, seq: 7 },
  };
}

describe('stored form of snapshots', () => {
  it('keeps each document as one JSON string in IndexedDB; read back, the body holds it and bodyBlocks parses it', async () => {
    const storage = await openIndexedDbStorage(null);
    await storage.writeSnapshot(snapshot({ '1': { html: '<p>Tea ü</p>', blocks }, '2': { html: '<p>legacy</p>' } }));
    const db = await openDB(LOG_DB_NAME);
    const raw = (await db.get('snapshots', 7)) as Snapshot & { bodyParts: number };
    const part = (await db.get('snapshotBodies', [7, 0])) as SnapshotPart;
    const documents = await db.getAll('documents');
    db.close();
    expect(raw.state.notes.bodies).toEqual({});
    expect(raw.bodyParts).toBe(1);
    // The body is a record of its own, its HTML too, named by the part (docs/architecture.md "Documents by reference").
    expect(part.state['1']).toEqual({ docKey: expect.any(String) });
    expect(part.state['2']).toEqual({ docKey: expect.any(String) });
    expect(documents).toEqual(
      expect.arrayContaining([{ html: '<p>Tea ü</p>', blocksJson: JSON.stringify(blocks) }, { html: '<p>legacy</p>' }]),
    );
    const read = (await storage.latestSnapshot())!;
    const body = read.state.notes.bodies['1'];
    expect(body.html).toBe('<p>Tea ü</p>');
    expect(bodyBlocks(body)).toEqual(blocks);
    expect(bodyBlocks(body)).toBe(bodyBlocks(body)); // parsed once
    expect(bodyBlocks(read.state.notes.bodies['2'])).toBeUndefined();
    storage.close();
  });

  it('writes a body read from a snapshot again as it is, and an unreadable document reads as none', () => {
    const read = { html: '<p>x</p>', blocksJson: JSON.stringify(blocks) };
    expect(storedBody(read)).toBe(read);
    expect(bodyBlocks({ html: '<p>x</p>', blocksJson: '[{' })).toBeUndefined();
    expect(bodyBlocks({ html: '<p>x</p>', blocks })).toBe(blocks); // a body saved by the editor, as it is
  });

  it('a log started from such a snapshot shows the same notes as the one that wrote it', async () => {
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    await log.append('note.created', { id: '1', title: 'One' });
    await log.append('note.body-saved', { id: '1', html: '<p>Tea ü</p>', blocks });
    await log.writeSnapshot();
    const notes = log.state.notes;
    await log.close();
    const again = new EventLog({ storage: await openIndexedDbStorage(null) });
    await again.load();
    expect(again.state.notes.meta).toEqual(notes.meta);
    expect(again.state.notes.bodies['1'].html).toBe(notes.bodies['1'].html);
    expect(bodyBlocks(again.state.notes.bodies['1'])).toEqual(blocks);
    await again.close();
  });
});
