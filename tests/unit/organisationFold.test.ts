import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { foldApp } from '../../src/projections/foldApp';
import { EMPTY_NOTES, INITIAL_STATE, NO_FILTER, type NotesState } from '../../src/projections/notesState';
import { notebookIndex, tagIndex, filteredIds } from '../../src/projections/organisation/organisationIndex';
import { movePayload, sidebarRows } from '../../src/projections/sidebar';
import { allRows, scanBodySearch } from '../support/sidebarRows';
import { ev } from './helpers';

const A = '1700000000001';
const B = '1700000000002';
const C = '1700000000003';
const notesOf = (...ids: string[]) => ids.map((id) => ev('note.created', { id, title: `Note ${id.slice(-1)}` }));
const fold = (events: AppEvent[]) => foldNotes(EMPTY_NOTES, events);
const tree = (notes: NotesState) => {
  const show = (nodes: ReturnType<typeof notebookIndex>['roots']): unknown[] =>
    nodes.map((n) => (n.children.length ? [n.name, n.count, show(n.children)] : [n.name, n.count]));
  return show(notebookIndex(notes).roots);
};
const tags = (notes: NotesState) => {
  const show = (nodes: ReturnType<typeof tagIndex>['roots']): unknown[] =>
    nodes.map((n) => (n.children.length ? [n.path, n.count, show(n.children)] : [n.path, n.count]));
  return show(tagIndex(notes).roots);
};

describe('notebooks', () => {
  it('nests notebooks and counts the notes of a notebook and every notebook under it', () => {
    const notes = fold([
      ...notesOf(A, B, C),
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
      ev('notebook.created', { notebook: 'nb-proj-0001', name: 'Projects', parent: 'nb-work-0001' }),
      ev('notebook.created', { notebook: 'nb-home-0001', name: 'Home', parent: null }),
      ev('note.filed', { id: A, notebook: 'nb-work-0001' }),
      ev('note.filed', { id: B, notebook: 'nb-proj-0001' }),
    ]);
    expect(tree(notes)).toEqual([
      ['Home', 0],
      ['Work', 2, [['Projects', 1]]],
    ]);
    expect(filteredIds(notes, notes.order, { ...NO_FILTER, notebook: 'nb-work-0001' })).toEqual([B, A]);
    expect(filteredIds(notes, notes.order, { ...NO_FILTER, notebook: 'nb-proj-0001' })).toEqual([B]);
  });

  it('makes one notebook of two made under one parent and name, and files notes named by either into it', () => {
    const notes = fold([
      ...notesOf(A, B),
      ev('notebook.created', { notebook: 'nb-device-a1', name: 'Travel', parent: null }),
      ev('notebook.created', { notebook: 'nb-device-b1', name: 'travel', parent: null }),
      ev('note.filed', { id: A, notebook: 'nb-device-a1' }),
      ev('note.filed', { id: B, notebook: 'nb-device-b1' }),
    ]);
    expect(Object.keys(notes.notebooks)).toEqual(['nb-device-a1']);
    expect(notes.filed).toEqual({ [A]: 'nb-device-a1', [B]: 'nb-device-a1' });
    expect(tree(notes)).toEqual([['Travel', 2]]);
  });

  it('ignores a rename onto a sibling’s name and a move into its own subtree', () => {
    const notes = fold([
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
      ev('notebook.created', { notebook: 'nb-home-0001', name: 'Home', parent: null }),
      ev('notebook.created', { notebook: 'nb-proj-0001', name: 'Projects', parent: 'nb-work-0001' }),
      ev('notebook.renamed', { notebook: 'nb-home-0001', name: 'WORK' }),
      ev('notebook.moved', { notebook: 'nb-work-0001', parent: 'nb-proj-0001' }),
      ev('notebook.renamed', { notebook: 'nb-proj-0001', name: 'Projects 2024' }),
    ]);
    expect(tree(notes)).toEqual([
      ['Home', 0],
      ['Work', 0, [['Projects 2024', 0]]],
    ]);
  });

  it('moves a deleted notebook’s notes and sub-notebooks to its parent, merging a sub-notebook into a sibling of its name', () => {
    const notes = fold([
      ...notesOf(A, B, C),
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
      ev('notebook.created', { notebook: 'nb-old0-0001', name: 'Old', parent: 'nb-work-0001' }),
      ev('notebook.created', { notebook: 'nb-arch-0001', name: 'Archive', parent: 'nb-old0-0001' }),
      ev('notebook.created', { notebook: 'nb-arch-0002', name: 'archive', parent: 'nb-work-0001' }),
      ev('note.filed', { id: A, notebook: 'nb-old0-0001' }),
      ev('note.filed', { id: B, notebook: 'nb-arch-0001' }),
      ev('notebook.deleted', { notebook: 'nb-old0-0001' }),
      // Filed into the deleted notebook on a device that had not seen the delete: it lands in the parent.
      ev('note.filed', { id: C, notebook: 'nb-old0-0001' }),
    ]);
    expect(tree(notes)).toEqual([['Work', 3, [['archive', 1]]]]);
    expect(notes.filed).toEqual({ [A]: 'nb-work-0001', [B]: 'nb-arch-0002', [C]: 'nb-work-0001' });
    expect(Object.keys(notes.meta).sort()).toEqual([A, B, C]);
  });

  it('brings a deleted notebook back when it is made again under its id (Undo)', () => {
    const notes = fold([
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
      ev('notebook.deleted', { notebook: 'nb-work-0001' }),
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
    ]);
    expect(notes.notebooks).toEqual({ 'nb-work-0001': { name: 'Work', parent: null } });
    expect(notes.goneNotebooks).toEqual({});
  });

  it('takes a note out of every notebook, and forgets the notebook and tags of a deleted note', () => {
    const notes = fold([
      ...notesOf(A, B),
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
      ev('note.filed', { id: A, notebook: 'nb-work-0001' }),
      ev('note.filed', { id: B, notebook: 'nb-work-0001' }),
      ev('note.tagged', { id: B, tag: 'urgent' }),
      ev('note.filed', { id: A, notebook: null }),
      ev('note.deleted', { id: B }),
    ]);
    expect(notes.filed).toEqual({});
    expect(notes.tagged).toEqual({});
    expect(tags(notes)).toEqual([['urgent', 0]]);
  });
});

