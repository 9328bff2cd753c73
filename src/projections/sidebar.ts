import type { SortMode } from '../events/catalog';
import type { NotesState, ViewState } from './notesState';

/** A run of a title, marked when it matches the search (SPEC.md §2 "Search highlights"). */
export interface TitlePart {
  text: string;
  match: boolean;
}

/** One sidebar row (SPEC.md §2). `canMoveUp/Down` are false outside manual order. */
export interface SidebarRow {
  id: string;
  title: string;
  titleParts: TitlePart[];
  modified: string;
  starred: boolean;
  selected: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

/** Sort labels of SPEC.md §4, in selector order. */
export const SORT_LABELS: Record<SortMode, string> = {
  current: 'Manual Order',
  date: 'Sort by Last Modified',
  alpha: 'Sort by Title',
  starred: 'Sort by Starred',
};

/** Split `title` into runs that do and do not match `query` (case-insensitive, every occurrence). */
export function highlightParts(title: string, query: string): TitlePart[] {
  const q = query.trim().toLowerCase();
  if (!q) return [{ text: title, match: false }];
  const parts: TitlePart[] = [];
  const lower = title.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(q); at >= 0; at = lower.indexOf(q, at + q.length)) {
    if (at > from) parts.push({ text: title.slice(from, at), match: false });
    parts.push({ text: title.slice(at, at + q.length), match: true });
    from = at + q.length;
  }
  if (from < title.length) parts.push({ text: title.slice(from), match: false });
  return parts;
}

/**
 * The sidebar rows for a view (SPEC.md §2, §4, §5): search is case-insensitive over the title
 * and the body's text (`bodyText(id)` gives it lower-cased, so callers can cache), then the sort mode applies.
 */
export function sidebarRows(notes: NotesState, view: ViewState, bodyText: (id: string) => string): SidebarRow[] {
  const q = view.search.trim().toLowerCase();
  const starred = new Set(notes.starred);
  let ids = notes.order;
  if (q) ids = ids.filter((id) => notes.meta[id].title.toLowerCase().includes(q) || bodyText(id).includes(q));
  if (view.sort === 'date') ids = [...ids].sort((a, b) => notes.meta[b].modified.localeCompare(notes.meta[a].modified));
  else if (view.sort === 'alpha') ids = [...ids].sort((a, b) => notes.meta[a].title.localeCompare(notes.meta[b].title));
  else if (view.sort === 'starred') ids = [...ids].sort((a, b) => Number(starred.has(b)) - Number(starred.has(a)));
  const manual = view.sort === 'current';
  return ids.map((id, i) => ({
    id,
    title: notes.meta[id].title,
    titleParts: highlightParts(notes.meta[id].title, q),
    modified: notes.meta[id].modified,
    starred: starred.has(id),
    selected: view.selectedId === id,
    canMoveUp: manual && !q && i > 0,
    canMoveDown: manual && !q && i < ids.length - 1,
  }));
}
