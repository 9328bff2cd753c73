import { describe, expect, it } from 'vitest';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE } from '../../src/projections/notesState';
import { highlightParts, scanBodySearch, sidebarRows } from '../../src/projections/sidebar';
import { ev } from './helpers';

const state = foldApp(INITIAL_STATE, [
  ev('note.created', { id: '1', title: 'banana bread' }, '2026-11-20T10:00:00.000Z'),
  ev('note.created', { id: '2', title: 'Apple pie' }, '2026-11-20T09:00:00.000Z'),
  ev('note.created', { id: '3', title: 'cherry jam' }, '2026-11-20T08:00:00.000Z'),
  ev('note.body-saved', { id: '1', html: '<p>Needs BANANAS and flour</p>' }, '2026-11-20T12:00:00.000Z'),
  ev('note.starred', { id: '2' }),
]);
const text = scanBodySearch(state.notes, (html) => html.replace(/<[^>]+>/g, ' '));
const ids = (view: Partial<typeof state.view>) => sidebarRows(state.notes, { ...state.view, ...view }, text).map((r) => r.id);

describe('sidebar view', () => {
  it('lists notes in manual order with move controls except up on the first and down on the last', () => {
    const rows = sidebarRows(state.notes, state.view, text);
    expect(rows.map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(rows.map((r) => [r.canMoveUp, r.canMoveDown])).toEqual([[false, true], [true, true], [true, false]]);
  });

  it('sorts by last modified (newest first), by title, and starred first', () => {
    expect(ids({ sort: 'date' })).toEqual(['1', '2', '3']);
    expect(ids({ sort: 'alpha' })).toEqual(['2', '1', '3']);
    expect(ids({ sort: 'starred' })[0]).toBe('2');
  });

  it('offers no move controls outside manual order', () => {
    const rows = sidebarRows(state.notes, { ...state.view, sort: 'alpha' }, text);
    expect(rows.every((r) => !r.canMoveUp && !r.canMoveDown)).toBe(true);
  });

  it('searches titles and body text case-insensitively', () => {
    expect(ids({ search: 'APPLE' })).toEqual(['2']);
    expect(ids({ search: 'bananas' })).toEqual(['1']);
    expect(ids({ search: 'zzz' })).toEqual([]);
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

describe('sidebar rows across calls', () => {
  /** The rows computed from scratch, as the projection defines them. */
  function expectedRows(notes: typeof state.notes, view: typeof state.view, search: ReturnType<typeof scanBodySearch>) {
    const q = view.search.trim().toLowerCase();
    let ids = notes.order;
    if (q) ids = ids.filter((id) => notes.meta[id].title.toLowerCase().includes(q) || search(q)(id));
    if (view.sort === 'alpha') ids = [...ids].sort((a, b) => notes.meta[a].title.localeCompare(notes.meta[b].title));
    const manual = view.sort === 'current';
    return ids.map((id, i) => ({
      id, title: notes.meta[id].title, titleParts: highlightParts(notes.meta[id].title, q), modified: notes.meta[id].modified,
      starred: notes.starred.includes(id), selected: view.selectedId === id, canMoveUp: manual && !q && i > 0, canMoveDown: manual && !q && i < ids.length - 1,
    }));
  }

  it('equals rows computed from scratch through searches, sorts, selections, stars and renames, reusing unchanged rows', () => {
    let current = state;
    const views: Partial<typeof state.view>[] = [{ search: 'b' }, { search: 'ba' }, { search: 'ban' }, { search: '' }, { sort: 'alpha' }, { sort: 'current', selectedId: '2' }, { search: 'pie' }, { search: '' }];
    let previous = sidebarRows(current.notes, current.view, text);
    for (const [i, change] of views.entries()) {
      if (i === 3) current = foldApp(current, [ev('note.renamed', { id: '3', title: 'Banana jam' }), ev('note.starred', { id: '1' })]);
      const view = { ...current.view, ...change };
      current = { ...current, view };
      const search = scanBodySearch(current.notes, (html) => html.replace(/<[^>]+>/g, ' '));
      const rows = sidebarRows(current.notes, view, search);
      expect(rows).toEqual(expectedRows(current.notes, view, search));
      const unchanged = rows.filter((row) => previous.some((p) => p.id === row.id && JSON.stringify(p) === JSON.stringify(row)));
      for (const row of unchanged) expect(previous.find((p) => p.id === row.id)).toBe(row);
      previous = rows;
    }
  });
});
