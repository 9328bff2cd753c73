import { isTagWithin, sameName, tagKey, tagKeyAncestry, TAG_SEPARATOR, type AppEvent } from '../../../catalog';
import type { NotesDraft } from '../notesDraft';
import type { NotesState } from '../notesState';
import { targetNoteId } from '../noteIdentity';
import { liveNotebook, isWithinNotebook } from './notebooks';

/**
 * How notebook and tag events change the notes (docs/architecture.md "Notebooks and tags"). Every
 * rule depends on the order of the events only, so devices that changed the same things offline
 * converge on what the server's order gives, and replay gives it too:
 * - a notebook made twice under one parent and name (two devices, two imports) is one notebook: the
 *   later id becomes an alias of the first;
 * - a rename or move that would give two siblings one name, or put a notebook inside itself, is ignored;
 * - a deleted notebook's notes and sub-notebooks go to its parent (merging a sub-notebook into a
 *   sibling of the same name there); a note filed into it elsewhere lands in that parent too;
 * - tags are known by their lower-cased path, so one name made on two devices is one tag; a rename
 *   onto an existing tag merges the two; a rename racing a tagging keeps both, in order.
 */

/** The live sibling of `parent` named `name` (ignoring case), other than `except`, if any. */
function siblingNamed(notes: NotesState, parent: string | null, name: string, except?: string): string | undefined {
  for (const [id, notebook] of Object.entries(notes.notebooks)) {
    if (id !== except && notebook.parent === parent && sameName(notebook.name, name)) return id;
  }
  return undefined;
}

/** Move everything of notebook `from` into `into` (sub-notebooks merged by name), and retire `from` as its alias. */
function mergeNotebook(draft: NotesDraft, from: string, into: string): void {
  reparentChildren(draft, from, into);
  refileNotes(draft, from, into);
  delete draft.write('notebooks')[from];
  draft.write('notebookAliases')[from] = into;
}

/** Give `from`'s sub-notebooks the parent `to` (null: top level), merging each into a sibling of its name there. */
function reparentChildren(draft: NotesDraft, from: string, to: string | null): void {
  for (const [child, notebook] of Object.entries(draft.state.notebooks)) {
    if (notebook.parent !== from) continue;
    const twin = siblingNamed(draft.state, to, notebook.name, child);
    if (twin !== undefined) mergeNotebook(draft, child, twin);
    else draft.write('notebooks')[child] = { ...notebook, parent: to };
  }
}

/** File every note of notebook `from` in `to` (null: in none). */
function refileNotes(draft: NotesDraft, from: string, to: string | null): void {
  for (const [note, notebook] of Object.entries(draft.state.filed)) {
    if (notebook !== from) continue;
    if (to === null) delete draft.write('filed')[note];
    else draft.write('filed')[note] = to;
  }
}

/** Register tag `path` and every tag above it (the first writing of each name stays its name). */
function addTag(draft: NotesDraft, path: string): string {
  const levels = path.split(TAG_SEPARATOR);
  const keys = tagKeyAncestry(tagKey(path));
  keys.forEach((key, i) => {
    if (draft.state.tags[key] === undefined) draft.write('tags')[key] = levels.slice(0, i + 1).join(TAG_SEPARATOR);
  });
  return keys[keys.length - 1];
}

/** Set note `id`'s tag keys (sorted, unique); none removes its entry. */
function setNoteTags(draft: NotesDraft, id: string, keys: readonly string[]): void {
  if (keys.length === 0) delete draft.write('tagged')[id];
  else draft.write('tagged')[id] = [...new Set(keys)].sort();
}

/** Tag note `id` with `paths` (already normal), registering the tags. */
export function tagNote(draft: NotesDraft, id: string, paths: readonly string[]): void {
  const keys = paths.map((path) => addTag(draft, path));
  const current = draft.state.tagged[id] ?? [];
  if (keys.every((key) => current.includes(key))) return;
  setNoteTags(draft, id, [...current, ...keys]);
}

/** File note `id` in notebook `notebook` (resolved to a live one; none or unknown: no notebook). */
export function fileNote(draft: NotesDraft, id: string, notebook: string | null | undefined): void {
  const target = notebook == null ? null : liveNotebook(draft.state, notebook);
  if (target === null) {
    if (draft.state.filed[id] !== undefined) delete draft.write('filed')[id];
  } else if (draft.state.filed[id] !== target) draft.write('filed')[id] = target;
}

