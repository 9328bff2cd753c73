import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { fromStoredForm, toStoredForm } from '../../src/events/storedForm';
import { bodyBlocks } from '../../src/projections/notesState';
import { ev } from './helpers';

const blocks = [
  {
    id: 'a',
    type: 'paragraph',
    props: { textColor: 'default' },
    content: [{ type: 'text', text: 'Tea "quoted" \\ ünï', styles: { bold: true } }],
    children: [],
  },
  {
    id: 'b',
    type: 'table',
    content: { type: 'tableContent', rows: [{ cells: [[{ type: 'text', text: 'c', styles: {} }]] }] },
    children: [],
  },
];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

async function rawStored() {
  const db = await openDB(LOG_DB_NAME);
  const all = await db.getAll('events');
  db.close();
  return all as Record<string, unknown>[];
}

describe('stored form of events', () => {
  it('moves a BlockNote document to one JSON string and back, leaving other events as they are', () => {
    const saved = ev('note.body-saved', { id: '1', html: '<p>x</p>', blocks });
    const stored = toStoredForm(saved) as unknown as Record<string, unknown>;
    expect(stored.payload).toEqual({ id: '1', html: '<p>x</p>' });
    expect(typeof stored.blocksJson).toBe('string');
    expect(fromStoredForm(JSON.parse(JSON.stringify(stored)))).toEqual(saved);
    expect((saved.payload as { blocks: unknown }).blocks).toBe(blocks); // the event itself is untouched
    const renamed = ev('note.renamed', { id: '1', title: 't' });
    expect(toStoredForm(renamed)).toBe(renamed);
    expect(fromStoredForm(renamed)).toBe(renamed);
  });

  it('stringifies each block object once: saves sharing unchanged blocks reuse their JSON', () => {
    const block = { id: 'x', type: 'paragraph', content: [], children: [] };
    const first = toStoredForm(ev('note.body-saved', { id: '1', html: '', blocks: [block] })) as unknown as { blocksJson: string };
    (block as { type: string }).type = 'heading'; // blocks are immutable; this only shows the cache
    const second = toStoredForm(ev('note.body-saved', { id: '1', html: '', blocks: [block, { id: 'y' }] })) as unknown as {
      blocksJson: string;
    };
    expect(JSON.parse(second.blocksJson)).toEqual([JSON.parse(first.blocksJson)[0], { id: 'y' }]);
  });

  it('IndexedDB holds saves in the stored form, and the log, history and a reopened page read them whole', async () => {
    const log = new EventLog({ storage: await openIndexedDbStorage() });
    await log.load();
    await log.append('note.created', { id: '1', title: 'a' });
    await log.append('note.body-saved', { id: '1', html: '<p>x</p>', blocks });
    const raw = await rawStored();
    expect(raw[1].blocksJson).toEqual(expect.any(String));
    expect((raw[1].payload as Record<string, unknown>).blocks).toBeUndefined();
    const history = await log.noteEvents('1');
    expect((history[1] as { payload: { blocks: unknown } }).payload.blocks).toEqual(blocks);
    await log.close();
    const reopened = new EventLog({ storage: await openIndexedDbStorage() });
    await reopened.load();
    // Start-up keeps the document as the JSON storage holds, parsed when something reads it.
    const body = reopened.state.notes.bodies['1'];
    expect(body).toEqual({ html: '<p>x</p>', blocksJson: expect.any(String) });
    expect(bodyBlocks(body)).toEqual(blocks);
    await reopened.close();
  });

  it('reads records stored before (blocks as an array) and quarantines an unreadable stored document', async () => {
    const storage = await openIndexedDbStorage();
    storage.close();
    const db = await openDB(LOG_DB_NAME);
    // The key path must be absent for IndexedDB to assign seq.
    const unsequenced = (event: object) => {
      const { seq: _seq, ...rest } = event as { seq?: number };
      return rest;
    };
    await db.add('events', unsequenced(ev('note.created', { id: '1', title: 'a' })));
    await db.add('events', unsequenced(ev('note.body-saved', { id: '1', html: '<p>old</p>', blocks })));
    await db.add(
      'events',
      unsequenced({ ...toStoredForm(ev('note.body-saved', { id: '1', html: '<p>new</p>', blocks })), blocksJson: '[{"id":' }),
    );
    db.close();
    const log = new EventLog({ storage: await openIndexedDbStorage() });
    await log.load();
    expect(log.state.notes.bodies['1']).toEqual({ html: '<p>old</p>', blocks });
    const [quarantined] = log.status$.value.quarantinedNow;
    expect(quarantined.reason).toMatch(/blocks/);
    expect((quarantined.raw as { blocksJson: string }).blocksJson).toBe('[{"id":');
    await log.close();
  });

  it('the replay reads every event of the log in order without documents, also ones stored before the stored form', async () => {
    const storage = await openIndexedDbStorage();
    storage.close();
    const db = await openDB(LOG_DB_NAME);
    const { seq: _one, ...created } = ev('note.created', { id: '1', title: 'a' });
    const { seq: _two, ...old } = ev('note.body-saved', { id: '1', html: '<p>old</p>', blocks });
    await db.add('events', created);
    await db.add('events', old);
    db.close();
    const log = new EventLog({ storage: await openIndexedDbStorage() });
    await log.load();
    await log.append('note.body-saved', { id: '1', html: '<p>new</p>', blocks });
    await log.append('note.renamed', { id: '1', title: 'b' });
    const events = await log.replayEvents();
    expect(events.map((e) => [e.seq, e.type, (e.payload as { html?: string }).html])).toEqual([
      [1, 'note.created', undefined],
      [2, 'note.body-saved', '<p>old</p>'],
      [3, 'note.body-saved', '<p>new</p>'],
      [4, 'note.renamed', undefined],
    ]);
    expect(events.some((e) => 'blocks' in (e.payload as object) || 'blocksJson' in e)).toBe(false);
    // The events with their documents are still there for everything else.
    expect((await log.storedRecords()).map((r) => ((r as { payload: { blocks?: unknown } }).payload.blocks ? 'doc' : '-'))).toEqual([
      '-',
      'doc',
      'doc',
      '-',
    ]);
    await log.close();
  });
});
