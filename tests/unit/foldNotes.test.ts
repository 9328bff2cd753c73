import { describe, expect, it } from 'vitest';
import { foldNotes } from '../../src/projections/foldNotes';
import { foldApp } from '../../src/projections/foldApp';
import { EMPTY_NOTES, INITIAL_STATE, NO_FILTER, noteIndex } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { ev } from './helpers';

const A = '1700000000001';
const B = '1700000000002';
const C = '1700000000003';

describe('notes projection', () => {
  it('adds a new note at the top of the manual order with its creation time as modified', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: A, title: 'Untitled Note' }, '2026-11-20T10:00:00.000Z'),
      ev('note.created', { id: B, title: 'Untitled Note' }, '2026-11-20T11:00:00.000Z'),
    ]);
    expect(noteIndex(notes)).toEqual([
      { id: B, title: 'Untitled Note', modified: '2026-11-20T11:00:00.000Z' },
      { id: A, title: 'Untitled Note', modified: '2026-11-20T10:00:00.000Z' },
    ]);
    expect(notes.bodies[A]).toEqual({ html: '' });
  });

  it('renames, saves bodies and moves the modified time', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: A, title: 'Untitled Note' }, '2026-11-20T10:00:00.000Z'),
      ev('note.renamed', { id: A, title: 'Groceries' }, '2026-11-20T10:01:00.000Z'),
      ev('note.body-saved', { id: A, html: '<p>milk</p>', blocks: [{ type: 'paragraph' }] }, '2026-11-20T10:02:00.000Z'),
    ]);
    expect(notes.meta[A]).toEqual({ title: 'Groceries', modified: '2026-11-20T10:02:00.000Z' });
    expect(notes.bodies[A]).toEqual({ html: '<p>milk</p>', blocks: [{ type: 'paragraph' }] });
  });

  it('uses "Untitled Note" for an empty title', () => {
    const notes = foldNotes(EMPTY_NOTES, [ev('note.created', { id: A, title: '   ' })]);
    expect(notes.meta[A].title).toBe('Untitled Note');
  });

  it('swaps a note with its neighbour and ignores moves past either end', () => {
    const created = foldNotes(
      EMPTY_NOTES,
      [C, B, A].map((id) => ev('note.created', { id, title: id })),
    );
    expect(created.order).toEqual([A, B, C]);
    const moved = foldNotes(created, [
      ev('note.moved', { id: A, direction: 'down' }),
      ev('note.moved', { id: C, direction: 'down' }),
      ev('note.moved', { id: B, direction: 'up' }),
      ev('note.moved', { id: B, direction: 'up' }),
    ]);
    expect(moved.order).toEqual([B, A, C]);
  });

  it('stars and unstars idempotently, and deleting a note drops its body and star', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: A, title: 'a' }),
      ev('note.created', { id: B, title: 'b' }),
      ev('note.starred', { id: A }),
      ev('note.starred', { id: A }),
      ev('note.starred', { id: B }),
      ev('note.unstarred', { id: B }),
      ev('note.deleted', { id: A }),
    ]);
    expect(notes.order).toEqual([B]);
    expect(notes.bodies[A]).toBeUndefined();
    expect(notes.starred).toEqual([]);
    expect(notes.deleted[A]).toEqual({ title: 'a' });
  });

  it('never mutates its input and shares untouched containers', () => {
    const before = foldNotes(EMPTY_NOTES, [ev('note.created', { id: A, title: 'a' })]);
    const frozen = JSON.stringify(before);
    const after = foldNotes(before, [ev('note.starred', { id: A })]);
    expect(JSON.stringify(before)).toBe(frozen);
    expect(after.bodies).toBe(before.bodies);
    expect(after.starred).not.toBe(before.starred);
  });

  it('ignores events about unknown or deleted notes; a note made under a deleted id is a new note under the next free id', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.renamed', { id: A, title: 'ghost' }),
      ev('note.body-saved', { id: A, html: 'x' }),
      ev('note.created', { id: B, title: 'b' }),
      ev('note.deleted', { id: B }),
      ev('note.created', { id: B, title: 'again' }),
      ev('note.imported', {
        id: B,
        title: 'legacy',
        modified: '2026-01-01T00:00:00.000Z',
        html: '',
        starred: false,
        source: 'localStorage',
      }),
    ]);
    expect(notes.order).toEqual([String(Number(B) + 1)]);
    expect(notes.meta[String(Number(B) + 1)].title).toBe('again');
  });

  it('keeps an imported note’s document beside its HTML, after the notes there are, with its source’s modified time', () => {
    const blocks = [{ id: 'x', type: 'paragraph', props: {}, content: [], children: [] }];
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: A, title: 'mine' }),
      ev('note.imported', {
        id: B,
        title: '',
        modified: '2019-05-01T08:00:00.000Z',
        html: '<p>from Evernote</p>',
        starred: true,
        source: 'evernote',
        importId: 'import-0001',
        file: 'a.enex',
        blocks,
      }),
    ]);
    expect(notes.order).toEqual([A, B]);
    expect(notes.meta[B]).toEqual({ title: 'Untitled Note', modified: '2019-05-01T08:00:00.000Z' });
    expect(notes.bodies[B]).toEqual({ html: '<p>from Evernote</p>', blocks });
    expect(notes.starred).toEqual([B]);
    expect(notes.revs[B].origin).toBe(true);
  });

  it('restores a past revision as a new modification', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: A, title: 'a' }),
      ev('note.body-saved', { id: A, html: '<p>new</p>' }),
      ev('note.revision-restored', { id: A, fromSeq: 1, html: '<p>old</p>', title: 'old title' }, '2026-11-21T00:00:00.000Z'),
    ]);
    expect(notes.bodies[A].html).toBe('<p>old</p>');
    expect(notes.meta[A]).toEqual({ title: 'old title', modified: '2026-11-21T00:00:00.000Z' });
  });

  it('writes exactly the localStorage keys of docs/product.md "Entities and storage keys"', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: A, title: 'First' }, '2026-11-20T10:00:00.000Z'),
      ev('note.created', { id: B, title: 'Second' }, '2026-11-20T11:00:00.000Z'),
      ev('note.body-saved', { id: A, html: '<p>hi</p>' }, '2026-11-20T12:00:00.000Z'),
      ev('note.starred', { id: A }),
    ]);
    expect(toStorageKeys(notes)).toEqual({
      notes: `[{"id":"${B}","title":"Second","modified":"2026-11-20T11:00:00.000Z"},{"id":"${A}","title":"First","modified":"2026-11-20T12:00:00.000Z"}]`,
      linkedNotes: `["${A}"]`,
      [`note_${B}`]: '',
      [`note_${A}`]: '<p>hi</p>',
    });
  });
});

