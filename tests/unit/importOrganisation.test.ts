// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import type { EventLog } from '../../src/events/eventLog';
import type { LogStorage } from '../../src/events/logStorage';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { organisationSummary } from '../../src/projections/organisation/organisationSummary';
import { undoImport } from '../../src/services/noteImport/undoImport';
import { LONG_FOLDER, LONG_TAG } from '../fixtures/import/organised';
import { fixtureFile, importFiles, openLog } from './importHarness';

/*
 * The import pipeline's notebooks and tags (docs/architecture.md "Import pipeline", docs/product.md
 * "Import notes"): notebooks found or made once, in the batch before the notes that use them; tags
 * normalised, the ones that cannot be tags listed; Undo taking away the notebooks it left empty.
 */

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/** The notebooks (paths) and tags (paths) of the log's notes, each with its notes' titles. */
function shape(log: EventLog) {
  const { notes } = log.state;
  const titles = (ids: string[]) => ids.map((id) => notes.meta[id].title).sort();
  const summary = organisationSummary(notes);
  return {
    notebooks: Object.fromEntries(summary.notebooks.map((entry) => [entry.path, titles(entry.notes)])),
    tags: Object.fromEntries(summary.tags.map((entry) => [entry.path, titles(entry.notes)])),
  };
}

/** A storage that records the events of each append call: one call is one transaction. */
function recorded(storage: LogStorage) {
  const transactions: AppEvent[][] = [];
  const append: LogStorage['append'] = (events) => (transactions.push(events as AppEvent[]), storage.append(events));
  return { transactions, storage: { ...storage, append } };
}

describe('notebooks and tags of an import', () => {
  it('makes one notebook per .enex and one tag per name ignoring case, nesting tags by "/"', async () => {
    const log = await openLog();
    const outcome = await importFiles(log, [fixtureFile('Travel.enex'), fixtureFile('Work Projects.enex')]);
    expect(outcome).toMatchObject({ kind: 'imported', imported: 5 });
    expect(shape(log)).toEqual({
      notebooks: {
        Travel: ['Lisbon weekend', 'Packing list'],
        'Work Projects': ['Alpha kickoff', 'Beta budget', 'Untagged memo'],
      },
      tags: {
        lists: [],
        'lists/packing': ['Packing list'],
        meetings: ['Alpha kickoff'],
        project: [],
        'project/alpha': ['Alpha kickoff'],
        // A tag keeps the path it was first written with; "project" above it was first written lower case.
        'Project/Beta': ['Beta budget'],
        'road trip': ['Beta budget', 'Lisbon weekend'],
        travel: ['Lisbon weekend', 'Packing list'],
        y2019: ['Lisbon weekend'],
      },
    });
  });

  it('appends each notebook once, in the batch of the first note in it and before that note', async () => {
    const { storage, transactions } = recorded(createMemoryLogStorage());
    const log = await openLog(storage);
    await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]);
    const events = transactions.flat();
    const made = events.filter((e): e is AppEvent<'notebook.created'> => e.type === 'notebook.created');
    expect(made.map((e) => e.payload.name).sort()).toEqual(['2024', 'Archive', 'Daily', 'Projects', 'Reference']);
    for (const notebook of made) {
      const firstUse = events.findIndex(
        (e) =>
          e.type === 'note.imported' &&
          (e.payload as { notebook?: string }).notebook !== undefined &&
          (e.payload as { notebook?: string }).notebook === notebook.payload.notebook,
      );
      const isParent = made.some((child) => child.payload.parent === notebook.payload.notebook);
      if (firstUse >= 0) expect(events.indexOf(notebook)).toBeLessThan(firstUse);
      else expect(isParent).toBe(true);
      expect(transactions.find((t) => t.includes(notebook))!.at(-1)!.payload).toMatchObject({
        notebooks: expect.arrayContaining([notebook.payload.notebook]),
      });
    }
    expect(shape(log).notebooks).toEqual({
      Daily: ['2024-03-05'],
      Projects: [],
      'Projects / 2024': ['Budget', 'Launch plan'],
      'Projects / Archive': ['Old idea'],
      Reference: ['Markdown links', 'Untrusted drawing'],
    });
  });

  it('puts notes in a notebook already there of the same name ignoring case, at every level, and in a second import too', async () => {
    const log = await openLog();
    await log.appendBatch([
      log.create('notebook.created', { notebook: 'nb-mine-projects', name: 'projects', parent: null }),
      log.create('notebook.created', { notebook: 'nb-mine-2024', name: '2024', parent: 'nb-mine-projects' }),
    ]);
    await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]);
    await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]);
    const { notebooks, filed } = log.state.notes;
    expect(Object.values(notebooks).filter((n) => n.name.toLowerCase() === 'projects')).toHaveLength(1);
    expect(
      Object.values(notebooks)
        .map((n) => n.name)
        .sort(),
    ).toEqual(['2024', 'Archive', 'Daily', 'Reference', 'projects']);
    const inMine = Object.entries(filed).filter(([, notebook]) => notebook === 'nb-mine-2024');
    // Launch plan and Budget, from each import.
    expect(inMine).toHaveLength(4);
  });

  it('lists the tags that cannot be tags and the ones it had to change, once each, and keeps the rest', async () => {
    const log = await openLog();
    const outcome = await importFiles(log, [fixtureFile('Damaged tags.enex')]);
    if (outcome.kind !== 'imported') throw new Error('expected an import');
    const [note] = log.state.notes.order;
    const tags = log.state.notes.tagged[note].map((key) => log.state.notes.tags[key]);
    expect(tags).toEqual(['fine', LONG_TAG.slice(0, 100), 'todo'].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(outcome.files[0].dropped).toEqual([
      { note: 'Odd tags', item: 'tag "///"', reason: 'not a tag: it holds no name' },
      {
        note: 'Odd tags',
        item: `tag "${LONG_TAG.slice(0, 60)}…"`,
        reason: `a level longer than 100 characters: kept as "${LONG_TAG.slice(0, 100)}"`,
      },
      { note: 'Odd tags', item: 'tag "to?do"', reason: 'it held control characters: kept as "todo"' },
    ]);
  });

  it('names notebooks of odd folders as the rules allow, lists the change, nests at most ten deep, and makes empty folders notebooks', async () => {
    const log = await openLog();
    const outcome = await importFiles(log, [fixtureFile('vault-odd-folders.zip')]);
    if (outcome.kind !== 'imported') throw new Error('expected an import');
    const notebooks = shape(log).notebooks;
    expect(notebooks.Inbox).toEqual(['Bell']);
    expect(notebooks.Someday).toEqual([]);
    expect(notebooks[LONG_FOLDER.slice(0, 100).trim()]).toEqual(['Old']);
    expect(notebooks['L1 / L2 / L3 / L4 / L5 / L6 / L7 / L8 / L9 / L10']).toEqual(['Deep']);
    expect(Object.keys(notebooks).some((path) => path.includes('L11'))).toBe(false);
    // In the zip's path order.
    expect(outcome.files[0].dropped).toEqual([
      { note: 'Old', item: `notebook "${LONG_FOLDER.slice(0, 60)}…"`, reason: 'its name is longer than 100 characters: cut' },
      { note: 'Bell', item: 'notebook "Inbox?"', reason: 'its name held control characters: named "Inbox"' },
      { note: 'Deep', item: 'tag "///"', reason: 'not a tag: it holds no name' },
    ]);
  });
});

