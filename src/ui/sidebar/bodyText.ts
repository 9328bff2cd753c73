import type { Observable } from 'rxjs';
import type { AppState, NotesState } from '../../projections/notesState';
import { SearchIndex } from '../../projections/searchIndex';
import type { BodySearch } from '../../projections/sidebar';

/** Idle-time slice for keeping the search index up to date (ms). */
const INDEX_SLICE_MS = 8;
/** Longest wait for an idle period before indexing anyway (ms). */
const INDEX_IDLE_TIMEOUT_MS = 2000;

/** Elements whose start and end separate words (`<p>a</p><p>b</p>` is two words). */
const BLOCK_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'CAPTION', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION',
  'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'IMG', 'LI', 'MAIN', 'NAV', 'OL', 'P',
  'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TBODY', 'TD', 'TFOOT', 'TH', 'THEAD', 'TR', 'UL',
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
 * Keep the search index up to date in idle time, so a query finds it ready: built once after
 * start-up (10,000 notes take a few hundred ms, in slices), then one body per save.
 */
export function keepSearchIndexFresh(state$: Observable<AppState>): void {
  let latest: NotesState | null = null;
  let scheduled = false;
  const step = (deadline?: IdleDeadline) => {
    scheduled = false;
    // At most INDEX_SLICE_MS even in a long idle period: input arriving meanwhile must not wait.
    const budget = deadline && !deadline.didTimeout ? Math.max(1, Math.min(deadline.timeRemaining() - 1, INDEX_SLICE_MS)) : INDEX_SLICE_MS;
    if (latest && !searchIndex.update(latest, budget)) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(step, { timeout: INDEX_IDLE_TIMEOUT_MS });
    else setTimeout(step, 0);
  };
  state$.subscribe((state) => {
    if (state.notes === latest) return;
    latest = state.notes;
    if (!searchIndex.isCurrent(latest)) schedule();
  });
}
