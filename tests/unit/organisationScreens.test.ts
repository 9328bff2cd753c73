import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { notebookIndex, notebookTree, tagIndex, tagTree } from '../../src/projections/organisation/organisationIndex';
import { typeAheadIndex, visibleTreeRows } from '../../src/projections/organisation/treeRows';
import { checkNotebookMove, checkNotebookName, checkTagPath, tagRenameKind } from '../../src/projections/organisation/organisationNames';
import { tagSuggestions } from '../../src/projections/organisation/tagSuggestions';
import { organisationStatistics } from '../../src/projections/organisation/organisationStatistics';
import { ev } from './helpers';

const WORK = 'nb-work-0001';
const PROJ = 'nb-proj-0001';
const HOME = 'nb-home-0001';
const ids = ['1700000000001', '1700000000002', '1700000000003', '1700000000004'];

const library = (): AppEvent[] => [
  ...ids.map((id, i) => ev('note.created', { id, title: `Note ${i + 1}` })),
  ev('notebook.created', { notebook: WORK, name: 'Work', parent: null }),
  ev('notebook.created', { notebook: PROJ, name: 'Projects', parent: WORK }),
  ev('notebook.created', { notebook: HOME, name: 'home', parent: null }),
  ev('note.filed', { id: ids[0], notebook: WORK }),
  ev('note.filed', { id: ids[1], notebook: PROJ }),
  ev('note.filed', { id: ids[2], notebook: HOME }),
  ev('note.tagged', { id: ids[0], tag: 'Project/Alpha' }),
  ev('note.tagged', { id: ids[1], tag: 'project/beta' }),
  ev('note.tagged', { id: ids[1], tag: 'travel' }),
  ev('note.tagged', { id: ids[2], tag: 'travel' }),
  ev('note.tagged', { id: ids[3], tag: 'travel/Alps' }),
  ev('tag.created', { tag: 'Someday' }),
];

describe('the sidebar trees', () => {
  it('shows a node’s children only under an expanded node, with level, position and parent', () => {
    const notes = foldNotes(EMPTY_NOTES, library());
    const rows = (open: string[]) =>
      visibleTreeRows(notebookIndex(notes).roots, new Set(open)).map((r) => [
        r.node.name,
        r.level,
        r.posInSet,
        r.setSize,
        r.parent,
        r.expanded,
      ]);
    expect(rows([])).toEqual([
      ['home', 1, 1, 2, null, false],
      ['Work', 1, 2, 2, null, false],
    ]);
    expect(rows([WORK, HOME])).toEqual([
      ['home', 1, 1, 2, null, false],
      ['Work', 1, 2, 2, null, true],
      ['Projects', 2, 1, 1, WORK, false],
    ]);
  });

  it('draws the same trees before the notes are counted, from the notebooks and tags alone', () => {
    const notes = foldNotes(EMPTY_NOTES, library());
    const shape = (nodes: ReturnType<typeof notebookTree>): unknown[] => nodes.map((n) => [n.id, n.path, n.depth, shape(n.children)]);
    expect(shape(notebookTree(notes))).toEqual(shape(notebookIndex(notes).roots));
    expect(shape(tagTree(notes))).toEqual(shape(tagIndex(notes).roots));
    expect(tagIndex(notes).roots.map((n) => [n.path, n.count])).toEqual([
      ['Project', 2],
      ['Someday', 0],
      ['travel', 3],
    ]);
  });

  it('finds the next row by the first letters of its name, wrapping round and ignoring case', () => {
    const notes = foldNotes(EMPTY_NOTES, library());
    const rows = visibleTreeRows(tagIndex(notes).roots, new Set(['project', 'travel']));
    expect(rows.map((r) => r.node.name)).toEqual(['Project', 'Alpha', 'beta', 'Someday', 'travel', 'Alps']);
    expect(typeAheadIndex(rows, 0, 'a')).toBe(1);
    expect(typeAheadIndex(rows, 1, 'a')).toBe(5);
    expect(typeAheadIndex(rows, 5, 'a')).toBe(1);
    expect(typeAheadIndex(rows, 0, 'TR')).toBe(4);
    expect(typeAheadIndex(rows, 0, 'zz')).toBe(-1);
  });
});

