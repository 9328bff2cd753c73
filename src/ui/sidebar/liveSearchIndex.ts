import type { Observable } from 'rxjs';
import type { AppState, NoteBody, NotesState } from '../../projections/notesState';
import { SearchIndex } from '../../projections/searchIndex';
import { inBackground, inBackgroundAfterInput } from '../../lib/scheduler';
import type { BodySearch } from '../../projections/sidebar';
import { htmlText, type HtmlHandlers, type HtmlTokenizer } from '../../projections/noteText/html';
import type { StoredSearchIndex } from '../../projections/storedSearchIndex';
import { readCache, writeCache } from '../storage/derivedCache';

/** Longest slice of search indexing (ms): input arriving meanwhile waits no longer. */
const INDEX_SLICE_MS = 6;
/** Quiet time after the index's last change before it is stored (ms): a burst of saves stores once. */
const STORE_DELAY_MS = 3000;

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
 * Each tokenizer makes its parser on first use.
 */
function domTokenizer(): HtmlTokenizer {
  let parser: DOMParser | null = null;
  return (html, handlers) => {
    parser ??= new DOMParser();
    walkDom(parser.parseFromString(html, 'text/html').body, handlers);
  };
}

/**
 * The visible text of stored HTML (legacy and imported notes, which have no BlockNote document),
 * block elements separated by newlines: the note-text pipeline's HTML step read by DOMParser.
 * @internal Test seam: the tests read stored HTML through the app's DOM tokenizer with it.
 */
export function htmlSearchText(html: string): string {
  return htmlText(html, domTokenizer());
}

/** Body search while the stored index is read: no body matches. */
const NO_BODY_MATCHES: BodySearch = () => () => false;

/**
 * The log's live search index (docs/architecture.md "Search index"): made once per log at start-up
 * (`createLogServices`); the sidebar and the next/previous-note commands search through it.
 */
export interface LiveSearchIndex {
  /**
   * Body search over `notes` through the index (docs/product.md "Search"), for `sidebarRows`.
   * While the stored index is waiting to be read or being read (until a few ms after the first
   * screen) it matches no body, so a query then shows its title matches at once and its body
   * matches when the read ends (`subscribeStoredLoad`), instead of building the whole index from
   * scratch in its way; a query then starts a read still waiting (`loadStored`).
   */
  bodySearch(notes: NotesState): BodySearch;
  /** Whether the stored index is waiting to be read or being read (body search matches nothing meanwhile). */
  isStoredLoading(): boolean;
  /**
   * Counts the texts read for phrase queries (bodies holding no HTML, docs/architecture.md "Documents by
   * reference"): a change means a query asked again may find more. `subscribeStoredLoad` hears it too.
   */
  textsRead(): number;
  /**
   * Call `listener` when the read of the stored index ends (body search then answers); returns the
   * unsubscribe function. For useSyncExternalStore with `isStoredLoading`.
   */
  subscribeStoredLoad(listener: () => void): () => void;
  /**
   * Take in the index an earlier page stored (docs/architecture.md "Search index"), so the first
   * query after a start reads only the notes changed since. Called at start; the read itself waits
   * for `after` (idle time after the first screen), or for the first query asking `bodySearch` for body
   * matches, whichever comes first; body search matches nothing until it ends, so no query builds
   * the whole index meanwhile. Takes in nothing when none is stored; a second call returns the
   * first read. Never rejects.
   */
  loadStored(after?: Promise<void>): Promise<void>;
  /**
   * Keep the index up to date in background slices of INDEX_SLICE_MS, so a query finds it ready:
   * built once after start-up (or brought up to date from the stored one), then the saved body
   * after each save, whichever tab or device made it (all of them reach `state$`). Once complete
   * and STORE_DELAY_MS after its last change, it is stored for the next start.
   */
  keepFresh(state$: Observable<AppState>): void;
}

/** Bodies whose HTML a background slice reads from their records at a time (`readHtml`). */
const HTML_READ_SLICE = 200;

/**
 * Reads the HTML of bodies that hold none (EventLog.readHtml, docs/architecture.md "Documents by
 * reference"); @throws DocumentGone when a record is gone (the log folds again).
 */
export type ReadHtml = (bodies: readonly NoteBody[]) => Promise<ReadonlyMap<NoteBody, string>>;

/**
 * A live search index with nothing indexed and nothing read yet: see `LiveSearchIndex`. `readHtml`
 * reads what bodies holding no HTML say, for the background slices.
 */
