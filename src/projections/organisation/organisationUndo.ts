import { isTagWithin, tagKey, tagKeyAncestry, type EventPayloads } from '../../../catalog';
import type { NotesState } from '../notesState';
import { liveNotebook } from './notebooks';

/** The event types a person's organising appends, one at a time, and their Undo appends in return. */
type OrganisationType =
  | 'note.filed'
  | 'note.tagged'
  | 'note.untagged'
  | 'notebook.created'
  | 'notebook.renamed'
  | 'notebook.moved'
  | 'notebook.deleted'
  | 'tag.created'
  | 'tag.renamed'
  | 'tag.deleted';

/** One organisation event to append: its type and payload (the log builds the envelope). */
export type OrganisationEvent = { [K in OrganisationType]: { type: K; payload: EventPayloads[K] } }[OrganisationType];

/** The keys of `after`'s tags that `before` lacked and whose parent `before` had (or that are top level): deleting these removes every new one. */
function topNewTags(before: NotesState, after: NotesState): string[] {
  const fresh = Object.keys(after.tags).filter((key) => before.tags[key] === undefined);
  return fresh.filter(
    (key) =>
      !tagKeyAncestry(key)
        .slice(0, -1)
        .some((above) => before.tags[above] === undefined),
  );
}

const deleteTags = (keys: readonly string[], after: NotesState): OrganisationEvent[] =>
  keys.map((key) => ({ type: 'tag.deleted', payload: { tag: after.tags[key] } }));

/** `before`'s tags within `from` (a key), parents first, so making them again gives each its name as written. */
const tagsWithin = (before: NotesState, from: string) =>
  Object.keys(before.tags)
    .filter((key) => isTagWithin(key, from))
    .sort((a, b) => a.split('/').length - b.split('/').length);

/** Every note's tagging with the tags of `keys` as `before` had them. */
function retag(before: NotesState, keys: readonly string[]): OrganisationEvent[] {
  const wanted = new Set(keys);
  const out: OrganisationEvent[] = [];
  for (const [id, tags] of Object.entries(before.tagged))
    for (const key of tags) if (wanted.has(key)) out.push({ type: 'note.tagged', payload: { id, tag: before.tags[key] } });
  return out;
}

/** Undo of a rename that merged tag `from` into an existing tag: each note gets its old tags back and loses the merged ones it did not have. */
function unmergeTags(before: NotesState, after: NotesState, from: string, to: string): OrganisationEvent[] {
  const keys = tagsWithin(before, from);
  const renamed = (key: string) => tagKey(to) + key.slice(from.length);
  const out: OrganisationEvent[] = keys.map((key) => ({ type: 'tag.created', payload: { tag: before.tags[key] } }));
  out.push(...retag(before, keys));
  for (const [id, tags] of Object.entries(before.tagged))
    for (const key of tags) {
      if (!isTagWithin(key, from)) continue;
      const merged = renamed(key);
      if (!tags.includes(merged) && after.tags[merged] !== undefined)
        out.push({ type: 'note.untagged', payload: { id, tag: after.tags[merged] } });
    }
  return [...out, ...deleteTags(topNewTags(before, after), after)];
}

/**
 * The events that take back organisation event `event` (docs/product.md "Notebooks and tags",
 * *Undo*), given the notes before it and after it: a rename back, a move back, a deleted notebook
 * made again under its id with its notes and sub-notebooks filed back (one that merged into a
 * sibling of its name stays merged), a deleted tag's notes tagged again, a merge of two tags undone
 * note by note, and tags the event made deleted. Empty when the event changed nothing. Pure.
 */
export function inverseEvents(before: NotesState, after: NotesState, event: OrganisationEvent): OrganisationEvent[] {
  switch (event.type) {
    case 'note.filed': {
      const was = before.filed[event.payload.id] ?? null;
      return was === (after.filed[event.payload.id] ?? null)
        ? []
        : [{ type: 'note.filed', payload: { id: event.payload.id, notebook: was } }];
    }
    case 'note.tagged': {
      const { id, tag } = event.payload;
      const had = before.tagged[id]?.includes(tagKey(tag)) ?? false;
      const fresh = topNewTags(before, after);
      // A tag the tagging made is deleted with it; one that was there before is only taken off the note.
      if (fresh.length) return deleteTags(fresh, after);
      return had ? [] : [{ type: 'note.untagged', payload: { id, tag } }];
    }
    case 'note.untagged': {
      const { id, tag } = event.payload;
      const key = tagKey(tag);
      return before.tagged[id]?.includes(key) ? [{ type: 'note.tagged', payload: { id, tag: before.tags[key] } }] : [];
    }
    case 'notebook.created': {
      const { notebook } = event.payload;
      return after.notebooks[notebook] && !before.notebooks[notebook] ? [{ type: 'notebook.deleted', payload: { notebook } }] : [];
    }
    case 'notebook.renamed': {
      const id = liveNotebook(before, event.payload.notebook, false);
      const was = id === null ? undefined : before.notebooks[id];
      return id !== null && was && after.notebooks[id]?.name !== was.name
        ? [{ type: 'notebook.renamed', payload: { notebook: id, name: was.name } }]
        : [];
    }
    case 'notebook.moved': {
      const id = liveNotebook(before, event.payload.notebook, false);
      const was = id === null ? undefined : before.notebooks[id];
      return id !== null && was && after.notebooks[id]?.parent !== was.parent
        ? [{ type: 'notebook.moved', payload: { notebook: id, parent: was.parent } }]
        : [];
    }
    case 'notebook.deleted': {
      const id = liveNotebook(before, event.payload.notebook, false);
      if (id === null || after.notebooks[id]) return [];
      const { name, parent } = before.notebooks[id];
      const out: OrganisationEvent[] = [{ type: 'notebook.created', payload: { notebook: id, name, parent } }];
      for (const [child, notebook] of Object.entries(before.notebooks))
        if (notebook.parent === id && after.notebooks[child])
          out.push({ type: 'notebook.moved', payload: { notebook: child, parent: id } });
      for (const [note, notebook] of Object.entries(before.filed))
        if (notebook === id && after.meta[note]) out.push({ type: 'note.filed', payload: { id: note, notebook: id } });
      return out;
    }
    case 'tag.created':
      return deleteTags(topNewTags(before, after), after);
    case 'tag.renamed': {
      const from = tagKey(event.payload.tag);
      const { to } = event.payload;
      if (before.tags[from] === undefined || (after.tags[from] !== undefined && tagKey(to) !== from)) return [];
      const keys = tagsWithin(before, from);
      const merged = keys.some((key) => {
        const next = tagKey(to) + key.slice(from.length);
        return next !== key && before.tags[next] !== undefined && !isTagWithin(next, from);
      });
      if (merged) return unmergeTags(before, after, from, to);
      const back: OrganisationEvent = { type: 'tag.renamed', payload: { tag: to, to: before.tags[from] } };
      // Tags made above the new name (renaming `a` to `x/y` makes `x`) are empty after the rename back.
      const above = tagKeyAncestry(tagKey(to)).slice(0, -1);
      const madeAbove = above.find((key) => before.tags[key] === undefined);
      return madeAbove === undefined ? [back] : [back, ...deleteTags([madeAbove], after)];
    }
    case 'tag.deleted': {
      const key = tagKey(event.payload.tag);
      if (before.tags[key] === undefined) return [];
      const keys = tagsWithin(before, key);
      return [...keys.map((k): OrganisationEvent => ({ type: 'tag.created', payload: { tag: before.tags[k] } })), ...retag(before, keys)];
    }
  }
}