describe('tags', () => {
  it('registers the tags above a nested tag and counts a note once per tag above its tags', () => {
    const notes = fold([
      ...notesOf(A, B),
      ev('note.tagged', { id: A, tag: 'project/alpha' }),
      ev('note.tagged', { id: A, tag: 'project' }),
      ev('note.tagged', { id: B, tag: 'project/beta' }),
    ]);
    expect(tags(notes)).toEqual([
      [
        'project',
        2,
        [
          ['project/alpha', 1],
          ['project/beta', 1],
        ],
      ],
    ]);
    expect(notes.tagged[A]).toEqual(['project', 'project/alpha']);
  });

  it('knows a tag by its lower-cased path, keeping the name it was first written with', () => {
    const notes = fold([...notesOf(A, B), ev('note.tagged', { id: A, tag: 'Travel' }), ev('note.tagged', { id: B, tag: 'travel' })]);
    expect(notes.tags).toEqual({ travel: 'Travel' });
    expect(tags(notes)).toEqual([['Travel', 2]]);
  });

  it('renames a tag and the tags under it on every note in one event, and a case-only rename renames it', () => {
    const notes = fold([
      ...notesOf(A, B),
      ev('note.tagged', { id: A, tag: 'project/alpha' }),
      ev('note.tagged', { id: B, tag: 'project' }),
      ev('tag.renamed', { tag: 'project', to: 'Work/Projects' }),
      ev('tag.renamed', { tag: 'work', to: 'WORK' }),
    ]);
    expect(notes.tags).toEqual({ work: 'WORK', 'work/projects': 'WORK/Projects', 'work/projects/alpha': 'WORK/Projects/alpha' });
    expect(notes.tagged).toEqual({ [A]: ['work/projects/alpha'], [B]: ['work/projects'] });
  });

  it('merges a tag renamed onto an existing tag, each note keeping one of it', () => {
    const notes = fold([
      ...notesOf(A, B),
      ev('note.tagged', { id: A, tag: 'trips' }),
      ev('note.tagged', { id: A, tag: 'Travel' }),
      ev('note.tagged', { id: B, tag: 'trips' }),
      ev('tag.renamed', { tag: 'trips', to: 'travel' }),
    ]);
    expect(notes.tags).toEqual({ travel: 'Travel' });
    expect(notes.tagged).toEqual({ [A]: ['travel'], [B]: ['travel'] });
  });

  it('keeps both a rename and a tagging that the order puts after it', () => {
    const notes = fold([
      ...notesOf(A, B),
      ev('note.tagged', { id: A, tag: 'travel' }),
      ev('tag.renamed', { tag: 'travel', to: 'trips' }),
      // Made on a device that had not seen the rename yet.
      ev('note.tagged', { id: B, tag: 'travel' }),
    ]);
    expect(notes.tagged).toEqual({ [A]: ['trips'], [B]: ['travel'] });
  });

  it('deletes a tag and the tags under it from every note, deleting no note', () => {
    const notes = fold([
      ...notesOf(A, B),
      ev('note.tagged', { id: A, tag: 'project/alpha' }),
      ev('note.tagged', { id: A, tag: 'home' }),
      ev('note.tagged', { id: B, tag: 'project' }),
      ev('tag.deleted', { tag: 'project' }),
    ]);
    expect(notes.tags).toEqual({ home: 'home' });
    expect(notes.tagged).toEqual({ [A]: ['home'] });
    expect(notes.order).toEqual([B, A]);
  });

  it('takes one tag off a note and keeps an empty tag made from the tag list', () => {
    const notes = fold([
      ...notesOf(A),
      ev('tag.created', { tag: 'Someday' }),
      ev('note.tagged', { id: A, tag: 'x' }),
      ev('note.untagged', { id: A, tag: 'X' }),
    ]);
    expect(notes.tagged).toEqual({});
    expect(tags(notes)).toEqual([
      ['Someday', 0],
      ['x', 0],
    ]);
  });
});