/** The folds of the organisation events, by type (spread into the notes fold's map). */
export const ORGANISATION_FOLDS = {
  'note.filed': (draft: NotesDraft, { payload }: AppEvent<'note.filed'>) => {
    const id = targetNoteId(draft.state, payload);
    if (draft.state.meta[id]) fileNote(draft, id, payload.notebook);
  },
  'note.tagged': (draft: NotesDraft, { payload }: AppEvent<'note.tagged'>) => {
    const id = targetNoteId(draft.state, payload);
    if (draft.state.meta[id]) tagNote(draft, id, [payload.tag]);
  },
  'note.untagged': (draft: NotesDraft, { payload }: AppEvent<'note.untagged'>) => {
    const id = targetNoteId(draft.state, payload);
    const key = tagKey(payload.tag);
    const current = draft.state.tagged[id];
    if (current?.includes(key))
      setNoteTags(
        draft,
        id,
        current.filter((k) => k !== key),
      );
  },
  'notebook.created': (draft: NotesDraft, { payload: { notebook, name, parent } }: AppEvent<'notebook.created'>) => {
    const notes = draft.state;
    if (notes.notebooks[notebook] || notes.notebookAliases[notebook] !== undefined) return;
    const under = parent === null ? null : liveNotebook(notes, parent);
    const twin = siblingNamed(notes, under, name);
    if (twin !== undefined) {
      draft.write('notebookAliases')[notebook] = twin;
      return;
    }
    // Made again after a delete (its Undo): the same notebook comes back.
    if (notes.goneNotebooks[notebook] !== undefined) delete draft.write('goneNotebooks')[notebook];
    draft.write('notebooks')[notebook] = { name, parent: under };
  },
  'notebook.renamed': (draft: NotesDraft, { payload: { notebook, name } }: AppEvent<'notebook.renamed'>) => {
    const id = liveNotebook(draft.state, notebook, false);
    if (id === null) return;
    const current = draft.state.notebooks[id];
    if (current.name === name || siblingNamed(draft.state, current.parent, name, id) !== undefined) return;
    draft.write('notebooks')[id] = { ...current, name };
  },
  'notebook.moved': (draft: NotesDraft, { payload: { notebook, parent } }: AppEvent<'notebook.moved'>) => {
    const notes = draft.state;
    const id = liveNotebook(notes, notebook, false);
    if (id === null) return;
    const under = parent === null ? null : liveNotebook(notes, parent);
    if (parent !== null && under === null) return; // its new parent is gone: stay
    if (under !== null && isWithinNotebook(notes, under, id)) return; // into itself: a cycle
    const current = notes.notebooks[id];
    if (current.parent === under || siblingNamed(notes, under, current.name, id) !== undefined) return;
    draft.write('notebooks')[id] = { ...current, parent: under };
  },
  'notebook.deleted': (draft: NotesDraft, { payload: { notebook } }: AppEvent<'notebook.deleted'>) => {
    const id = liveNotebook(draft.state, notebook, false);
    if (id === null) return;
    const { parent } = draft.state.notebooks[id];
    reparentChildren(draft, id, parent);
    refileNotes(draft, id, parent);
    delete draft.write('notebooks')[id];
    draft.write('goneNotebooks')[id] = parent;
  },
  'tag.created': (draft: NotesDraft, { payload: { tag } }: AppEvent<'tag.created'>) => {
    addTag(draft, tag);
  },
  'tag.renamed': (draft: NotesDraft, { payload: { tag, to } }: AppEvent<'tag.renamed'>) => {
    const from = tagKey(tag);
    const toKey = tagKey(to);
    const notes = draft.state;
    if (notes.tags[from] === undefined || (toKey !== from && isTagWithin(toKey, from))) return;
    const renamed = (key: string) => (isTagWithin(key, from) ? toKey + key.slice(from.length) : key);
    const fromLength = notes.tags[from].length;
    const moving = Object.keys(notes.tags).filter((key) => isTagWithin(key, from));
    const names = moving.map((key) => to + notes.tags[key].slice(fromLength));
    for (const key of moving) delete draft.write('tags')[key];
    addTag(draft, to);
    moving.forEach((key, i) => {
      const next = renamed(key);
      // A case-only rename names the same tag anew; onto another tag, that tag keeps its name.
      if (draft.state.tags[next] === undefined || next === key) draft.write('tags')[next] = names[i];
    });
    for (const [note, keys] of Object.entries(notes.tagged)) {
      if (keys.some((key) => isTagWithin(key, from))) setNoteTags(draft, note, keys.map(renamed));
    }
  },
  'tag.deleted': (draft: NotesDraft, { payload: { tag } }: AppEvent<'tag.deleted'>) => {
    const key = tagKey(tag);
    const notes = draft.state;
    if (notes.tags[key] === undefined) return;
    for (const known of Object.keys(notes.tags)) if (isTagWithin(known, key)) delete draft.write('tags')[known];
    for (const [note, keys] of Object.entries(notes.tagged)) {
      if (keys.some((k) => isTagWithin(k, key)))
        setNoteTags(
          draft,
          note,
          keys.filter((k) => !isTagWithin(k, key)),
        );
    }
  },
};

/** Drop note `id`'s notebook and tags (it was deleted). */
export function forgetOrganisation(draft: NotesDraft, id: string): void {
  if (draft.state.filed[id] !== undefined) delete draft.write('filed')[id];
  if (draft.state.tagged[id] !== undefined) delete draft.write('tagged')[id];
}

/** Give conflict copy `copy` the notebook and tags of note `id`. */
export function copyOrganisation(draft: NotesDraft, id: string, copy: string): void {
  const notebook = draft.state.filed[id];
  if (notebook !== undefined) draft.write('filed')[copy] = notebook;
  const tags = draft.state.tagged[id];
  if (tags !== undefined) draft.write('tagged')[copy] = tags;
}
