import type { ViewState } from '../../projections/notesState';

/** What the note list says when it has no row (docs/product.md "Sidebar", "Notebooks and tags"): by search, then by filter. */
export function emptyListText(view: ViewState): string {
  const { search, filter } = view;
  if (search) return 'No notes match your search.';
  const { notebook, tags, starred } = filter;
  if (notebook === null && tags.length === 0 && !starred) return 'No notes yet. Create one with “New Note”.';
  if (notebook !== null && tags.length === 0 && !starred) return 'No notes in this notebook yet.';
  if (notebook === null && tags.length > 0 && !starred)
    return tags.length === 1 ? 'No notes with this tag.' : 'No notes with all these tags.';
  if (notebook === null && tags.length === 0 && starred) return 'No starred notes.';
  return 'No notes match this filter.';
}
