import type { Observable } from 'rxjs';
import { inBackgroundAfterInput } from '../../lib/scheduler';
import { LinkIndex } from '../../projections/noteLinks/linkIndex';
import { domNoteLinks } from '../../projections/noteLinks/domNoteLinks';
import type { AppState, NotesState } from '../../projections/notesState';
import type { LinkSearch } from '../../projections/sidebar';

/** Longest slice of link indexing (ms): input arriving meanwhile waits no longer. */
const INDEX_SLICE_MS = 6;

/**
 * The log's live index of links between notes (docs/architecture.md "Links between notes"): made
 * once per log at start-up (`createLogServices`); "Linked from", the sidebar's search and the
 * next/previous-note commands read it.
 */
export interface LiveLinkIndex {
  /** The notes linking to `noteId` (docs/product.md "Links between notes"), brought up to date with `notes` first. */
  linkedFrom(notes: NotesState, noteId: string): string[];
  /** The search's join of title matches with links (docs/product.md "Search"), for `sidebarRows`: complete, reading what it must. */
  linkSearch(notes: NotesState): LinkSearch;
  /**
   * The same join for the list before the first build has ended (a search typed right after start-up),
   * which must not read every body in a keystroke: it answers from the notes read so far and, once a
   * query asks, schedules the build; `subscribeBuilt` tells when the list can take `linkSearch` instead.
   */
  linkSearchSoFar(notes: NotesState): LinkSearch;
  /**
   * Keep the index up to date in background slices of INDEX_SLICE_MS, so "Linked from" and a
   * search find it ready: built once after start-up, then the saved body after each save, whichever
   * tab or device made it (all of them reach `state$`).
   */
  keepFresh(state$: Observable<AppState>): void;
  /** True once the index has read every note of some state: from then on an answer reads only changed bodies. */
  isBuilt(): boolean;
  /** Call `listener` once the first build ends (the search's partial link matches are then complete); returns the unsubscribe. */
  subscribeBuilt(listener: () => void): () => void;
  /**
   * Resolves once `isBuilt()`, building the index from `notes` in background slices if nothing is
   * building it yet: the first screen's "Linked from" waits for it instead of reading every body
   * in the frame that opens the editor (docs/architecture.md "Start-up order").
   */
  whenBuilt(notes: NotesState): Promise<void>;
}

/** A live link index with nothing indexed yet: see `LiveLinkIndex`. */
export function createLiveLinkIndex(): LiveLinkIndex {
  const linkIndex = new LinkIndex(domNoteLinks());
  let built = false;
  let onBuilt: (() => void) | null = null;
  const builtOnce = new Promise<void>((resolve) => (onBuilt = resolve));
  const builtListeners = new Set<() => void>();
  const markBuilt = () => {
    if (built) return;
    built = true;
    onBuilt?.();
    onBuilt = null;
    for (const listener of builtListeners) listener();
  };
  // The notes the background slices bring the index up to; `keepFresh` follows the log's newest.
  let latest: NotesState | null = null;
  let scheduled = false;
  const step = () => {
    scheduled = false;
    if (!latest) return;
    if (linkIndex.update(latest, INDEX_SLICE_MS)) markBuilt();
    else schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    inBackgroundAfterInput(step);
  };

  const keepFresh = (state$: Observable<AppState>): void => {
    state$.subscribe((state) => {
      if (state.notes === latest) return;
      latest = state.notes;
      schedule();
    });
  };

  const answered = <T>(answer: T): T => {
    // A synchronous answer reads every body it must: the index is complete after it.
    markBuilt();
    return answer;
  };

  return {
    linkedFrom: (notes, noteId) => answered(linkIndex.linkedFrom(notes, noteId)),
    linkSearch: (notes) => (targets) => answered(linkIndex.linkingTo(notes, targets)),
    linkSearchSoFar: (notes) => (targets) => {
      // Scheduled by a query, not by the list's every render: the list renders before the log's bodies are
      // read, and slices then took the thread the start-up's reads needed (docs/architecture.md "Start-up order").
      if (!built) {
        latest ??= notes;
        schedule();
      }
      return linkIndex.linkingToAsRead(targets);
    },
    keepFresh,
    isBuilt: () => built,
    subscribeBuilt: (listener) => {
      builtListeners.add(listener);
      return () => void builtListeners.delete(listener);
    },
    whenBuilt: (notes) => {
      if (!built) {
        latest ??= notes;
        schedule();
      }
      return builtOnce;
    },
  };
}
