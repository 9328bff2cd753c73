/**
 * The sidebar's plain forms for tests (docs/product.md "Sidebar", "Search"): the body search the app's
 * search index must equal, and every row of a list at once.
 */
import { bodySearchText, type HtmlText } from '../../src/projections/searchText';
import type { BodySearch, SidebarRow, SidebarRows } from '../../src/projections/sidebar';
import type { NotesState } from '../../src/projections/notesState';

/** Body search by scanning each body's text: the answer the search index gives without the scan. */
export function scanBodySearch(notes: NotesState, htmlText: HtmlText): BodySearch {
  return (query) => (id) => bodySearchText(notes.bodies[id], htmlText).includes(query);
}

/** Every row of `rows`, in order. */
export function allRows(rows: SidebarRows): SidebarRow[] {
  return rows.ids.map((_, i) => rows.row(i));
}
