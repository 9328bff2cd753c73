import type { KdfParams, SidebarMode, SortMode, ThemePreference } from '../../catalog';

/** One row of the `notes` localStorage list (docs/product.md "Entities and storage keys"): id = creation time in ms, modified = ISO time. */
export interface NoteIndexEntry {
  id: string;
  title: string;
  modified: string;
}

/**
 * A note's body: `html` is what `note_{id}` holds; the BlockNote document when the editor saved it,
 * as `blocks`, or as `blocksJson` (its JSON) when the body was read from a snapshot. Read the
 * document with `bodyBlocks`, which covers both.
 */
export interface NoteBody {
  html: string;
  blocks?: unknown[];
  blocksJson?: string;
}

/** Documents parsed from `blocksJson`, by body: bodies are never mutated, so each parses once. */
const parsedBlocks = new WeakMap<NoteBody, unknown[] | undefined>();

/**
 * The BlockNote document of `body`, or undefined when it has none (legacy and imported notes, an
 * unreadable `blocksJson`). A snapshot keeps documents as JSON (src/events/storedSnapshot.ts): they
 * are parsed here, the first time something reads them.
 */
export function bodyBlocks(body: NoteBody | undefined): unknown[] | undefined {
  if (!body) return undefined;
  if (Array.isArray(body.blocks)) return body.blocks;
  if (typeof body.blocksJson !== 'string') return undefined;
  if (!parsedBlocks.has(body)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.blocksJson);
    } catch {
      parsed = undefined;
    }
    parsedBlocks.set(body, Array.isArray(parsed) ? parsed : undefined);
  }
  return parsedBlocks.get(body);
}

/**
 * Which revision a note's body is at (docs/architecture.md "Conflicts"): the id of the event that
 * set it, whether that event made the note (`origin`: created, imported, or kept as a copy), the
 * device that made it, and, for a conflict copy, the note it was copied from.
 */
export interface NoteRevisionRef {
  id: string;
  origin: boolean;
  device?: string;
  copyOf?: string;
}

/**
 * The notes as the log says they are (docs/product.md "Entities and storage keys").
 * `order` is the manual order; `meta` and `bodies` are keyed by note id, so the common events
 * (a body saved, a rename) touch one key instead of scanning the list.
 */
export interface NotesState {
  order: string[];
  meta: Record<string, { title: string; modified: string }>;
  bodies: Record<string, NoteBody>;
  /** linkedNotes: starred ids in the order they were starred. */
  starred: string[];
  /**
   * Notes the log has deleted, with their last title: a stale legacy copy cannot bring them back,
   * and an edit made elsewhere before the delete was seen brings the note back with it.
   */
  deleted: Record<string, { title: string }>;
  /** The revision each note (deleted ones too) is at, for conflict detection. */
  revs: Record<string, NoteRevisionRef>;
  /** Device names by device id (`device.named`), for history and conflict copies. */
  devices: Record<string, string>;
  /** The account's shared links by share id, ended ones too (docs/product.md "Share a note"; src/projections/sharedLinks.ts). */
  shares: Record<string, ShareState>;
}

/**
 * A link to a note (docs/sync.md "Shared links"): its note, when it was made, and while it is live
 * its options and keys (`linkKey` is the key in the link, `contentKey` seals the copy, `wrap` is the
 * content key as the host keeps it, `kdf` the password's parameters or null). An ended link (stopped,
 * or its note deleted) keeps only `endedAt`: its devices delete the host's copy, and no key is kept.
 */
export type ShareState =
  | {
      note: string;
      createdAt: string;
      follows: boolean;
      expiresAt: string | null;
      linkKey: string;
      contentKey: string;
      wrap: string;
      kdf: KdfParams | null;
      endedAt?: undefined;
    }
  | { note: string; createdAt: string; endedAt: string };

/** One tab's view (docs/product.md "Sidebar", "States and transitions"): restored from the log at start, applied live only in the tab that made it. */
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

/** Title used for new notes and for empty titles (docs/product.md "Entities and storage keys"). */
export const DEFAULT_NOTE_TITLE = 'Untitled Note';

export const EMPTY_NOTES: NotesState = { order: [], meta: {}, bodies: {}, starred: [], deleted: {}, revs: {}, devices: {}, shares: {} };

/**
 * `notes` with every part this build folds: a checkpoint or a log file of an older build lacks the
 * parts added since (the shared links of schema version 4), which start empty.
 */
export function withEveryPart(notes: NotesState): NotesState {
  return (Object.keys(EMPTY_NOTES) as (keyof NotesState)[]).every((key) => key in notes) ? notes : { ...EMPTY_NOTES, ...notes };
}
/** @internal Test seam: exported for the tests and the bench only. */
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