describe('app projection (view)', () => {
  it('selects a new note, and clears the selection when the selected note is deleted', () => {
    let state = foldApp(INITIAL_STATE, [ev('note.created', { id: A, title: 'a' })]);
    expect(state.view.selectedId).toBe(A);
    state = foldApp(state, [ev('note.deleted', { id: A })]);
    expect(state.view.selectedId).toBeNull();
  });

  it('keeps sort, search, sidebar and analytics from the view events', () => {
    const state = foldApp(INITIAL_STATE, [
      ev('ui.sort-changed', { sort: 'starred' }),
      ev('ui.search-changed', { query: 'milk' }),
      ev('ui.sidebar-toggled', { mode: 'collapsed' }),
      ev('ui.analytics-toggled', { open: true }),
    ]);
    expect(state.view).toEqual({
      selectedId: null,
      sort: 'starred',
      search: 'milk',
      sidebar: 'collapsed',
      analyticsOpen: true,
      theme: 'system',
      filter: NO_FILTER,
    });
    expect(state.seq).toBeGreaterThan(0);
  });

  it("does not move this tab's view for another tab's view events, but still folds their notes", () => {
    const mine = foldApp(INITIAL_STATE, [ev('note.created', { id: A, title: 'a' })]);
    const theirs = foldApp(mine, [ev('note.created', { id: B, title: 'b' }), ev('ui.sort-changed', { sort: 'alpha' })], 'elsewhere');
    expect(theirs.view.selectedId).toBe(A);
    expect(theirs.view.sort).toBe('current');
    expect(theirs.notes.order).toEqual([B, A]);
  });

  it('folds 200,000 events without overflowing the stack', () => {
    const events = [ev('note.created', { id: A, title: 'a' })];
    for (let i = 0; i < 200_000; i++) events.push(ev('ui.search-changed', { query: String(i % 10) }));
    expect(foldApp(INITIAL_STATE, events).view.search).toBe('9');
  });
});
