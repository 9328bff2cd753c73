import { describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { recoverJournal, writeJournal } from '../../src/services/journal';
import { JOURNAL_KEY } from '../../src/services/webStorage';
import { StorageMirror } from '../../src/services/storageMirror';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { MemoryWebStorage } from './memoryWebStorage';
import { ev } from './helpers';

/** The values of the journal backup keys, oldest first. */
const journalBackups = (web: MemoryWebStorage) =>
  Array.from({ length: web.length }, (_, i) => web.key(i))
    .filter((key) => key.startsWith('notepad:journal-backup:'))
    .map((key) => web.getItem(key));

async function loadedLog(storage = createMemoryLogStorage()) {
  const log = new EventLog({ storage });
  await log.load();
  return log;
}

/**
 * A closing page that created note `1` titled `title` and wrote its page-hide journal, while its own
 * IndexedDB write is still in flight: `land()` lets the write reach `storage`, `written` settles after it.
 */
async function closingPageWriting(storage: ReturnType<typeof createMemoryLogStorage>, title: string) {
  let land!: () => void;
  const landed = new Promise<void>((resolve) => (land = resolve));
  const closing = await loadedLog({ ...storage, append: (batch) => landed.then(() => storage.append(batch)) });
  const written = closing.append('note.created', { id: '1', title });
  const web = new MemoryWebStorage();
  expect(writeJournal(closing, web)).toBe(1);
  return { land, written, web };
}

describe('page-hide journal', () => {
  it('keeps events that were not durable yet and appends them on the next start', async () => {
    const storage = createMemoryLogStorage();
    storage.append = () => new Promise(() => {}); // the page is closing: the transaction never completes
    const closing = await loadedLog(storage);
    void closing.append('note.created', { id: '1', title: 'Typed just before reload' });
    const web = new MemoryWebStorage();
    expect(writeJournal(closing, web)).toBe(1);

    const next = await loadedLog();
    const recovered = await recoverJournal(next, web);
    expect(recovered.appended.map((e) => e.type)).toEqual(['note.created']);
    expect(next.state.notes.meta['1'].title).toBe('Typed just before reload');
    expect(web.getItem(JOURNAL_KEY)).toBeNull();
  });

  it('shows a journal event the closing page wrote to storage after this start had read the log', async () => {
    const storage = createMemoryLogStorage();
    // The closing page's write is still in flight when the next start reads the log.
    const { land, written, web } = await closingPageWriting(storage, 'Typed just before the page left');
    const next = await loadedLog(storage);
    land();
    await written;

    const recovered = await recoverJournal(next, web);
    expect(recovered.appended).toEqual([]);
    expect(next.state.notes.meta['1']?.title).toBe('Typed just before the page left');
  });

  it('appends the journal once when the closing page stores an event after this start checked the log', async () => {
    const storage = createMemoryLogStorage();
    const { land, written, web } = await closingPageWriting(storage, 'Stored by the closing page');
    const second = { ...ev('note.created', { id: '2', title: 'Only in the journal' }), seq: 0 };
    web.setItem(JOURNAL_KEY, JSON.stringify([...(JSON.parse(web.getItem(JOURNAL_KEY)!) as unknown[]), second]));
    // The closing page's write lands just after this start asked which journal events the log holds.
    const next = await loadedLog({
      ...storage,
      existingIds: async (ids) => {
        const held = await storage.existingIds(ids);
        land();
        await written;
        return held;
      },
    });

    const recovered = await recoverJournal(next, web);
    expect(recovered.appended.map((e) => (e.payload as { id: string }).id)).toEqual(['1', '2']);
    expect(next.status$.value.writeError).toBeNull();
    expect(next.pendingEvents()).toEqual([]);
    expect(next.state.notes.order).toEqual(['2', '1']);
    const stored = await storage.readAfter(0);
    expect(stored.map((e) => (e as { payload: { id: string } }).payload.id).sort()).toEqual(['1', '2']);
  });

  it('skips journal events the log already holds and stale body saves', async () => {
    const log = await loadedLog();
    const created = await log.append('note.created', { id: '1', title: 'a' });
    await log.append('note.body-saved', { id: '1', html: '<p>newer</p>' });
    const stale = { ...ev('note.body-saved', { id: '1', html: '<p>older</p>' }, '2000-01-01T00:00:00.000Z'), seq: 0 };
    const web = new MemoryWebStorage();
    web.setItem(JOURNAL_KEY, JSON.stringify([created, stale]));
    expect(await recoverJournal(log, web)).toEqual({ appended: [], problems: [] });
    expect(log.state.notes.bodies['1'].html).toBe('<p>newer</p>');
  });

  it('keeps what was typed when an import’s pending batch does not fit beside it', async () => {
    const storage = createMemoryLogStorage();
    storage.append = () => new Promise(() => {}); // the page is closing: nothing becomes durable
    const closing = await loadedLog(storage);
    const big = '<p>' + 'x'.repeat(50_000) + '</p>';
    void closing.appendBatch(
      Array.from({ length: 20 }, (_, i) =>
        closing.create('note.imported', {
          id: String(100 + i),
          title: 'Imported',
          modified: '2020-01-01T00:00:00.000Z',
          html: big,
          starred: false,
          source: 'evernote',
        }),
      ),
    );
    void closing.append('note.created', { id: '1', title: 'Typed just before the page closed' });
    const web = new MemoryWebStorage(200_000);
    expect(writeJournal(closing, web)).toBe(1);

    const next = await loadedLog();
    await recoverJournal(next, web);
    expect(next.state.notes.order).toEqual(['1']);
  });

  it('keeps a journal that is not JSON under a backup key, says so once, and starts', async () => {
    const web = new MemoryWebStorage();
    web.setItem(JOURNAL_KEY, '{oops');
    const log = await loadedLog();
    const recovered = await recoverJournal(log, web);
    expect(recovered.appended).toEqual([]);
    expect(recovered.problems).toEqual([
      expect.stringMatching(/^the page-hide journal is not a list of events; it was kept under notepad:journal-backup:\d+$/),
    ]);
    expect(journalBackups(web)).toEqual(['{oops']);
    expect(web.getItem(JOURNAL_KEY)).toBeNull();
    expect(await recoverJournal(log, web)).toEqual({ appended: [], problems: [] });
  });

  it('keeps the entries of a journal that are not events under a backup key and appends the others', async () => {
    const log = await loadedLog();
    const web = new MemoryWebStorage();
    const text = JSON.stringify([{ ...ev('note.created', { id: '5', title: 'Journaled' }), seq: 0 }, { garbage: true }]);
    web.setItem(JOURNAL_KEY, text);
    const recovered = await recoverJournal(log, web);
    expect(recovered.appended.map((e) => e.payload)).toEqual([{ id: '5', title: 'Journaled' }]);
    expect(recovered.problems).toEqual([
      expect.stringMatching(/^1 journal entry is not an event; it was kept under notepad:journal-backup:/),
    ]);
    expect(journalBackups(web)).toEqual([text]);
  });

  it('leaves a journal it can neither read nor back up where it is', async () => {
    const web = new MemoryWebStorage(40);
    web.setItem(JOURNAL_KEY, '{oops');
    const recovered = await recoverJournal(await loadedLog(), web);
    expect(recovered.problems).toEqual(['the page-hide journal is not a list of events; it could not be backed up and was left in place']);
    expect(web.getItem(JOURNAL_KEY)).toBe('{oops');
  });

  it('a page hide keeps an unreadable journal under a backup key instead of writing over it', async () => {
    const storage = createMemoryLogStorage();
    storage.append = () => new Promise(() => {}); // the page is closing: the transaction never completes
    const closing = await loadedLog(storage);
    void closing.append('note.created', { id: '1', title: 'Typed just before the page closed' });
    const web = new MemoryWebStorage();
    web.setItem(JOURNAL_KEY, '[{"v":3,"id":"cut');
    expect(writeJournal(closing, web)).toBe(1);
    expect(journalBackups(web)).toEqual(['[{"v":3,"id":"cut']);
    const next = await loadedLog();
    await recoverJournal(next, web);
    expect(next.state.notes.meta['1'].title).toBe('Typed just before the page closed');
  });
});

describe('localStorage mirror', () => {
  const base = foldNotes(EMPTY_NOTES, [
    ev('note.created', { id: '1', title: 'a' }, '2026-11-20T10:00:00.000Z'),
    ev('note.created', { id: '2', title: 'b' }, '2026-11-20T10:00:00.000Z'),
  ]);

  it('writes the original app’s keys, then only the keys a change touched', () => {
    const web = new MemoryWebStorage();
    const mirror = new StorageMirror(web);
    mirror.write(base);
    expect(web.getItem('notes')).toBe(
      '[{"id":"2","title":"b","modified":"2026-11-20T10:00:00.000Z"},{"id":"1","title":"a","modified":"2026-11-20T10:00:00.000Z"}]',
    );
    expect(web.getItem('linkedNotes')).toBe('[]');
    web.writes = [];
    mirror.write(foldNotes(base, [ev('note.body-saved', { id: '1', html: '<p>x</p>' }, '2026-11-20T11:00:00.000Z')]));
    expect(web.writes.sort()).toEqual(['note_1', 'notes']);
  });

  it('removes the body key of a deleted note', () => {
    const web = new MemoryWebStorage();
    const mirror = new StorageMirror(web);
    mirror.write(base);
    mirror.write(foldNotes(base, [ev('note.deleted', { id: '1' })]));
    expect(web.getItem('note_1')).toBeNull();
    expect(JSON.parse(web.getItem('notes')!)).toHaveLength(1);
  });

  it('says what a full storage kept, reports no error for it, and writes everything once there is room', () => {
    const web = new MemoryWebStorage(10);
    const errors: unknown[] = [];
    const mirror = new StorageMirror(web, { onError: (e) => errors.push(e) });
    mirror.write(base);
    expect(errors).toEqual([]);
    expect(mirror.current()).toMatchObject({ kind: 'outdated', notes: 2 });
    web.quotaChars = Infinity;
    mirror.write(foldNotes(base, [ev('note.starred', { id: '2' })]));
    expect(web.getItem('linkedNotes')).toBe('["2"]');
    expect(web.getItem('note_1')).toBe('');
    expect(mirror.current()).toEqual({ kind: 'complete' });
  });
});