describe('names a person gives', () => {
  const notes = foldNotes(EMPTY_NOTES, library());

  it('trims a notebook name and refuses an empty, too long, control-character or sibling’s name', () => {
    expect(checkNotebookName(notes, '  Ideas ', null)).toEqual({ ok: true, value: 'Ideas' });
    expect(checkNotebookName(notes, '   ', null)).toEqual({ ok: false, problem: 'A name needs at least one character.' });
    expect(checkNotebookName(notes, 'x'.repeat(101), null)).toEqual({ ok: false, problem: 'A name can have at most 100 characters.' });
    expect(checkNotebookName(notes, 'x'.repeat(100), null).ok).toBe(true);
    expect(checkNotebookName(notes, 'a\u0007b', null)).toEqual({ ok: false, problem: 'A name cannot hold control characters.' });
    expect(checkNotebookName(notes, 'WORK', null)).toEqual({ ok: false, problem: 'A notebook named “Work” is already at the top level.' });
    expect(checkNotebookName(notes, 'projects', WORK)).toEqual({ ok: false, problem: 'A notebook named “Projects” is already in “Work”.' });
    // Its own name (a change of case) is no clash, and the same name elsewhere is fine.
    expect(checkNotebookName(notes, 'WORK', null, WORK)).toEqual({ ok: true, value: 'WORK' });
    expect(checkNotebookName(notes, 'Projects', null)).toEqual({ ok: true, value: 'Projects' });
  });

  it('refuses a notebook move into itself or next to a notebook of its name', () => {
    expect(checkNotebookMove(notes, WORK, PROJ)).toEqual({ ok: false, problem: 'A notebook cannot go inside itself.' });
    expect(checkNotebookMove(notes, WORK, WORK)).toEqual({ ok: false, problem: 'A notebook cannot go inside itself.' });
    expect(checkNotebookMove(notes, PROJ, null)).toEqual({ ok: true, value: '' });
    expect(checkNotebookMove(notes, HOME, WORK)).toEqual({ ok: true, value: WORK });
    const twin = foldNotes(notes, [ev('notebook.created', { notebook: 'nb-proj-0002', name: 'PROJECTS', parent: null })]);
    expect(checkNotebookMove(twin, PROJ, null)).toEqual({ ok: false, problem: 'A notebook named “PROJECTS” is already at the top level.' });
  });

  it('reads a tag path level by level, refusing an empty level, a long level and more than 10 levels', () => {
    expect(checkTagPath(' #Project / Alpha ')).toEqual({ ok: true, value: 'Project/Alpha' });
    expect(checkTagPath('')).toEqual({ ok: false, problem: 'A name needs at least one character.' });
    expect(checkTagPath('a//b')).toEqual({ ok: false, problem: 'A tag level needs at least one character.' });
    expect(checkTagPath(`a/${'x'.repeat(101)}`)).toEqual({ ok: false, problem: 'A name can have at most 100 characters.' });
    expect(checkTagPath(Array.from({ length: 11 }, (_, i) => `l${i}`).join('/'))).toEqual({
      ok: false,
      problem: 'A tag can nest at most 10 levels.',
    });
  });

  it('tells a tag rename from a merge, a change of case and a move inside itself', () => {
    expect(tagRenameKind(notes, 'travel', 'Trips')).toEqual({ kind: 'rename' });
    expect(tagRenameKind(notes, 'travel', 'Travel')).toEqual({ kind: 'rename' });
    expect(tagRenameKind(notes, 'travel', 'travel')).toEqual({ kind: 'same' });
    expect(tagRenameKind(notes, 'travel', 'PROJECT')).toEqual({ kind: 'merge', into: 'Project' });
    expect(tagRenameKind(notes, 'project', 'project/alpha/x')).toEqual({ kind: 'refused', problem: 'A tag cannot go inside itself.' });
  });
});

describe('tag suggestions', () => {
  const notes = foldNotes(EMPTY_NOTES, library());
  const paths = (typed: string, exclude: string[] = []) => tagSuggestions(notes, typed, exclude).map((s) => s.path);

  it('suggests tags starting with what was typed, then with a level starting with it, then containing it, ignoring case', () => {
    expect(paths('AL')).toEqual(['Project/Alpha', 'travel/Alps']);
    expect(paths('p')).toEqual(['Project', 'Project/Alpha', 'project/beta', 'travel/Alps']);
    expect(paths('#tra')).toEqual(['travel', 'travel/Alps']);
    expect(paths('  ')).toEqual([]);
  });

  it('leaves out the note’s own tags and stops at the limit', () => {
    expect(paths('tra', ['travel'])).toEqual(['travel/Alps']);
    expect(tagSuggestions(notes, 'a', [], 2)).toHaveLength(2);
  });
});

describe('the dashboard’s organisation figures', () => {
  it('counts notes per top-level notebook with its sub-notebooks, the notes in none, and the most used tags', () => {
    const notes = foldNotes(EMPTY_NOTES, library());
    expect(organisationStatistics(notes)).toEqual({
      notebooks: [
        { label: 'Work', count: 2 },
        { label: 'home', count: 1 },
        { label: 'No notebook', count: 1 },
      ],
      tags: [
        { label: 'travel', count: 2 },
        { label: 'Project/Alpha', count: 1 },
        { label: 'project/beta', count: 1 },
        { label: 'travel/Alps', count: 1 },
      ],
    });
    expect(organisationStatistics(EMPTY_NOTES)).toEqual({ notebooks: [], tags: [] });
  });
});
