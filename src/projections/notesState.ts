import type { SidebarMode, SortMode, ThemePreference } from '../events/catalog';

/** One row of the `notes` localStorage list (SPEC.md §3): id = creation time in ms, modified = ISO time. */
export interface NoteIndexEntry {
  id: string;
  title: string;
  modified: string;
}

/** A note's body: `html` is what `note_{id}` holds; `blocks` the BlockNote document when the editor saved it. */
export interface NoteBody {
  html: string;
  blocks?: unknown[];
}

/**
 * The notes as the log says they are (SPEC.md §3).
 * `order` is the manual order; `meta` and `bodies` are keyed by note id, so the common events
 * (a body saved, a rename) touch one key instead of scanning the list.
 */
export interface NotesState {
  order: string[];
  meta: Record<string, { title: string; modified: string }>;
  bodies: Record<string, NoteBody>;
  /** linkedNotes: starred ids in the order they were starred. */
  starred: string[];
  /** Ids the log has deleted, so a stale legacy copy cannot bring them back. */
  deleted: Record<string, true>;
}

/** One tab's view (SPEC.md §2, §4): restored from the log at start, applied live only in the tab that made it. */
export interface ViewState {
  selectedId: string | null;
  sort: SortMode;
  search: string;
  sidebar: SidebarMode;
  analyticsOpen: boolean;
  /** Shared by every tab (its event is not a per-tab view event). */
  theme: ThemePreference;
}

/** The whole projection: what the UI renders and what the storage writer mirrors. `seq` is the last folded event. */
export interface AppState {
  notes: NotesState;
  view: ViewState;
  seq: number;
}

/** Title used for new notes and for empty titles (SPEC.md §3). */
export const DEFAULT_NOTE_TITLE = 'Untitled Note';

export const EMPTY_NOTES: NotesState = { order: [], meta: {}, bodies: {}, starred: [], deleted: {} };
export const INITIAL_VIEW: ViewState = {
  selectedId: null,
  sort: 'current',
  search: '',
  sidebar: 'expanded',
  analyticsOpen: false,
  theme: 'system',
};
export const INITIAL_STATE: AppState = { notes: EMPTY_NOTES, view: INITIAL_VIEW, seq: 0 };

/** The note index in manual order, as the `notes` key lists it. */
export function noteIndex(notes: NotesState): NoteIndexEntry[] {
  return notes.order.map((id) => ({ id, title: notes.meta[id].title, modified: notes.meta[id].modified }));
}
