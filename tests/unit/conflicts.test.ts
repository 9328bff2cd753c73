import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION, type AppEvent, type EventPayloads, type EventType } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { planCompaction } from '../../src/events/compactionPlan';

/**
 * Conflicts in the fold (docs/architecture.md "Conflicts"): decided from the order of the events
 * alone, so every device and every replay folds the same notes, and no text is ever dropped.
 */

let n = 0;
/** An event made on `device` at minute `minute` of a fixed day. */
function ev<T extends EventType>(type: T, payload: EventPayloads[T], device: string, minute = n): AppEvent {
  n += 1;
  const at = new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();
  return {
    v: EVENT_SCHEMA_VERSION,
    seq: n,
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at,
    type,
    payload,
    device,
  } as AppEvent;
}

const NOTE = '1764000000000';
const A = 'device-aaaaaaaa';
const B = 'device-bbbbbbbb';

/** A note made on A and named by both devices; returns the events and the id of its first revision. */
function start() {
  const created = ev('note.created', { id: NOTE, title: 'Groceries' }, A, 0);
  return {
    created,
    events: [ev('device.named', { device: A, name: 'Laptop' }, A, 0), ev('device.named', { device: B, name: 'Phone' }, B, 0), created],
  };
}

/** A's save "milk" and B's save "eggs" from the same revision: "eggs" is the note, "milk" its copy. */
function withCopy() {
  const { created, events } = start();
  const first = ev('note.body-saved', { id: NOTE, html: '<p>milk</p>', base: created.id }, A, 5);
  const notes = foldNotes(EMPTY_NOTES, [
    ...events,
    first,
    ev('note.body-saved', { id: NOTE, html: '<p>eggs</p>', base: created.id }, B, 6),
  ]);
  return { created, first, notes, copy: notes.order[1] };
}

