// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { importSummaries } from '../../src/projections/imports';
import { BATCH_MAX_NOTES } from '../../src/services/noteImport/batchWriter';
import { undoImport } from '../../src/services/noteImport/undoImport';
import { enexFile, type EnexNoteSpec } from '../fixtures/import/samples';
import { fileOf, fixtureFile, importFiles, openLog } from './importHarness';

/*
 * The import run (docs/architecture.md "Import pipeline", docs/product.md "Import notes"): batches of
 * one transaction each with their record, several files where some fail, nothing written when all
 * fail, Cancel keeping what is in, and Undo removing exactly the import's unedited notes, also after
 * a reload.
 */

/** `count` small Evernote notes created a minute apart from 2020-01-01. */
function manyNotes(count: number): string {
  const notes: EnexNoteSpec[] = Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString().replace(/[-:]|\.\d+/g, '');
    return { title: `Note ${i}`, created: at, updated: at, enml: `<div>Body of note ${i}</div>` };
  });
  return enexFile(notes);
}

/** A storage that records the events of each append call: one call is one transaction. */
function recorded(storage: LogStorage) {
  const transactions: AppEvent[][] = [];
  const append: LogStorage['append'] = (events) => (transactions.push(events as AppEvent[]), storage.append(events));
  return { transactions, storage: { ...storage, append } };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('running an import', () => {
  it('appends the notes in batches of one transaction each, every batch with the record of exactly its notes', async () => {
    const { storage, transactions } = recorded(createMemoryLogStorage());
    const log = await openLog(storage);
    const progress: number[] = [];
    const outcome = await importFiles(log, [fileOf('many.enex', manyNotes(450))], {
      onProgress: ({ done, total }) => progress.push(done / total),
    });
    expect(outcome).toMatchObject({ kind: 'imported', imported: 450, cancelled: false });
    expect(log.state.notes.order).toHaveLength(450);

    const batches = transactions.filter((events) => events.some((e) => e.type === 'note.imported'));
    expect(batches.length).toBeGreaterThanOrEqual(3);
    for (const events of batches) {
      const notes = events.filter((e) => e.type === 'note.imported');
      expect(notes.length).toBeLessThanOrEqual(BATCH_MAX_NOTES);
      const record = events.at(-1)!;
      expect(record.type).toBe('import.notes-added');
      expect((record.payload as { notes: string[] }).notes).toEqual(notes.map((e) => (e.payload as { id: string }).id));
    }
    // The file's notebook is made once, in the first batch before its first note, and that batch's record names it.
    const made = transactions.flat().filter((e) => e.type === 'notebook.created');
    expect(made.map((e) => e.payload)).toEqual([{ notebook: expect.any(String), name: 'many', parent: null }]);
    expect(batches[0].indexOf(made[0])).toBeLessThan(batches[0].findIndex((e) => e.type === 'note.imported'));
    expect(batches.map((events) => (events.at(-1)!.payload as { notebooks?: string[] }).notebooks)).toEqual([
      [(made[0].payload as { notebook: string }).notebook],
      ...batches.slice(1).map(() => undefined),
    ]);
    expect(new Set(Object.values(log.state.notes.filed))).toEqual(new Set([(made[0].payload as { notebook: string }).notebook]));
    expect(transactions.at(-1)!.map((e) => e.type)).toEqual(['import.finished']);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('imports the files that can be read and lists the one that cannot with its reason', async () => {
    const log = await openLog();
    const outcome = await importFiles(log, [fixtureFile('note.txt'), fixtureFile('broken.enex'), fixtureFile('cut.zip')]);
    if (outcome.kind !== 'imported') throw new Error('expected an import');
    expect(outcome.imported).toBe(1);
    expect(outcome.files.map((f) => [f.file, f.imported, Boolean(f.failed)])).toEqual([
      ['note.txt', 1, false],
      ['broken.enex', 0, true],
      ['cut.zip', 0, true],
    ]);
    const [summary] = importSummaries(await log.importRecords());
    expect(summary.files).toEqual(outcome.files);
  });

  it('changes nothing when no chosen file can be read, and says why for each', async () => {
    const { storage, transactions } = recorded(createMemoryLogStorage());
    const log = await openLog(storage);
    await log.append('note.created', { id: '1', title: 'Mine' });
    transactions.length = 0;
    const outcome = await importFiles(
      log,
      ['broken.enex', 'bomb.zip', 'empty.zip', 'garbage.json', 'not-notes.pdf'].map((n) => fixtureFile(n)),
    );
    expect(outcome.kind).toBe('failed');
    if (outcome.kind !== 'failed') return;
    expect(outcome.failures.map((f) => f.file).sort()).toEqual(['bomb.zip', 'broken.enex', 'empty.zip', 'garbage.json', 'not-notes.pdf']);
    for (const failure of outcome.failures) expect(failure.reason.length, failure.file).toBeGreaterThan(5);
    expect(transactions).toEqual([]);
    expect(log.state.notes.order).toEqual(['1']);
  });

  it('stops on Cancel after the note it is on and keeps what is in, as a cancelled import that can be undone', async () => {
    const log = await openLog();
    const cancel = new AbortController();
    const outcome = await importFiles(log, [fileOf('many.enex', manyNotes(300))], {
      signal: cancel.signal,
      onProgress: ({ done }) => done === 120 && cancel.abort(),
    });
    expect(outcome).toMatchObject({ kind: 'imported', imported: 120, cancelled: true });
    expect(log.state.notes.order).toHaveLength(120);
    const [summary] = importSummaries(await log.importRecords());
    expect(summary).toMatchObject({ finished: true, cancelled: true });
    expect(summary.notes).toHaveLength(120);
    expect(await undoImport(log, summary.importId)).toEqual({ removed: 120, kept: 0, already: false });
    expect(log.state.notes.order).toEqual([]);
  });

  it('Undo removes exactly the import’s notes in one transaction and keeps those edited since', async () => {
    const { storage, transactions } = recorded(createMemoryLogStorage());
    const log = await openLog(storage);
    await log.append('note.created', { id: '1', title: 'Mine' });
    const first = await importFiles(log, [fileOf('first.enex', manyNotes(30))]);
    const second = await importFiles(log, [fixtureFile('note.txt')]);
    if (first.kind !== 'imported' || second.kind !== 'imported') throw new Error('expected imports');
    const [edited, renamed, starred] = log.state.notes.order.slice(1, 4);
    await log.append('note.body-saved', { id: edited, html: '<p>changed</p>', base: log.state.notes.revs[edited].id });
    await log.append('note.renamed', { id: renamed, title: 'Renamed' });
    await log.append('note.starred', { id: starred });
    transactions.length = 0;

    expect(await undoImport(log, first.importId)).toEqual({ removed: 28, kept: 2, already: false });
    expect(transactions).toHaveLength(1);
    expect(transactions[0].map((e) => e.type)).toEqual([...Array<string>(28).fill('note.deleted'), 'import.undone']);
    const titles = log.state.notes.order.map((id) => log.state.notes.meta[id].title);
    // Starring is not an edit: that note went with the rest; the other import's note stays.
    expect(titles).toEqual(['Mine', 'Note 0', 'Renamed', 'note']);
  });

  it('Undo works after a reload, from the import’s records, and only once', async () => {
    const first = await openLog(await openIndexedDbStorage(null));
    const outcome = await importFiles(first, [fixtureFile('evernote.enex'), fixtureFile('keep-takeout.zip')]);
    if (outcome.kind !== 'imported') throw new Error('expected an import');
    await first.append('note.created', { id: '1', title: 'Mine' });
    await first.close();

    const reloaded = await openLog(await openIndexedDbStorage(null));
    const [summary] = importSummaries(await reloaded.importRecords());
    expect(summary).toMatchObject({ importId: outcome.importId, finished: true, undone: null });
    expect(summary.notes).toHaveLength(6);
    expect(await undoImport(reloaded, outcome.importId)).toEqual({ removed: 6, kept: 0, already: false });
    expect(reloaded.state.notes.order).toEqual(['1']);
    expect(await undoImport(reloaded, outcome.importId)).toEqual({ removed: 6, kept: 0, already: true });
    expect(importSummaries(await reloaded.importRecords())[0].undone).toEqual({ removed: 6, kept: 0 });
    await reloaded.close();
  });
});
