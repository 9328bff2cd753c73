import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';
import { inverseEvents, type OrganisationEvent } from '../../src/projections/organisation/organisationUndo';
import { ev } from './helpers';

const A = '1700000000001';
const B = '1700000000002';
const C = '1700000000003';
const WORK = 'nb-work-0001';
const PROJ = 'nb-proj-0001';
const OLD = 'nb-old0-0001';

/** The organisation parts of the notes state, which an Undo must give back. */
const organisation = (notes: NotesState) => ({
  notebooks: notes.notebooks,
  filed: notes.filed,
  tags: notes.tags,
  tagged: notes.tagged,
});
const events = (list: OrganisationEvent[]): AppEvent[] => list.map((e) => ev(e.type, e.payload as never));

/** Fold `start`, then `event`, then its inverse: the state before, after, after the Undo, and the inverse. */
function roundTrip(start: AppEvent[], event: OrganisationEvent) {
  const before = foldNotes(EMPTY_NOTES, start);
  const after = foldNotes(before, events([event]));
  const inverse = inverseEvents(before, after, event);
  const undone = foldNotes(after, events(inverse));
  return { before, after, inverse, undone };
}

const library = (): AppEvent[] => [
  ev('note.created', { id: A, title: 'A' }),
  ev('note.created', { id: B, title: 'B' }),
  ev('note.created', { id: C, title: 'C' }),
  ev('notebook.created', { notebook: WORK, name: 'Work', parent: null }),
  ev('notebook.created', { notebook: OLD, name: 'Old', parent: WORK }),
  ev('notebook.created', { notebook: PROJ, name: 'Projects', parent: OLD }),
  ev('note.filed', { id: A, notebook: OLD }),
  ev('note.filed', { id: B, notebook: PROJ }),
  ev('note.tagged', { id: A, tag: 'Project/Alpha' }),
  ev('note.tagged', { id: B, tag: 'project' }),
  ev('note.tagged', { id: B, tag: 'travel' }),
  ev('note.tagged', { id: C, tag: 'travel/Japan' }),
  ev('tag.created', { tag: 'someday' }),
];

describe('Undo of organising', () => {
  it.each<[string, OrganisationEvent]>([
    ['a notebook made', { type: 'notebook.created', payload: { notebook: 'nb-home-0001', name: 'Home', parent: null } }],
    ['a notebook renamed', { type: 'notebook.renamed', payload: { notebook: OLD, name: 'Archive' } }],
    ['a notebook moved to the top', { type: 'notebook.moved', payload: { notebook: PROJ, parent: null } }],
    ['a notebook with notes and a sub-notebook deleted', { type: 'notebook.deleted', payload: { notebook: OLD } }],
    ['a note filed', { type: 'note.filed', payload: { id: C, notebook: WORK } }],
    ['a note taken out of its notebook', { type: 'note.filed', payload: { id: A, notebook: null } }],
    ['a note tagged with a tag it did not have', { type: 'note.tagged', payload: { id: C, tag: 'project' } }],
    ['a note tagged with a new nested tag', { type: 'note.tagged', payload: { id: C, tag: 'project/beta/x' } }],
    ['a tag taken off a note', { type: 'note.untagged', payload: { id: A, tag: 'project/alpha' } }],
    ['a tag made', { type: 'tag.created', payload: { tag: 'ideas/later' } }],
    ['a tag renamed with the tags under it', { type: 'tag.renamed', payload: { tag: 'project', to: 'Work' } }],
    ['a tag renamed under a new parent', { type: 'tag.renamed', payload: { tag: 'project', to: 'areas/work/Project' } }],
    ['a tag renamed in case only', { type: 'tag.renamed', payload: { tag: 'travel', to: 'TRAVEL' } }],
    ['a tag merged into another', { type: 'tag.renamed', payload: { tag: 'travel', to: 'project' } }],
    ['a tag with a nested tag merged into another', { type: 'tag.renamed', payload: { tag: 'project', to: 'travel' } }],
    ['a tag and the tags under it deleted', { type: 'tag.deleted', payload: { tag: 'project' } }],
    ['an empty tag deleted', { type: 'tag.deleted', payload: { tag: 'someday' } }],
  ])('gives back the notebooks, filing and tags as they were after %s', (_, event) => {
    const { before, after, undone } = roundTrip(library(), event);
    expect(organisation(after)).not.toEqual(organisation(before));
    expect(organisation(undone)).toEqual(organisation(before));
  });

  it('takes back a rename with one rename back, and a delete with the notebook made again under its id', () => {
    expect(roundTrip(library(), { type: 'tag.renamed', payload: { tag: 'project', to: 'Work' } }).inverse).toEqual([
      { type: 'tag.renamed', payload: { tag: 'Work', to: 'Project' } },
    ]);
    const { inverse } = roundTrip(library(), { type: 'notebook.deleted', payload: { notebook: OLD } });
    expect(inverse).toEqual([
      { type: 'notebook.created', payload: { notebook: OLD, name: 'Old', parent: WORK } },
      { type: 'notebook.moved', payload: { notebook: PROJ, parent: OLD } },
      { type: 'note.filed', payload: { id: A, notebook: OLD } },
    ]);
  });

  it('tags a deleted tag’s notes again, one event per note and tag', () => {
    const { inverse } = roundTrip(library(), { type: 'tag.deleted', payload: { tag: 'travel' } });
    expect(inverse).toEqual([
      { type: 'tag.created', payload: { tag: 'travel' } },
      { type: 'tag.created', payload: { tag: 'travel/Japan' } },
      { type: 'note.tagged', payload: { id: B, tag: 'travel' } },
      { type: 'note.tagged', payload: { id: C, tag: 'travel/Japan' } },
    ]);
  });

  it('has nothing to take back when the event changed nothing', () => {
    expect(roundTrip(library(), { type: 'note.filed', payload: { id: A, notebook: OLD } }).inverse).toEqual([]);
    expect(roundTrip(library(), { type: 'notebook.renamed', payload: { notebook: WORK, name: 'Work' } }).inverse).toEqual([]);
    expect(roundTrip(library(), { type: 'tag.renamed', payload: { tag: 'project', to: 'project/inner' } }).inverse).toEqual([]);
  });
});
