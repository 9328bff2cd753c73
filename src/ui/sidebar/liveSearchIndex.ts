import type { Observable } from 'rxjs';
import type { AppState, NotesState } from '../../projections/notesState';
import { SearchIndex } from '../../projections/searchIndex';
import { inBackground } from '../../lib/scheduler';
import type { BodySearch } from '../../projections/sidebar';
import { htmlText, type HtmlHandlers, type HtmlTokenizer } from '../../projections/noteText/html';

/** Longest slice of search indexing (ms): input arriving meanwhile waits no longer. */
const INDEX_SLICE_MS = 6;

let parser: DOMParser | null = null;

/** Report an element subtree's tags and text to `handlers` (template contents are not children: never read). */
function walkDom(node: Node, handlers: HtmlHandlers): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE) handlers.text((child as Text).data);
    else if (child.nodeType === Node.ELEMENT_NODE) {
      const element = child as Element;
      const tag = element.tagName.toLowerCase();
      handlers.open(tag, element.getAttribute('class') ?? '');
      walkDom(element, handlers);
      handlers.close(tag);
    }
  }
}

/**
 * An `HtmlTokenizer` on the browser's DOMParser, which the page already has (htmlparser2 would add to
 * the first load). DOMParser does not run scripts or load images, so parsing stored HTML here is safe.
 */
const domTokenizer: HtmlTokenizer = (html, handlers) => {
  parser ??= new DOMParser();
  walkDom(parser.parseFromString(html, 'text/html').body, handlers);
};

/**
 * The visible text of stored HTML (legacy and imported notes, which have no BlockNote document),
 * block elements separated by newlines: the note-text pipeline's HTML step read by DOMParser.
 * @internal Test seam: exported for the tests and the bench only.
 */
export function htmlSearchText(html: string): string {
  return htmlText(html, domTokenizer);
}

/** The app's search index (one per page): the sidebar and the next/previous-note commands read it. */
const searchIndex = new SearchIndex(htmlSearchText);

/** Body search over `notes` through the index (docs/product.md "Search"), for `sidebarRows`. */
export function bodySearch(notes: NotesState): BodySearch {
  return (query) => searchIndex.bodyMatcher(notes, query);
}

/**
 * Keep the search index up to date in background slices of INDEX_SLICE_MS, so a query finds it
 * ready: built once after start-up (10,000 notes of 500 words take ~1.5 s of CPU, spread over
 * slices that input and rendering can interrupt), then the saved body after each save.
 */
export function keepSearchIndexFresh(state$: Observable<AppState>): void {
  let latest: NotesState | null = null;
  let scheduled = false;
  const step = () => {
    scheduled = false;
    if (latest && !searchIndex.update(latest, INDEX_SLICE_MS)) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    inBackground(step);
  };
  state$.subscribe((state) => {
    if (state.notes === latest) return;
    latest = state.notes;
    if (!searchIndex.isCurrent(latest)) schedule();
  });
}