describe('conflicts in the notes fold', () => {
  it('two saves from the same revision: the later in order is the note, the earlier is kept as a copy right after it', () => {
    const { created, events } = start();
    const first = ev('note.body-saved', { id: NOTE, html: '<p>milk</p>', base: created.id }, A, 5);
    const saved = foldNotes(EMPTY_NOTES, [...events, first]);
    const second = ev('note.body-saved', { id: NOTE, html: '<p>eggs</p>', base: created.id }, B, 7);
    // B saved from the creation too, without having seen A's save: both texts survive.
    const notes = foldNotes(saved, [second]);
    const copy = notes.order[1];
    expect(notes.order).toEqual([NOTE, copy]);
    expect(notes.bodies[NOTE].html).toBe('<p>eggs</p>');
    expect(notes.bodies[copy].html).toBe('<p>milk</p>');
    expect(notes.meta[copy].title).toBe('Groceries (conflict, Laptop, 2026-11-24 10:05 UTC)');
    expect(notes.revs[copy]).toMatchObject({ id: first.id, origin: true, copyOf: NOTE, device: A });
  });

  it('folds to byte-identical storage keys on every device, whichever device folds', () => {
    const { created, events } = start();
    const log = [
      ...events,
      ev('note.body-saved', { id: NOTE, html: '<p>milk</p>', base: created.id }, A, 5),
      ev('note.body-saved', { id: NOTE, html: '<p>eggs</p>', base: created.id }, B, 6),
      ev('note.starred', { id: NOTE }, A, 8),
    ];
    const onA = toStorageKeys(foldNotes(EMPTY_NOTES, log));
    const onB = toStorageKeys(log.reduce((notes, e) => foldNotes(notes, [e]), EMPTY_NOTES));
    expect(onB).toEqual(onA);
    expect(Object.keys(onA).filter((k) => k.startsWith('note_'))).toHaveLength(2);
  });

  it('a save from the current revision, or with the same text, is no conflict', () => {
    const { created, events } = start();
    const first = ev('note.body-saved', { id: NOTE, html: '<p>milk</p>', base: created.id }, A, 5);
    const next = ev('note.body-saved', { id: NOTE, html: '<p>milk, eggs</p>', base: first.id }, B, 6);
    const same = ev('note.body-saved', { id: NOTE, html: '<p>milk, eggs</p>', base: created.id }, A, 7);
    const notes = foldNotes(EMPTY_NOTES, [...events, first, next, same]);
    expect(notes.order).toEqual([NOTE]);
    expect(notes.bodies[NOTE].html).toBe('<p>milk, eggs</p>');
  });

  it('saves that name no revision (older logs) overwrite as before, without a copy', () => {
    const { events } = start();
    const notes = foldNotes(EMPTY_NOTES, [
      ...events,
      ev('note.body-saved', { id: NOTE, html: '<p>one</p>' }, A, 5),
      ev('note.body-saved', { id: NOTE, html: '<p>two</p>' }, B, 6),
    ]);
    expect(notes.order).toEqual([NOTE]);
    expect(notes.bodies[NOTE].html).toBe('<p>two</p>');
  });

  it('an edit of a note deleted elsewhere brings it back with its title; without a base it stays deleted', () => {
    const { created, events } = start();
    const other = ev('note.created', { id: '1764000000001', title: 'Other' }, A, 1);
    const deleted = ev('note.deleted', { id: NOTE }, A, 5);
    const offlineEdit = ev('note.body-saved', { id: NOTE, html: '<p>typed offline</p>', base: created.id }, B, 6);
    const notes = foldNotes(EMPTY_NOTES, [...events, other, deleted, offlineEdit]);
    expect(notes.order).toEqual([NOTE, '1764000000001']);
    expect(notes.meta[NOTE].title).toBe('Groceries');
    expect(notes.bodies[NOTE].html).toBe('<p>typed offline</p>');
    expect(notes.deleted[NOTE]).toBeUndefined();
    const old = foldNotes(EMPTY_NOTES, [...events, deleted, ev('note.body-saved', { id: NOTE, html: '<p>late</p>' }, B, 6)]);
    expect(old.order).toEqual([]);
  });

  it('an edit of the copy from the revision it keeps is no conflict', () => {
    const { first, notes, copy } = withCopy();
    const edited = foldNotes(notes, [ev('note.body-saved', { id: copy, html: '<p>milk and bread</p>', base: first.id }, A, 9)]);
    expect(edited.order).toEqual([NOTE, copy]);
    expect(edited.bodies[copy].html).toBe('<p>milk and bread</p>');
  });

  it('an edit of a copy made from another revision keeps the copy’s text: it was made on a copy of another order', () => {
    const { created, notes, copy } = withCopy();
    // B had folded its own copy under this id before the server's order came in: it kept another revision.
    const other = ev('note.body-saved', { id: copy, html: '<p>eggs and jam</p>', base: created.id }, B, 9);
    const edited = foldNotes(notes, [other]);
    expect(edited.bodies[copy].html).toBe('<p>eggs and jam</p>');
    expect(Object.values(edited.bodies).map((b) => b.html)).toContain('<p>milk</p>');
    expect(edited.order).toHaveLength(3);
  });

  it('an edit of a note this order never made (a copy folded in another order) makes it, titled as a conflict', () => {
    const { events } = start();
    const phantom = '1795000000000';
    const lone = ev('note.body-saved', { id: phantom, html: '<p>typed into a copy</p>', base: 'a-revision-of-another-order' }, B, 12);
    const notes = foldNotes(EMPTY_NOTES, [...events, lone]);
    expect(notes.order[0]).toBe(phantom);
    expect(notes.bodies[phantom].html).toBe('<p>typed into a copy</p>');
    expect(notes.meta[phantom].title).toBe('Untitled Note (conflict, Phone, 2026-11-24 10:12 UTC)');
    // Without a base (an older log) such a save still changes nothing.
    const legacy = foldNotes(EMPTY_NOTES, [...events, ev('note.body-saved', { id: phantom, html: '<p>old</p>' }, B, 13)]);
    expect(legacy.meta[phantom]).toBeUndefined();
  });

  it('a copy id already taken moves on by one millisecond, the same way on every device', () => {
    const { created, events } = start();
    const first = ev('note.body-saved', { id: NOTE, html: '<p>milk</p>', base: created.id }, A, 5);
    const taken = String(Date.parse(first.at));
    const notes = foldNotes(EMPTY_NOTES, [
      ...events,
      ev('note.created', { id: taken, title: 'Born the same millisecond' }, B, 5),
      first,
      ev('note.body-saved', { id: NOTE, html: '<p>eggs</p>', base: created.id }, B, 6),
    ]);
    expect(notes.order).toContain(String(Number(taken) + 1));
    expect(notes.meta[String(Number(taken) + 1)].title).toMatch(/^Groceries \(conflict/);
  });

  it('two devices that made a note with the same id keep both notes, each with its text (docs/architecture.md "Note identity")', () => {
    const onA = ev('note.created', { id: NOTE, title: 'From A' }, A, 0);
    const onB = ev('note.created', { id: NOTE, title: 'From B' }, B, 0);
    const notes = foldNotes(EMPTY_NOTES, [
      onA,
      onB,
      ev('note.body-saved', { id: NOTE, ref: onA.id, html: '<p>A text</p>', base: onA.id }, A, 2),
      ev('note.body-saved', { id: NOTE, ref: onB.id, html: '<p>B text</p>', base: onB.id }, B, 3),
    ]);
    expect(notes.order.map((id) => [notes.meta[id].title, notes.bodies[id].html]).sort()).toEqual([
      ['From A', '<p>A text</p>'],
      ['From B', '<p>B text</p>'],
    ]);
  });

  it('a save of schema 3 (no ref) on a note two devices made under one id keeps its text as a conflict copy', () => {
    const onA = ev('note.created', { id: NOTE, title: 'From A' }, A, 0);
    const onB = ev('note.created', { id: NOTE, title: 'From B' }, B, 0);
    const notes = foldNotes(EMPTY_NOTES, [
      onA,
      onB,
      ev('note.body-saved', { id: NOTE, html: '<p>A text</p>', base: onA.id }, A, 2),
      ev('note.body-saved', { id: NOTE, html: '<p>B text</p>', base: onB.id }, B, 3),
    ]);
    const texts = notes.order
      .map((id) => notes.bodies[id].html)
      .filter((html) => html !== '')
      .sort();
    expect(texts).toEqual(['<p>A text</p>', '<p>B text</p>']);
  });

  it('a conflict copy without a device name says "a device"', () => {
    const created = ev('note.created', { id: NOTE, title: 'Plan' }, A, 0);
    const notes = foldNotes(EMPTY_NOTES, [
      created,
      ev('note.body-saved', { id: NOTE, html: '<p>x</p>', base: created.id }, A, 1),
      ev('note.body-saved', { id: NOTE, html: '<p>y</p>', base: created.id }, B, 2),
    ]);
    expect(notes.meta[notes.order[1]].title).toBe('Plan (conflict, a device, 2026-11-24 10:01 UTC)');
  });
});

describe('compaction keeps what conflicts depend on', () => {
  it('the compacted log folds to the same notes, copies included', () => {
    const { created, events } = start();
    const old = (minute: number, html: string, base: string, device = A) => ({
      ...ev('note.body-saved', { id: NOTE, html, base }, device, minute),
      at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    });
    const chain: AppEvent[] = [];
    let base = created.id;
    for (let i = 0; i < 30; i++) {
      const e = old(i, `<p>v${i}</p>`, base);
      chain.push(e);
      base = e.id;
    }
    // A conflict in the middle of the old history, then more linear history.
    const clash = old(30, '<p>from B</p>', chain[9].id, B);
    const after = old(31, '<p>after</p>', clash.id);
    const log = [...events, ...chain, clash, after];
    const drop = new Set(planCompaction(log, new Date('2026-11-24'), { retentionMs: 0, keepRevisionsPerNote: 2 }));
    expect(drop.size).toBeGreaterThan(0);
    const compacted = log.filter((e) => !drop.has(e.seq));
    expect(toStorageKeys(foldNotes(EMPTY_NOTES, compacted))).toEqual(toStorageKeys(foldNotes(EMPTY_NOTES, log)));
    expect(foldNotes(EMPTY_NOTES, log).order).toHaveLength(2);
  });
});
