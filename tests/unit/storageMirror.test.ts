import { describe, expect, it, vi } from 'vitest';
import { StorageMirror } from '../../src/services/storageMirror';
import { foldApp } from '../../src/projections/foldApp';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, INITIAL_STATE } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { MemoryWebStorage } from './memoryWebStorage';
import { ev } from './helpers';

/** A MemoryWebStorage that also counts every setItem call, including the ones that throw. */
class CountingStorage extends MemoryWebStorage {
  attempts: string[] = [];
  setItem(key: string, value: string) {
    this.attempts.push(key);
    super.setItem(key, value);
  }
}

/** After the task the mirror queued (inNextTask: a MessageChannel message), give or take. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

const body = (words: number) => `<p>${'word '.repeat(words)}</p>`;

/** Notes 1..n, each with a body of `words` words. */
function notesWithBodies(n: number, words: number) {
  const events = [];
  for (let i = 1; i <= n; i++)
    events.push(ev('note.created', { id: String(i), title: `t${i}` }), ev('note.body-saved', { id: String(i), html: body(words) }));
  return foldNotes(EMPTY_NOTES, events);
}

const storedKeys = (web: Storage) => {
  const out: Record<string, string> = {};
  for (let i = 0; i < web.length; i++) out[web.key(i)!] = web.getItem(web.key(i)!)!;
  return out;
};

describe('localStorage mirror writes only what changed', () => {
  it('writes nothing for view-only events (search, sort, selection)', () => {
    const web = new CountingStorage();
    const mirror = new StorageMirror(web);
    let state = foldApp(INITIAL_STATE, [ev('note.created', { id: '1', title: 'a' }), ev('note.body-saved', { id: '1', html: '<p>x</p>' })]);
    mirror.write(state.notes);
    web.attempts = [];
    for (const e of [ev('ui.search-changed', { query: 'x' }), ev('ui.sort-changed', { sort: 'alpha' }), ev('note.selected', { id: '1' })]) {
      state = foldApp(state, [e]);
      mirror.write(state.notes);
    }
    expect(web.attempts).toEqual([]);
  });

  it('does not rewrite a body that was folded again with equal content (pending event confirmed)', () => {
    const web = new CountingStorage();
    const mirror = new StorageMirror(web);
    const base = foldNotes(EMPTY_NOTES, [ev('note.created', { id: '1', title: 'a' })]);
    const save = ev('note.body-saved', { id: '1', html: '<p>typed</p>' });
    mirror.write(base);
    mirror.write(foldNotes(base, [save]));
    web.attempts = [];
    // The durable copy of the same event: new objects, equal values.
    mirror.write(foldNotes(base, [structuredClone(save)]));
    expect(web.attempts).toEqual([]);
    expect(storedKeys(web)).toEqual(toStorageKeys(foldNotes(base, [save])));
  });

  it('writes one body key and the index when one of many notes is saved', () => {
    const web = new CountingStorage();
    const mirror = new StorageMirror(web);
    const notes = notesWithBodies(50, 3);
    mirror.write(notes);
    web.attempts = [];
    mirror.write(foldNotes(notes, [ev('note.body-saved', { id: '7', html: '<p>changed</p>' }, '2026-11-21T10:00:00.000Z')]));
    expect(web.attempts.sort()).toEqual(['note_7', 'notes']);
  });
});

