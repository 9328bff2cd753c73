import type { Observable } from 'rxjs';
import type { AppState, NotesState } from '../../projections/notesState';
import { SearchIndex } from '../../projections/searchIndex';
import { inBackground } from '../../lib/scheduler';
import type { BodySearch } from '../../projections/sidebar';

/** Longest slice of search indexing (ms): input arriving meanwhile waits no longer. */
const INDEX_SLICE_MS = 6;

/** Elements whose start and end separate words (`<p>a</p><p>b</p>` is two words). */
const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'IMG',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);
/** Elements whose text a reader never sees. */
const HIDDEN_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'TITLE', 'HEAD']);

let parser: DOMParser | null = null;

/**
 * The visible text of stored HTML (legacy and imported notes, which have no BlockNote document),
 * block elements separated by newlines. DOMParser does not run scripts or load images, so parsing
 * stored HTML here is safe.
 */
export function htmlSearchText(html: string): string {
  parser ??= new DOMParser();
  const out: string[] = [];
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === Node.TEXT_NODE) out.push((child as Text).data);
      else if (child.nodeType === Node.ELEMENT_NODE && !HIDDEN_TAGS.has((child as Element).tagName)) {
        const block = BLOCK_TAGS.has((child as Element).tagName);
        if (block) out.push('\n');
        walk(child);
        if (block) out.push('\n');
      }
    }
  };
  walk(parser.parseFromString(html, 'text/html').body);
  return out.join('');
}

/** The app's search index (one per page): the sidebar and the next/previous-note commands read it. */
export const searchIndex = new SearchIndex(htmlSearchText);

/** Body search over `notes` through the index (SPEC.md §5 "Search"), for `sidebarRows`. */
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
