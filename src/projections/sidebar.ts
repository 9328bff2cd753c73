import type { SortMode } from '../events/catalog';
import type { NotesState, ViewState } from './notesState';
import { bodySearchText, type HtmlText } from './searchText';

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
 * Body search for one query: given the query (trimmed, lower-cased, non-empty), a predicate
 * telling whether a note's body text contains it. The app passes its SearchIndex
 * (src/projections/searchIndex.ts); `scanBodySearch` is the plain scan it must equal.
 */
export type BodySearch = (query: string) => (id: string) => boolean;

/** Body search by scanning each body's text (what the index answers without the scan; tests, small lists). */
export function scanBodySearch(notes: NotesState, htmlText: HtmlText): BodySearch {
  return (query) => (id) => bodySearchText(notes.bodies[id], htmlText).includes(query);
}

/** Lower-cased titles, per meta entry (an entry object is replaced when its note is renamed or saved). */
const lowerTitles = new WeakMap<NotesState['meta'][string], string>();
function lowerTitle(meta: NotesState['meta'][string]): string {
  let lower = lowerTitles.get(meta);
  if (lower === undefined) {
    lower = meta.title.toLowerCase();
    lowerTitles.set(meta, lower);
  }
  return lower;
}

/** The rows of the last call, by note id: an unchanged row keeps its object (fewer allocations, memoized rows skip rendering). */
let previousRows = new Map<string, SidebarRow>();
/** The search each row's title parts were made for. */
const rowQuery = new WeakMap<SidebarRow, string>();

/**
 * The sidebar rows for a view (SPEC.md §2, §4, §5): search is case-insensitive over the title
 * and the body's text (`bodySearch`, normally the search index), then the sort mode applies.
 * Pure in its result; a row equal to the last call's is returned as the same object.
 */
export function sidebarRows(notes: NotesState, view: ViewState, bodySearch: BodySearch): SidebarRow[] {
  const q = view.search.trim().toLowerCase();
  const starred = new Set(notes.starred);
  let ids = notes.order;
  if (q) {
    const inBody = bodySearch(q);
    ids = ids.filter((id) => lowerTitle(notes.meta[id]).includes(q) || inBody(id));
  }
  if (view.sort === 'date') ids = [...ids].sort((a, b) => notes.meta[b].modified.localeCompare(notes.meta[a].modified));
  else if (view.sort === 'alpha') ids = [...ids].sort((a, b) => notes.meta[a].title.localeCompare(notes.meta[b].title));
  else if (view.sort === 'starred') ids = [...ids].sort((a, b) => Number(starred.has(b)) - Number(starred.has(a)));
  const manual = view.sort === 'current';
  const reuse = previousRows;
  const next = new Map<string, SidebarRow>();
  const rows = ids.map((id, i) => {
    const meta = notes.meta[id];
    const { title, modified } = meta;
    const isStarred = starred.has(id);
    const selected = view.selectedId === id;
    const canMoveUp = manual && !q && i > 0;
    const canMoveDown = manual && !q && i < ids.length - 1;
    const old = reuse.get(id);
    // Title parts are the same for both searches when neither matches the title.
    const sameParts = old !== undefined && (rowQuery.get(old) === q || (title !== '' && old.titleParts.length === 1 && !old.titleParts[0].match && !(q && lowerTitle(meta).includes(q))));
    let row: SidebarRow;
    if (old && sameParts && old.title === title && old.modified === modified && old.starred === isStarred && old.selected === selected && old.canMoveUp === canMoveUp && old.canMoveDown === canMoveDown) {
      row = old;
    } else {
      row = { id, title, titleParts: highlightParts(title, q), modified, starred: isStarred, selected, canMoveUp, canMoveDown };
      rowQuery.set(row, q);
    }
    next.set(id, row);
    return row;
  });
  previousRows = next;
  return rows;
}