describe('localStorage mirror when storage is full', () => {
  it('after a quota failure, a change tries its own keys and one stale key, not every key', () => {
    const notes = notesWithBodies(40, 20);
    const web = new CountingStorage(2000); // room for about a dozen bodies
    const errors: unknown[] = [];
    const mirror = new StorageMirror(web, (e) => errors.push(e));
    mirror.write(notes);
    expect((errors[0] as DOMException).name).toBe('QuotaExceededError');
    const stale = mirror.staleKeys().length;
    expect(stale).toBeGreaterThan(20);

    web.attempts = [];
    mirror.write(foldNotes(notes, [ev('note.starred', { id: '3' })]));
    // linkedNotes fits; then the smallest stale key is tried once and still does not fit.
    expect(web.attempts).toHaveLength(2);
    expect(web.attempts[0]).toBe('linkedNotes');
    expect(mirror.staleKeys()).toHaveLength(stale);
  });

  it('writes the stale keys again with the next change once space is freed', () => {
    const notes = notesWithBodies(10, 20);
    const web = new CountingStorage(1000);
    const mirror = new StorageMirror(web, () => {});
    mirror.write(notes);
    expect(mirror.staleKeys().length).toBeGreaterThan(0);

    // Deleting notes frees space: their keys go, and the next change brings the copy up to date.
    let next = foldNotes(
      notes,
      [1, 2, 3, 4, 5, 6, 7, 8].map((i) => ev('note.deleted', { id: String(i) })),
    );
    mirror.write(next);
    next = foldNotes(next, [ev('note.renamed', { id: '9', title: 'renamed' })]);
    mirror.write(next);
    expect(mirror.staleKeys()).toEqual([]);
    expect(storedKeys(web)).toEqual(toStorageKeys(next));
  });

  it('retry() writes the stale keys once space is freed, without a change of the notes', async () => {
    const notes = notesWithBodies(10, 20);
    const web = new CountingStorage(600);
    const mirror = new StorageMirror(web, () => {});
    mirror.write(notes);
    const stale = mirror.staleKeys().length;
    expect(stale).toBeGreaterThan(0);
    mirror.retry();
    await nextTask();
    expect(mirror.staleKeys()).toHaveLength(stale);
    web.quotaChars = Infinity;
    mirror.retry();
    await vi.waitFor(() => expect(mirror.staleKeys()).toEqual([]), { timeout: 5000 });
    expect(storedKeys(web)).toEqual(toStorageKeys(notes));
  });

  it('retry() called for every event of a burst tries the stale keys once, in a task of its own', async () => {
    const notes = notesWithBodies(10, 20);
    const web = new CountingStorage(600);
    const mirror = new StorageMirror(web, () => {});
    mirror.write(notes);
    web.quotaChars = Infinity;
    const writesBefore = web.attempts.length;
    for (let i = 0; i < 50; i++) mirror.retry();
    expect(web.attempts.length).toBe(writesBefore);
    await vi.waitFor(() => expect(mirror.staleKeys()).toEqual([]), { timeout: 5000 });
    const written = web.attempts.length - writesBefore;
    expect(written).toBeGreaterThan(0);
    for (let i = 0; i < 50; i++) mirror.retry();
    await nextTask();
    expect(web.attempts.length - writesBefore).toBe(written);
  });

  it('keeps retrying while storage stays full and catches up when the quota grows', () => {
    const notes = notesWithBodies(10, 20);
    const web = new CountingStorage(600);
    const errors: unknown[] = [];
    const mirror = new StorageMirror(web, (e) => errors.push(e));
    mirror.write(notes);
    let next = notes;
    for (let i = 0; i < 3; i++) {
      next = foldNotes(next, [ev('note.body-saved', { id: '10', html: `<p>edit ${i}</p>` })]);
      mirror.write(next);
    }
    expect(errors.length).toBeGreaterThan(1);
    web.quotaChars = Infinity;
    next = foldNotes(next, [ev('note.renamed', { id: '1', title: 'room now' })]);
    mirror.write(next);
    expect(mirror.staleKeys()).toEqual([]);
    expect(storedKeys(web)).toEqual(toStorageKeys(next));
  });
});

describe('localStorage mirror scheduling', () => {
  it('writes in a later task, all changes until then together', async () => {
    const web = new CountingStorage();
    const mirror = new StorageMirror(web);
    const base = foldNotes(EMPTY_NOTES, [ev('note.created', { id: '1', title: 'a' })]);
    mirror.write(base);
    web.attempts = [];
    const one = foldNotes(base, [ev('note.body-saved', { id: '1', html: '<p>1</p>' }, '2026-11-21T10:00:00.000Z')]);
    const two = foldNotes(one, [ev('note.body-saved', { id: '1', html: '<p>2</p>' }, '2026-11-21T10:00:01.000Z')]);
    mirror.schedule(one);
    mirror.schedule(two);
    expect(web.attempts).toEqual([]);
    await nextTask();
    expect(web.attempts.sort()).toEqual(['note_1', 'notes']);
    expect(web.getItem('note_1')).toBe('<p>2</p>');
  });

  it('writes a scheduled change at once on flush (page hide)', () => {
    const web = new CountingStorage();
    const mirror = new StorageMirror(web);
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: '1', title: 'a' }),
      ev('note.body-saved', { id: '1', html: '<p>typed</p>' }),
    ]);
    mirror.schedule(notes);
    mirror.flush();
    expect(storedKeys(web)).toEqual(toStorageKeys(notes));
  });
});
