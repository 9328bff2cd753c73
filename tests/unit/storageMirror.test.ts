import { describe, expect, it, vi } from 'vitest';
import { StorageMirror, type LocalCopy } from '../../src/services/storageMirror';
import { foldApp } from '../../src/projections/foldApp';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, INITIAL_STATE } from '../../src/projections/notesState';
import { bodyWriteOrder, toStorageKeys } from '../../src/projections/storageKeys';
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

/**
 * Notes 1..n with bodies of `words` words, modified in a shuffled order unlike the manual order
 * (note i at day (i * 7) mod n), notes 5 and 30 starred.
 */
function datedNotes(n: number, words: number) {
  const events = [];
  for (let i = 1; i <= n; i++) {
    const at = new Date(Date.UTC(2026, 0, 1) + ((i * 7) % n) * 86_400_000 + i).toISOString();
    events.push(ev('note.created', { id: String(i), title: `t${i}` }, at), ev('note.body-saved', { id: String(i), html: body(words) }, at));
  }
  for (const id of [5, 30]) if (id <= n) events.push(ev('note.starred', { id: String(id) }));
  return foldNotes(EMPTY_NOTES, events);
}

/** The ids whose body key the storage holds, in the order bodies are written (newest first). */
const heldBodies = (web: Storage, notes: ReturnType<typeof foldNotes>) =>
  bodyWriteOrder(notes).filter((id) => web.getItem(`note_${id}`) !== null);

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
  it('keeps notes and linkedNotes complete and writes the newest bodies while they fit, leaving the rest out whole', () => {
    const notes = datedNotes(40, 20);
    const web = new CountingStorage(4000); // the list and about a dozen bodies
    const copies: LocalCopy[] = [];
    const errors: unknown[] = [];
    const mirror = new StorageMirror(web, { onError: (e) => errors.push(e), onCopy: (c) => copies.push(c) });
    mirror.write(notes);
    const stored = storedKeys(web);
    expect(stored.notes).toBe(toStorageKeys(notes).notes);
    expect(stored.linkedNotes).toBe('["5","30"]');
    const held = heldBodies(web, notes);
    expect(held.length).toBeGreaterThan(5);
    expect(held.length).toBeLessThan(40);
    expect(held).toEqual(bodyWriteOrder(notes).slice(0, held.length));
    for (const id of held) expect(stored[`note_${id}`]).toBe(notes.bodies[id].html);
    expect(mirror.current()).toEqual({ kind: 'partial', bodies: held.length, notes: 40 });
    expect(copies).toEqual([{ kind: 'partial', bodies: held.length, notes: 40 }]);
    // A full area is no error: the copy says what it holds.
    expect(errors).toEqual([]);
  });

  it('lists a note created while the copy is partial, and writes its body first (it is the newest)', () => {
    const notes = datedNotes(40, 20);
    const web = new CountingStorage(4000);
    const mirror = new StorageMirror(web);
    mirror.write(notes);
    const next = foldNotes(notes, [ev('note.created', { id: '99', title: 'Newest' }, '2027-01-01T00:00:00.000Z')]);
    mirror.write(next);
    const index = JSON.parse(web.getItem('notes')!) as { id: string }[];
    expect(index.map((n) => n.id)).toEqual(next.order);
    expect(index[0].id).toBe('99');
    expect(web.getItem('note_99')).toBe('');
    expect(heldBodies(web, next)).toEqual(bodyWriteOrder(next).slice(0, heldBodies(web, next).length));
  });

  it('drops bodies, oldest first, to make room for the notes list', () => {
    const notes = datedNotes(10, 20);
    const web = new CountingStorage(3000);
    const mirror = new StorageMirror(web);
    mirror.write(notes);
    expect(mirror.current()).toEqual({ kind: 'complete' });
    // Thirty new empty notes make the list longer than the room left.
    const more = foldNotes(
      notes,
      Array.from({ length: 30 }, (_, i) => ev('note.created', { id: String(100 + i), title: `new ${i}` }, '2026-01-01T00:00:00.000Z')),
    );
    mirror.write(more);
    expect(web.getItem('notes')).toBe(toStorageKeys(more).notes);
    const held = heldBodies(web, more);
    expect(held).toEqual(bodyWriteOrder(more).slice(0, held.length));
    expect(held.length).toBeLessThan(40);
    expect(mirror.current()).toMatchObject({ kind: 'partial', notes: 40 });
  });

  it('moves an old note edited to be the newest into the copy, in the room of the oldest body held', () => {
    const notes = datedNotes(40, 20);
    const web = new CountingStorage(4000);
    const mirror = new StorageMirror(web);
    mirror.write(notes);
    const before = heldBodies(web, notes);
    const oldest = bodyWriteOrder(notes).at(-1)!;
    expect(before).not.toContain(oldest);
    const next = foldNotes(notes, [ev('note.body-saved', { id: oldest, html: body(20) + '<p>edited</p>' }, '2027-01-01T00:00:00.000Z')]);
    mirror.write(next);
    const after = heldBodies(web, next);
    expect(after[0]).toBe(oldest);
    expect(web.getItem(`note_${oldest}`)).toBe(next.bodies[oldest].html);
    expect(after).toEqual(bodyWriteOrder(next).slice(0, after.length));
  });

  it('removes the key of a body that no longer fits rather than leave its older text there', () => {
    const notes = datedNotes(5, 5);
    const web = new CountingStorage(1500);
    const mirror = new StorageMirror(web);
    mirror.write(notes);
    expect(mirror.current()).toEqual({ kind: 'complete' });
    const next = foldNotes(notes, [ev('note.body-saved', { id: '2', html: body(400) }, '2027-01-01T00:00:00.000Z')]);
    mirror.write(next);
    expect(web.getItem('note_2')).toBeNull();
    // The newest body does not fit, so the copy holds no body: never an older text, never a gap in the newest.
    expect(heldBodies(web, next)).toEqual([]);
    expect(mirror.current()).toEqual({ kind: 'partial', bodies: 0, notes: 5 });
    expect(web.getItem('notes')).toBe(toStorageKeys(next).notes);
  });

  it('on its first write removes a body key that holds another text than the note’s', () => {
    const notes = datedNotes(3, 5);
    const web = new CountingStorage();
    web.setItem('note_2', '<p>an older text</p>');
    web.setItem('note_3', notes.bodies['3'].html!);
    web.attempts = [];
    const mirror = new StorageMirror(web);
    mirror.write(notes);
    expect(storedKeys(web)).toEqual(toStorageKeys(notes));
    expect(web.attempts).not.toContain('note_3');
  });

  it('on its first write reads only the body keys the area holds, not one key per note', () => {
    const notes = datedNotes(200, 3);
    const web = new CountingStorage();
    const reads: string[] = [];
    const getItem = web.getItem.bind(web);
    web.getItem = (key: string) => {
      reads.push(key);
      return getItem(key);
    };
    web.setItem('note_5', notes.bodies['5'].html!);
    web.setItem('note_9', '<p>an older text</p>');
    web.setItem('note_gone', '<p>not a note of this log</p>');
    web.attempts = [];
    new StorageMirror(web).write(notes);
    expect(reads.filter((key) => key.startsWith('note_')).sort()).toEqual(['note_5', 'note_9']);
    expect(web.attempts).not.toContain('note_5');
    expect(web.getItem('note_9')).toBe(notes.bodies['9'].html);
    expect(web.getItem('note_gone')).toBe('<p>not a note of this log</p>');
  });

  it('on its first write over an area that cannot list its keys still finds and replaces every older body', () => {
    const notes = datedNotes(20, 3);
    const held = new MemoryWebStorage();
    held.setItem('note_4', '<p>an older text</p>');
    held.setItem('note_6', notes.bodies['6'].html!);
    // Only get, set and remove, as StorageArea asks.
    const area = {
      getItem: (k: string) => held.getItem(k),
      setItem: (k: string, v: string) => held.setItem(k, v),
      removeItem: (k: string) => held.removeItem(k),
    };
    new StorageMirror(area).write(notes);
    expect(storedKeys(held)).toEqual(toStorageKeys(notes));
  });

  it('says "outdated" when not even the notes list fits beside other data, and catches up once there is room', async () => {
    const notes = datedNotes(10, 5);
    const web = new CountingStorage(2000);
    web.setItem('other:data', 'x'.repeat(1990));
    const errors: unknown[] = [];
    const mirror = new StorageMirror(web, { onError: (e) => errors.push(e) });
    mirror.write(notes);
    expect(mirror.current()).toEqual({ kind: 'outdated', bodies: 0, notes: 10 });
    expect(errors).toEqual([]);
    web.removeItem('other:data');
    mirror.retry();
    await vi.waitFor(() => expect(mirror.current()).toEqual({ kind: 'complete' }), { timeout: 5000 });
    expect(storedKeys(web)).toEqual(toStorageKeys(notes));
  });

  it('retry() fills a partial copy once space is freed, without a change of the notes, once per burst', async () => {
    const notes = datedNotes(10, 20);
    const web = new CountingStorage(1200);
    const mirror = new StorageMirror(web);
    mirror.write(notes);
    expect(mirror.current().kind).toBe('partial');
    web.quotaChars = Infinity;
    const writesBefore = web.attempts.length;
    for (let i = 0; i < 50; i++) mirror.retry();
    expect(web.attempts.length).toBe(writesBefore);
    await vi.waitFor(() => expect(mirror.current()).toEqual({ kind: 'complete' }), { timeout: 5000 });
    expect(storedKeys(web)).toEqual(toStorageKeys(notes));
    const written = web.attempts.length - writesBefore;
    for (let i = 0; i < 50; i++) mirror.retry();
    await nextTask();
    expect(web.attempts.length - writesBefore).toBe(written);
  });

  it('a change while the copy stays partial costs one failed write, not one per note', () => {
    const notes = datedNotes(40, 20);
    const web = new CountingStorage(4000);
    const mirror = new StorageMirror(web);
    mirror.write(notes);
    web.attempts = [];
    mirror.write(foldNotes(notes, [ev('note.starred', { id: '3' })]));
    // linkedNotes, then the first body that did not fit, tried once.
    expect(web.attempts).toEqual(['linkedNotes', `note_${bodyWriteOrder(notes)[heldBodies(web, notes).length]}`]);
  });

  it('reports an error that is not a full area once per write', () => {
    const notes = datedNotes(3, 5);
    const web = new CountingStorage();
    web.setItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const errors: unknown[] = [];
    const mirror = new StorageMirror(web, { onError: (e) => errors.push(e) });
    mirror.write(notes);
    expect(errors).toHaveLength(1);
    expect((errors[0] as DOMException).name).toBe('SecurityError');
  });

  it('through random edits, deletes, stars and quotas: the lists are whole, each body key holds its note’s text or nothing, and the bodies held are the newest', () => {
    let seed = 20261120;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let run = 0; run < 20; run++) {
      const web = new CountingStorage(1500 + Math.floor(random() * 6000));
      const copies: LocalCopy[] = [];
      const mirror = new StorageMirror(web, { onCopy: (c) => copies.push(c) });
      let notes = datedNotes(5 + Math.floor(random() * 20), 1 + Math.floor(random() * 30));
      mirror.write(notes);
      for (let step = 0; step < 30; step++) {
        const ids = notes.order;
        const id = ids[Math.floor(random() * ids.length)];
        const at = new Date(Date.UTC(2026, 5, 1) + run * 1e6 + step * 1000).toISOString();
        const roll = random();
        const event =
          roll < 0.5 || !id
            ? ev('note.body-saved', { id: id ?? '1', html: body(Math.floor(random() * 150)) }, at)
            : roll < 0.65
              ? ev('note.created', { id: String(1000 + run * 100 + step), title: 'new' }, at)
              : roll < 0.8
                ? ev('note.deleted', { id })
                : roll < 0.9
                  ? ev('note.starred', { id })
                  : ev('note.renamed', { id, title: `renamed ${step}` }, at);
        if (roll > 0.95) web.quotaChars = 1500 + Math.floor(random() * 6000);
        notes = foldNotes(notes, [event]);
        mirror.write(notes);
        const stored = storedKeys(web);
        const copy = mirror.current();
        if (copy.kind !== 'outdated') {
          expect(stored.notes).toBe(toStorageKeys(notes).notes);
          expect(stored.linkedNotes).toBe(JSON.stringify(notes.starred));
        }
        const held = heldBodies(web, notes);
        for (const key of Object.keys(stored).filter((k) => k.startsWith('note_')))
          expect(stored[key]).toBe(notes.bodies[key.slice(5)]?.html ?? '');
        expect(held).toEqual(bodyWriteOrder(notes).slice(0, held.length));
        expect(copy.kind === 'complete' ? notes.order.length : copy.bodies).toBe(held.length);
        expect(copies.at(-1) ?? { kind: 'complete' }).toEqual(copy);
      }
    }
  });
});

