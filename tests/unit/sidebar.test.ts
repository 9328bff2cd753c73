import { describe, expect, it } from 'vitest';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE } from '../../src/projections/notesState';
import { highlightParts, sidebarRows } from '../../src/projections/sidebar';
import { allRows, scanBodySearch } from '../support/sidebarRows';
import { ev } from './helpers';

const state = foldApp(INITIAL_STATE, [
  ev('note.created', { id: '1', title: 'banana bread' }, '2026-11-20T10:00:00.000Z'),
  ev('note.created', { id: '2', title: 'Apple pie' }, '2026-11-20T09:00:00.000Z'),
  ev('note.created', { id: '3', title: 'cherry jam' }, '2026-11-20T08:00:00.000Z'),
  ev('note.body-saved', { id: '1', html: '<p>Needs BANANAS and flour</p>' }, '2026-11-20T12:00:00.000Z'),
  ev('note.starred', { id: '2' }),
]);
const text = scanBodySearch(state.notes, (html) => html.replace(/<[^>]+>/g, ' '));
const ids = (view: Partial<typeof state.view>) => [...sidebarRows(state.notes, { ...state.view, ...view }, text).ids];

describe('sidebar view', () => {
  it('lists notes in manual order with move controls except up on the first and down on the last', () => {
    const rows = allRows(sidebarRows(state.notes, state.view, text));
    expect(rows.map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(rows.map((r) => [r.canMoveUp, r.canMoveDown])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
  });

  it('sorts by last modified (newest first), by title, and starred first', () => {
    expect(ids({ sort: 'date' })).toEqual(['1', '2', '3']);
    expect(ids({ sort: 'alpha' })).toEqual(['2', '1', '3']);
    expect(ids({ sort: 'starred' })[0]).toBe('2');
  });

  it('offers no move controls outside manual order', () => {
    const rows = allRows(sidebarRows(state.notes, { ...state.view, sort: 'alpha' }, text));
    expect(rows.every((r) => !r.canMoveUp && !r.canMoveDown)).toBe(true);
  });

  it('searches titles and body text case-insensitively', () => {
    expect(ids({ search: 'APPLE' })).toEqual(['2']);
    expect(ids({ search: 'bananas' })).toEqual(['1']);
    expect(ids({ search: 'zzz' })).toEqual([]);
  });

  it('lists the notes whose title matches before those matching in their text only, each group in the sort order', () => {
    const notes = foldApp(INITIAL_STATE, [
      ev('note.created', { id: '1', title: 'Groceries' }, '2026-11-20T10:00:00.000Z'),
      ev('note.created', { id: '2', title: 'Tea notes' }, '2026-11-20T09:00:00.000Z'),
      ev('note.created', { id: '3', title: 'Zebra' }, '2026-11-20T08:00:00.000Z'),
      ev('note.created', { id: '4', title: 'Afternoon tea' }, '2026-11-20T07:00:00.000Z'),
      ev('note.body-saved', { id: '1', html: '<p>green tea</p>' }, '2026-11-20T12:00:00.000Z'),
      ev('note.body-saved', { id: '3', html: '<p>tea time</p>' }, '2026-11-20T11:00:00.000Z'),
      ev('note.starred', { id: '3' }),
    ]).notes;
    const search = scanBodySearch(notes, (html) => html.replace(/<[^>]+>/g, ' '));
    const order = (sort: typeof state.view.sort) => [...sidebarRows(notes, { ...state.view, search: 'tea', sort }, search).ids];
    expect(order('current')).toEqual(['4', '2', '3', '1']);
    expect(order('date')).toEqual(['2', '4', '1', '3']);
    expect(order('alpha')).toEqual(['4', '2', '1', '3']);
    expect(order('starred')).toEqual(['4', '2', '3', '1']);
  });

  it('marks every match in a title', () => {
    expect(highlightParts('Banana bandana', 'ban')).toEqual([
      { text: 'Ban', match: true },
      { text: 'ana ', match: false },
      { text: 'ban', match: true },
      { text: 'dana', match: false },
    ]);
    expect(highlightParts('Plain', '')).toEqual([{ text: 'Plain', match: false }]);
  });
});

describe('sidebar rows made on demand', () => {
  it('equals the rows computed from scratch, for any order of access, and gives one object per index (shared notes marked)', () => {
    const views: Partial<typeof state.view>[] = [
      { search: 'b' },
      { search: 'ban' },
      { search: '' },
      { sort: 'alpha' },
      { sort: 'current', selectedId: '2' },
      { search: 'pie' },
    ];
    for (const change of views) {
      const view = { ...state.view, ...change };
      const q = view.search.trim().toLowerCase();
      const rows = sidebarRows(state.notes, view, text, undefined, new Set(['2']));
      const backwards = rows.ids.map((_, i) => rows.row(rows.ids.length - 1 - i)).reverse();
      const manual = view.sort === 'current';
      expect(backwards).toEqual(
        rows.ids.map((id, i) => ({
          id,
          title: state.notes.meta[id].title,
          titleParts: highlightParts(state.notes.meta[id].title, q),
          modified: state.notes.meta[id].modified,
          starred: state.notes.starred.includes(id),
          shared: id === '2',
          selected: view.selectedId === id,
          canMoveUp: manual && !q && i > 0,
          canMoveDown: manual && !q && i < rows.ids.length - 1,
        })),
      );
      if (rows.ids.length) expect(rows.row(0)).toBe(backwards[0]);
    }
  });
});
