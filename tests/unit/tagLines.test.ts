// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { IMPORT_RECORDS_KEY, type AppEvent } from '../../catalog';
import type { EventLog } from '../../src/events/eventLog';
import type { LogStorage } from '../../src/events/logStorage';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { bodyBlocks } from '../../src/projections/notesState';
import { convertTagLines, declineTagLines, findTagLines, tagLinesAnswered } from '../../src/services/noteImport/tagLines';
import { conversionTools, openLog } from './importHarness';

/*
 * The "Tags: a, b" paragraph earlier imports wrote as a note's last block (docs/product.md "Import
 * notes"): found on the notes of past imports only, turned into tags in one transaction with a body
 * save naming its base, and Undo appending the inverse.
 */

type Block = { type: string; content: { text: string }[] };
const texts = (log: EventLog, id: string) =>
  (bodyBlocks(log.state.notes.bodies[id]) as Block[]).map((b) => b.content.map((c) => c.text).join(''));
const tagsOf = (log: EventLog, id: string) => (log.state.notes.tagged[id] ?? []).map((key) => log.state.notes.tags[key]);

/** A storage that records the events of each append call: one call is one transaction. */
function recorded(storage: LogStorage) {
  const transactions: AppEvent[][] = [];
  const append: LogStorage['append'] = (events) => (transactions.push(events as AppEvent[]), storage.append(events));
  return { transactions, storage: { ...storage, append } };
}

/** Notes imported as the pipeline did before notes had tags: the tags as a last paragraph. */
async function oldImport(log: EventLog, importId: string, notes: { id: string; title: string; html: string }[]) {
  const tools = await conversionTools();
  const events = notes.map(({ id, title, html }) => {
    const blocks = tools.parseHtml(html);
    return log.create('note.imported', {
      id,
      title,
      modified: '2024-01-01T00:00:00.000Z',
      html: tools.toHtml(blocks),
      blocks,
      starred: false,
      source: 'evernote',
      file: 'Trips.enex',
      importId,
    });
  });
  await log.appendBatch([
    ...events,
    log.create('import.notes-added', {
      id: IMPORT_RECORDS_KEY,
      importId,
      notes: notes.map((n) => n.id),
      modified: notes.map(() => '2024-01-01T00:00:00.000Z'),
      events: events.map((e) => e.id),
    }),
  ]);
}

const A = '1600000000001';
const B = '1600000000002';
const C = '1600000000003';
const D = '1600000000004';
const MINE = '1600000000009';

async function library(base: LogStorage = createMemoryLogStorage()) {
  const { storage, transactions } = recorded(base);
  const log = await openLog(storage);
  await oldImport(log, 'import-one-0001', [
    { id: A, title: 'Lisbon', html: '<p>Trams</p><p>Tags: Trips, travel, Project/Alpha</p>' },
    // Text written after the line: it is the person's text now.
    { id: B, title: 'Porto', html: '<p>Wine</p><p>Tags: Trips, travel</p><p>More notes</p>' },
    { id: C, title: 'Faro', html: '<p>Tags: Trips</p>' },
  ]);
  await oldImport(log, 'import-two-0002', [{ id: D, title: 'Undone', html: '<p>x</p><p>Tags: gone</p>' }]);
  await log.append('import.undone', { id: IMPORT_RECORDS_KEY, importId: 'import-two-0002', removed: 0, kept: 1 });
  // A note of the person's own that ends the same way is not an import's.
  await log.append('note.created', { id: MINE, title: 'Mine' });
  const tools = await conversionTools();
  const mine = tools.parseHtml('<p>Tags: mine</p>');
  await log.append('note.body-saved', { id: MINE, html: tools.toHtml(mine), blocks: mine });
  return { log, transactions, tools };
}

describe('the "Tags:" lines of earlier imports', () => {
  it('are found on the notes of imports not undone whose last block is still the line', async () => {
    const { log } = await library();
    expect(await findTagLines(log)).toEqual([
      { id: A, tags: ['Trips', 'travel', 'Project/Alpha'] },
      { id: C, tags: ['Trips'] },
    ]);
  });

  it('are found and turned into tags on notes whose documents a start left unread', async () => {
    globalThis.indexedDB = new IDBFactory();
    const { log } = await library(await openIndexedDbStorage(null));
    await log.writeSnapshot();
    await log.close();
    // The next start keeps the snapshot's bodies unread (docs/architecture.md "Snapshots"): the offer reads the notes it looks at.
    const again = await openLog(await openIndexedDbStorage(null));
    expect(again.state.notes.bodies[A].docKey).toBeDefined();
    expect(await findTagLines(again)).toEqual([
      { id: A, tags: ['Trips', 'travel', 'Project/Alpha'] },
      { id: C, tags: ['Trips'] },
    ]);
    expect((await convertTagLines(again, (await conversionTools()).toHtml)).notes).toBe(2);
    expect(texts(again, A)).toEqual(['Trams']);
    await again.close();
  });

  it('become tags in one transaction, each body saved without the line and naming its base', async () => {
    const { log, transactions, tools } = await library();
    await log.append('note.tagged', { id: A, tag: 'travel' });
    const revisionOfA = log.state.notes.revs[A].id;
    const before = transactions.length;
    const done = await convertTagLines(log, tools.toHtml);
    expect(done.notes).toBe(2);
    expect(transactions.length).toBe(before + 1);
    const batch = transactions.at(-1)!;
    expect(batch.map((e) => e.type)).toEqual([
      'note.tagged',
      'note.tagged',
      'note.body-saved',
      'note.tagged',
      'note.body-saved',
      'import.tag-lines-answered',
    ]);
    expect(batch.find((e) => e.type === 'note.body-saved')!.payload).toMatchObject({ id: A, base: revisionOfA });
    expect(texts(log, A)).toEqual(['Trams']);
    expect(tagsOf(log, A)).toEqual(['Project/Alpha', 'travel', 'Trips']);
    expect(log.state.notes.bodies[C].html).toBe('');
    expect(texts(log, B)).toEqual(['Wine', 'Tags: Trips, travel', 'More notes']);
    expect(texts(log, MINE)).toEqual(['Tags: mine']);
    expect(await tagLinesAnswered(log)).toBe(true);
    expect(await findTagLines(log)).toEqual([]);
  });

  it('come back with Undo, which takes off only the tags the lines gave and leaves a note edited since', async () => {
    const { log, tools } = await library();
    await log.append('note.tagged', { id: A, tag: 'travel' });
    const notes = log.state.notes.order.length;
    const done = await convertTagLines(log, tools.toHtml);
    const edited = tools.parseHtml('<p>Rewritten</p>');
    await log.append('note.body-saved', { id: C, html: tools.toHtml(edited), blocks: edited, base: log.state.notes.revs[C].id });
    expect(await done.undo()).toBe(1);
    expect(texts(log, A)).toEqual(['Trams', 'Tags: Trips, travel, Project/Alpha']);
    expect(tagsOf(log, A)).toEqual(['travel']);
    expect(texts(log, C)).toEqual(['Rewritten']);
    expect(tagsOf(log, C)).toEqual(['Trips']);
    // No conflict copy: the restore names the conversion's save as its base.
    expect(log.state.notes.order).toHaveLength(notes);
  });

  it('are offered once: "Not now" is remembered', async () => {
    const { log } = await library();
    expect(await tagLinesAnswered(log)).toBe(false);
    await declineTagLines(log, 2);
    expect(await tagLinesAnswered(log)).toBe(true);
    expect(await findTagLines(log)).toHaveLength(2);
  });
});