describe('imports, copies and the sidebar filter', () => {
  it('files and tags an imported note as its event says', () => {
    const notes = fold([
      ev('notebook.created', { notebook: 'nb-enex-0001', name: 'Travel', parent: null }),
      ev('note.imported', {
        id: A,
        title: 'Kyoto',
        modified: '2019-04-01T00:00:00.000Z',
        html: '<p>temples</p>',
        starred: false,
        source: 'evernote',
        notebook: 'nb-enex-0001',
        tags: ['japan', 'y2019'],
      }),
    ]);
    expect(notes.filed).toEqual({ [A]: 'nb-enex-0001' });
    expect(notes.tagged).toEqual({ [A]: ['japan', 'y2019'] });
  });

  it('gives a conflict copy the notebook and tags of its note', () => {
    const created = ev('note.created', { id: A, title: 'Plan' });
    const notes = fold([
      created,
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
      ev('note.filed', { id: A, notebook: 'nb-work-0001' }),
      ev('note.tagged', { id: A, tag: 'q3' }),
      ev('note.body-saved', { id: A, html: '<p>one</p>', base: created.id }),
      ev('note.body-saved', { id: A, html: '<p>two</p>', base: created.id }),
    ]);
    const copy = notes.order.find((id) => id !== A)!;
    expect(notes.filed[copy]).toBe('nb-work-0001');
    expect(notes.tagged[copy]).toEqual(['q3']);
  });

  it('lists a notebook’s notes with tags narrowing them, search and sort inside the filter, and moves swapping with the neighbour shown', () => {
    const state = foldApp(INITIAL_STATE, [
      ...notesOf(A, B, C),
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
      ev('note.filed', { id: A, notebook: 'nb-work-0001' }),
      ev('note.filed', { id: C, notebook: 'nb-work-0001' }),
      ev('note.tagged', { id: A, tag: 'q3/plans' }),
      ev('note.tagged', { id: C, tag: 'q3' }),
      ev('note.tagged', { id: C, tag: 'urgent' }),
      ev('ui.filter-changed', { filter: { notebook: 'nb-work-0001', tags: ['q3'], starred: false } }),
    ]);
    const rows = sidebarRows(
      state.notes,
      state.view,
      scanBodySearch(state.notes, () => ''),
    );
    expect(rows.ids).toEqual([C, A]);
    expect(movePayload(rows, state.view, 0, 'down')).toEqual({ id: C, direction: 'down', with: A });
    const narrowed = { ...state.view, filter: { ...state.view.filter, tags: ['q3', 'urgent'] } };
    expect(
      sidebarRows(
        state.notes,
        narrowed,
        scanBodySearch(state.notes, () => ''),
      ).ids,
    ).toEqual([C]);
    const searched = { ...state.view, search: 'note 1', sort: 'alpha' as const };
    expect(
      allRows(
        sidebarRows(
          state.notes,
          searched,
          scanBodySearch(state.notes, () => ''),
        ),
      ).map((r) => r.id),
    ).toEqual([A]);
    const moved = foldApp(state, [ev('note.moved', movePayload(rows, state.view, 0, 'down'))]);
    expect(moved.notes.order).toEqual([A, B, C]);
  });

  it('keeps the filter on a renamed tag, drops a deleted one, and moves to the parent of a deleted notebook', () => {
    const state = foldApp(INITIAL_STATE, [
      ...notesOf(A),
      ev('notebook.created', { notebook: 'nb-work-0001', name: 'Work', parent: null }),
      ev('notebook.created', { notebook: 'nb-proj-0001', name: 'Projects', parent: 'nb-work-0001' }),
      ev('note.tagged', { id: A, tag: 'q3/plans' }),
      ev('note.tagged', { id: A, tag: 'home' }),
      ev('ui.filter-changed', { filter: { notebook: 'nb-proj-0001', tags: ['q3/plans', 'home'], starred: false } }),
      ev('tag.renamed', { tag: 'q3', to: 'Quarter 3' }),
      ev('tag.deleted', { tag: 'home' }),
      ev('notebook.deleted', { notebook: 'nb-proj-0001' }),
    ]);
    expect(state.view.filter).toEqual({ notebook: 'nb-work-0001', tags: ['quarter 3/plans'], starred: false });
  });
});