describe('Undo of an import with notebooks', () => {
  it('removes the notebooks it made once they are empty, in the same transaction as the notes, and keeps notebooks that were there', async () => {
    const { storage, transactions } = recorded(createMemoryLogStorage());
    const log = await openLog(storage);
    await log.append('notebook.created', { notebook: 'nb-mine-reference', name: 'Reference', parent: null });
    const outcome = await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]);
    if (outcome.kind !== 'imported') throw new Error('expected an import');
    const before = transactions.length;
    await undoImport(log, outcome.importId);
    expect(transactions.length).toBe(before + 1);
    const undo = transactions.at(-1)!;
    expect(undo.filter((e) => e.type === 'notebook.deleted')).toHaveLength(4);
    expect(undo.at(-1)!.type).toBe('import.undone');
    expect(Object.entries(log.state.notes.notebooks)).toEqual([['nb-mine-reference', { name: 'Reference', parent: null }]]);
    expect(log.state.notes.order).toEqual([]);
  });

  it('keeps a notebook that holds a note edited since, and the notebooks above it', async () => {
    const log = await openLog();
    const outcome = await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]);
    if (outcome.kind !== 'imported') throw new Error('expected an import');
    const { notes } = log.state;
    const budget = notes.order.find((id) => notes.meta[id].title === 'Budget')!;
    await log.append('note.renamed', { id: budget, title: 'Budget (edited)' });
    const undone = await undoImport(log, outcome.importId);
    expect(undone).toMatchObject({ removed: 6, kept: 1 });
    expect(shape(log).notebooks).toEqual({ Projects: [], 'Projects / 2024': ['Budget (edited)'] });
  });

  it('keeps a notebook a person put a note of their own in', async () => {
    const log = await openLog();
    const outcome = await importFiles(log, [fixtureFile('Travel.enex')]);
    if (outcome.kind !== 'imported') throw new Error('expected an import');
    const travel = Object.keys(log.state.notes.notebooks)[0];
    await log.append('note.created', { id: '1800000000000', title: 'My own' });
    await log.append('note.filed', { id: '1800000000000', notebook: travel });
    await undoImport(log, outcome.importId);
    expect(shape(log).notebooks).toEqual({ Travel: ['My own'] });
  });
});
