import type { SortMode } from '../../catalog';
import type { NotesState, ViewState } from './notesState';
import { filteredIds, isEmptyFilter } from './organisation/organisationIndex';

/**
 * A run of a title, marked when it matches the search (docs/product.md "Search").
 * @internal Test seam: used here; the tests type their cases with it.
 */
export interface TitlePart {
  text: string;
  match: boolean;
}

/** One sidebar row (docs/product.md "Sidebar"). `canMoveUp/Down` are false outside manual order. */
export interface SidebarRow {
  id: string;
  title: string;
  titleParts: TitlePart[];
  modified: string;
  starred: boolean;
  /** The note has a live shared link (docs/product.md "Share a note"). */
  shared: boolean;
  selected: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

/** Sort labels of docs/product.md "States and transitions", in selector order. */
export const SORT_LABELS: Record<SortMode, string> = {
  current: 'Manual Order',
  date: 'Sort by Last Modified',
  alpha: 'Sort by Title',
  starred: 'Sort by Starred',
};

/**
 * Split `title` into runs that do and do not match `query` (case-insensitive, every occurrence).
 * @internal Test seam: used here; the tests call it directly.
 */
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
 * (src/projections/searchIndex.ts); the tests hold it to a plain scan of each body's text.
 */
export type BodySearch = (query: string) => (id: string) => boolean;

/**
 * The search's join of titles with links (docs/product.md "Search"): given the notes whose title
 * matches the query, the notes that link to any of them. The app passes its link index
 * (src/projections/noteLinks/linkIndex.ts).
 */
export type LinkSearch = (targets: readonly string[]) => ReadonlySet<string>;

const lowerTitleCache = new WeakMap<NotesState['meta'], { order: readonly string[]; titles: string[] }>();
/** Lower-cased titles in manual order, per notes projection (recomputed only when titles or order change). */
export function lowerTitles(notes: NotesState): string[] {
  const cached = lowerTitleCache.get(notes.meta);
  if (cached && cached.order === notes.order) return cached.titles;
  const titles = notes.order.map((id) => notes.meta[id].title.toLowerCase());
  lowerTitleCache.set(notes.meta, { order: notes.order, titles });
  return titles;
}

/**
 * The sidebar's list for a view: the note ids in display order, and each row made on demand
 * (the list shows a few dozen of 10,000, so rows are not built for the rest). `row(i)` returns
 * the same object for the same index.
 */
export interface SidebarRows {
  readonly ids: readonly string[];
  row(index: number): SidebarRow;
}

/**
 * The sidebar rows for a view (docs/product.md "Sidebar", "Search", "States and transitions",
 * "Notebooks and tags"): the view's filter (notebook, tags, starred) picks the notes; search is
 * case-insensitive over the title, the body's text (`bodySearch`, normally the search index) and
 * the titles of the notes a note links to (`linkSearch`, joined at query time); the sort mode orders
 * the notes, and with a query the notes whose title matches come before those matching in their
 * text or links only. The notes of `shared` are marked as shared.
 */
export function sidebarRows(
  notes: NotesState,
  view: ViewState,
  bodySearch: BodySearch,
  linkSearch?: LinkSearch,
  shared: ReadonlySet<string> = new Set(),
): SidebarRows {
  const q = view.search.trim().toLowerCase();
  const starred = new Set(notes.starred);
  let ids: readonly string[] = notes.order;
  const inTitle = new Set<string>();
  if (q) {
    const inBody = bodySearch(q);
    const titles = lowerTitles(notes);
    notes.order.forEach((id, i) => titles[i].includes(q) && inTitle.add(id));
    const linking = linkSearch && inTitle.size ? linkSearch([...inTitle]) : null;
    ids = notes.order.filter((id) => inTitle.has(id) || inBody(id) || linking?.has(id));
  }
  ids = filteredIds(notes, ids, view.filter);
  if (view.sort === 'date') ids = [...ids].sort((a, b) => notes.meta[b].modified.localeCompare(notes.meta[a].modified));
  else if (view.sort === 'alpha') ids = [...ids].sort((a, b) => notes.meta[a].title.localeCompare(notes.meta[b].title));
  else if (view.sort === 'starred') ids = [...ids].sort((a, b) => Number(starred.has(b)) - Number(starred.has(a)));
  // Title matches first, then the notes matching in their text or links only, each in the sort's order.
  if (inTitle.size) ids = [...ids.filter((id) => inTitle.has(id)), ...ids.filter((id) => !inTitle.has(id))];
  const manual = view.sort === 'current';
  const made = new Map<number, SidebarRow>();
  return {
    ids,
    row(i) {
      let row = made.get(i);
      if (!row) {
        const id = ids[i];
        const { title, modified } = notes.meta[id];
        row = {
          id,
          title,
          titleParts: highlightParts(title, q),
          modified,
          starred: starred.has(id),
          shared: shared.has(id),
          selected: view.selectedId === id,
          canMoveUp: manual && !q && i > 0,
          canMoveDown: manual && !q && i < ids.length - 1,
        };
        made.set(i, row);
      }
      return row;
    },
  };
}

/**
 * The payload of `note.moved` for the row at `index` moving `direction` in `rows` (manual order): in
 * a filtered list its neighbour there is named as the partner it swaps places with, since the two
 * need not be neighbours in the whole list (docs/product.md "Notebooks and tags").
 */
export function movePayload(
  rows: SidebarRows,
  view: ViewState,
  index: number,
  direction: 'up' | 'down',
): { id: string; direction: 'up' | 'down'; with?: string } {
  const id = rows.ids[index];
  const partner = rows.ids[direction === 'up' ? index - 1 : index + 1];
  return isEmptyFilter(view.filter) || partner === undefined ? { id, direction } : { id, direction, with: partner };
}
