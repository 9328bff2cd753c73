import type { Observable } from 'rxjs';
import { inBackgroundAfterInput } from '../../lib/scheduler';
import { LinkIndex, type HtmlNoteLinks } from '../../projections/noteLinks/linkIndex';
import { isNoteId } from '../../projections/noteLinks/noteLinkShape';
import type { AppState, NotesState } from '../../projections/notesState';
import type { LinkSearch } from '../../projections/sidebar';

/** Longest slice of link indexing (ms): input arriving meanwhile waits no longer. */
const INDEX_SLICE_MS = 6;

let parser: DOMParser | null = null;

/**
 * The note ids an HTML-only body links to (`<a data-note-id>`), read by the browser's DOMParser,
 * which runs no script and loads no image.
 * @internal Test seam: exported for the tests and the bench only.
 */
const htmlNoteLinks: HtmlNoteLinks = (html) => {
  parser ??= new DOMParser();
  const links = parser.parseFromString(html, 'text/html').querySelectorAll('a[data-note-id]');
  return Array.from(links, (a) => a.getAttribute('data-note-id')).filter(isNoteId);
};

/** The app's index of links between notes (one per page): "Linked from" and the search read it. */
const linkIndex = new LinkIndex(htmlNoteLinks);

/** The notes linking to `noteId` (docs/product.md "Links between notes"), brought up to date with `notes` first. */
export function linkedFrom(notes: NotesState, noteId: string): string[] {
  return linkIndex.linkedFrom(notes, noteId);
}

/** The search's join of title matches with links (docs/product.md "Search"), for `sidebarRows`. */
export function linkSearch(notes: NotesState): LinkSearch {
  return (targets) => linkIndex.linkingTo(notes, targets);
}

/**
 * Keep the link index up to date in background slices of INDEX_SLICE_MS, so "Linked from" and a
 * search find it ready: built once after start-up, then the saved body after each save, whichever
 * tab or device made it (all of them reach `state$`).
 */
export function keepLinkIndexFresh(state$: Observable<AppState>): void {
  let latest: NotesState | null = null;
  let scheduled = false;
  const step = () => {
    scheduled = false;
    if (latest && !linkIndex.update(latest, INDEX_SLICE_MS)) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    inBackgroundAfterInput(step);
  };
  state$.subscribe((state) => {
    if (state.notes === latest) return;
    latest = state.notes;
    schedule();
  });
}