describe('the order bodies are written in', () => {
  it('is newest first by modified, notes modified together in manual order, whatever order it starts from', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: 'a', title: 'a' }, '2026-01-01T00:00:00.000Z'),
      ev('note.created', { id: 'b', title: 'b' }, '2026-01-03T00:00:00.000Z'),
      ev('note.created', { id: 'c', title: 'c' }, '2026-01-02T00:00:00.000Z'),
      ev('note.created', { id: 'd', title: 'd' }, '2026-01-02T00:00:00.000Z'),
    ]);
    // Manual order: d, c, b, a (new notes go to the top).
    expect(bodyWriteOrder(notes)).toEqual(['b', 'd', 'c', 'a']);
    expect(bodyWriteOrder(notes, ['a', 'gone', 'c', 'b'])).toEqual(['b', 'd', 'c', 'a']);
  });

  it("looks each note's date up once, not at every comparison of the sort", () => {
    const events = Array.from({ length: 2000 }, (_, i) =>
      ev('note.created', { id: `n${i}`, title: `n${i}` }, new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 2000) * 1000).toISOString()),
    );
    const notes = foldNotes(EMPTY_NOTES, events);
    let lookups = 0;
    const meta = new Proxy(notes.meta, { get: (target, id: string) => ((lookups += 1), target[id]) });
    const order = bodyWriteOrder({ ...notes, meta });
    expect(order).toEqual(bodyWriteOrder(notes));
    const dates = order.map((id) => notes.meta[id].modified);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(lookups).toBeLessThanOrEqual(2000);
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
