import { TAG_SEPARATOR } from '../../../catalog';
import type { NotesState } from '../notesState';

/** One suggested tag: its key and its path as first written. */
export interface TagSuggestion {
  key: string;
  path: string;
}

/** The tags sorted by path, with their keys (lower-cased paths) to match against, per tag list. */
const sortedTags = new WeakMap<NotesState['tags'], TagSuggestion[]>();
function tagList(notes: NotesState): TagSuggestion[] {
  let list = sortedTags.get(notes.tags);
  if (!list) {
    list = Object.entries(notes.tags)
      .map(([key, path]) => ({ key, path }))
      .sort((a, b) => a.key.localeCompare(b.key));
    sortedTags.set(notes.tags, list);
  }
  return list;
}

/**
 * The existing tags that match what a person typed in a note's tag field (docs/product.md "Notebooks
 * and tags"), ignoring case: those whose path starts with it first, then those with a level that
 * starts with it, then those that contain it, each group by path; tags of `exclude` (keys: the
 * note's own) are left out. At most `limit`. An empty `typed` suggests nothing.
 */
export function tagSuggestions(notes: NotesState, typed: string, exclude: readonly string[], limit = 8): TagSuggestion[] {
  const q = typed.trim().replace(/^#/, '').toLowerCase();
  if (q === '') return [];
  const skip = new Set(exclude);
  const groups: TagSuggestion[][] = [[], [], []];
  for (const tag of tagList(notes)) {
    if (skip.has(tag.key) || !tag.key.includes(q)) continue;
    groups[tag.key.startsWith(q) ? 0 : tag.key.includes(TAG_SEPARATOR + q) ? 1 : 2].push(tag);
  }
  return groups.flat().slice(0, limit);
}