export function createLiveSearchIndex(readHtml: ReadHtml): LiveSearchIndex {
  const tokenizer = domTokenizer();
  const searchIndex = new SearchIndex((html) => htmlText(html, tokenizer));
  let storedLoading = false;
  const loadListeners = new Set<() => void>();
  let textsRead = 0;
  let readingTexts = false;
  // A phrase query met bodies holding no HTML: read them (a slice), keep their texts, and tell the list.
  const readWantedTexts = () => {
    if (readingTexts) return;
    const wanted = searchIndex.textsWanted(HTML_READ_SLICE);
    if (wanted.length === 0) return;
    readingTexts = true;
    readHtml(wanted)
      .then((read) => {
        searchIndex.supplyTexts(read);
        textsRead += 1;
        for (const listener of loadListeners) listener();
      })
      .catch((error: unknown) => console.warn('NotePad: notes could not be read for a search; it tries again on the next query', error))
      .finally(() => (readingTexts = false));
  };
  /** The read of the stored index, once asked for: background indexing starts after it, not against it. */
  let storedLoad: Promise<void> | null = null;
  /** The index's version (SearchIndex.version) the stored copy holds; -1: none of this page's. */
  let versionStored = -1;

  /** Starts the stored index's read now, whatever `after` it waits for: a query asked for body matches. */
  let readStoredNow = () => {};
  const loadStored = (after: Promise<void> = Promise.resolve()): Promise<void> => {
    if (storedLoad) return storedLoad;
    storedLoading = true;
    const asked = new Promise<void>((resolve) => (readStoredNow = resolve));
    storedLoad = Promise.race([after, asked])
      .then(() => readCache<StoredSearchIndex>('search-index'))
      .then((stored) => {
        // What was read is what is stored: no need to write it again until the index changes.
        if (stored && searchIndex.loadStored(stored)) versionStored = searchIndex.version;
      })
      .catch((error: unknown) => console.warn('NotePad: the stored search index could not be taken in; it is built again', error))
      .finally(() => {
        storedLoading = false;
        for (const listener of loadListeners) listener();
      });
    return storedLoad;
  };

  const keepFresh = (state$: Observable<AppState>): void => {
    let latest: NotesState | null = null;
    let scheduled = false;
    let storeTimer: ReturnType<typeof setTimeout> | null = null;
    const store = () => {
      storeTimer = null;
      inBackground(() => {
        const version = searchIndex.version;
        const stored = version === versionStored ? null : searchIndex.toStored();
        if (!stored) return;
        versionStored = version;
        writeCache('search-index', stored).catch((error: unknown) => {
          versionStored = -1;
          console.warn('NotePad: the search index could not be stored; the next start builds it again', error);
        });
      });
    };
    /** HTML read for the bodies that hold none, until the slices have indexed them (none kept after). */
    let htmlRead: ReadonlyMap<NoteBody, string> = new Map();
    let reading = false;
    const readSlice = (notes: NotesState) => {
      reading = true;
      readHtml(searchIndex.lackingHtml(notes, HTML_READ_SLICE)).then(
        (read) => {
          reading = false;
          htmlRead = read;
          schedule();
        },
        (error: unknown) => {
          // A record gone makes the log fold again: the state it publishes then schedules the next try.
          reading = false;
          console.warn('NotePad: notes could not be read for the search index; it tries again on the next change', error);
        },
      );
    };
    const step = () => {
      scheduled = false;
      if (!latest || reading) return;
      // Bodies whose documents start-up left unread (docs/architecture.md "Snapshots") are read from their HTML;
      // those holding none, from what `readHtml` read of their records, a slice at a time.
      if (htmlRead.size === 0 && searchIndex.lackingHtml(latest, 1).length) return readSlice(latest);
      if (!searchIndex.update(latest, { budgetMs: INDEX_SLICE_MS, readUnread: true, htmlRead })) {
        const lacking = new Set(searchIndex.lackingHtml(latest, Infinity));
        htmlRead = new Map([...htmlRead].filter(([body]) => lacking.has(body)));
        schedule();
      } else if (searchIndex.version !== versionStored) {
        htmlRead = new Map();
        if (storeTimer) clearTimeout(storeTimer);
        storeTimer = setTimeout(store, STORE_DELAY_MS);
      }
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      inBackgroundAfterInput(step);
    };
    void (storedLoad ?? Promise.resolve()).then(() =>
      state$.subscribe((state) => {
        if (state.notes === latest) return;
        latest = state.notes;
        schedule();
      }),
    );
  };

  return {
    // A body whose document is unread (docs/architecture.md "Snapshots") is answered by the stored index's
    // entry of its revision, or once the background slices have read its HTML (SearchIndex.update).
    bodySearch: (notes) =>
      storedLoading
        ? (query) => {
            // Asked before the first screen let the read start: it starts now, and the body matches follow it.
            readStoredNow();
            return NO_BODY_MATCHES(query);
          }
        : (query) => {
            // A task later, once the rows are made: the texts they needed and lacked are read then.
            setTimeout(readWantedTexts, 0);
            return searchIndex.bodyMatcher(notes, query);
          },
    isStoredLoading: () => storedLoading,
    textsRead: () => textsRead,
    subscribeStoredLoad: (listener) => {
      loadListeners.add(listener);
      return () => loadListeners.delete(listener);
    },
    loadStored,
    keepFresh,
  };
}
