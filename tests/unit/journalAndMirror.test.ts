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

async function loadedLog(storage = createMemoryLogStorage()) {
  const log = new EventLog({ storage });
  await log.load();
  return log;
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
    expect(recovered.map((e) => e.type)).toEqual(['note.created']);
    expect(next.state.notes.meta['1'].title).toBe('Typed just before reload');
    expect(web.getItem(JOURNAL_KEY)).toBeNull();
  });

  it('skips journal events the log already holds and stale body saves', async () => {
    const log = await loadedLog();
    const created = await log.append('note.created', { id: '1', title: 'a' });
    await log.append('note.body-saved', { id: '1', html: '<p>newer</p>' });
    const stale = { ...ev('note.body-saved', { id: '1', html: '<p>older</p>' }, '2000-01-01T00:00:00.000Z'), seq: 0 };
    const web = new MemoryWebStorage();
    web.setItem(JOURNAL_KEY, JSON.stringify([created, stale, { garbage: true }]));
    expect(await recoverJournal(log, web)).toEqual([]);
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

  it('survives a journal that is not JSON', async () => {
    const web = new MemoryWebStorage();
    web.setItem(JOURNAL_KEY, '{oops');
    expect(await recoverJournal(await loadedLog(), web)).toEqual([]);
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
