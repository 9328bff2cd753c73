/**
 * The notes projection's state, declared once (docs/architecture.md "Projections"): a valibot schema
 * whose TypeScript type is inferred from it, so the fold, snapshots, checkpoints and log files share
 * one definition, and every state that comes from outside the page (a snapshot, a decrypted
 * checkpoint, a log file) is parsed before anything folds onto it (`parseNotesState`).
 * Shared by the app and the sync server's tests; imports nothing of either.
 */
import * as v from 'valibot';
import { SIDEBAR_MODES, SORT_MODES, THEME_PREFERENCES } from './events';
import { NOTE_FILTER_SCHEMA } from './noteFilter';

const record = <S extends v.GenericSchema>(value: S) => v.record(v.string(), value);

/**
 * A document saved as changes (docs/architecture.md "Saves as changes"): the Yjs updates of its saves
 * (base64, v2) after its first state, which is written from `origin` (the blocks of the body the chain
 * started from, `originJson` as a snapshot keeps them) or, without one, held by the first update;
 * `parts`, each top-level block's HTML alone, in the order of the body's blocks; `stale`, top-level
 * blocks a merge changed whose HTML is the last save's until a device that shows the note saves them again.
 */
const NOTE_CHAIN = v.object({
  origin: v.optional(v.array(v.unknown())),
  originJson: v.optional(v.string()),
  updates: v.array(v.string()),
  parts: v.array(v.string()),
  stale: v.optional(v.array(v.string())),
});

/**
 * A note's body: `html` is what `note_{id}` holds; the BlockNote document when the editor saved it,
 * as `blocks`, or as `blocksJson` (its JSON) when the body was read from a snapshot; `chain` when its
 * saves are changes.
 */
const WHOLE_BODY = v.object({
  html: v.string(),
  blocks: v.optional(v.array(v.unknown())),
  blocksJson: v.optional(v.string()),
  chain: v.optional(NOTE_CHAIN),
  docKey: v.optional(v.undefined()),
});

/**
 * A body whose document is not read yet (docs/architecture.md "Snapshots", "Documents by
 * reference"): the key of its record in the `documents` store, no `blocks`, `blocksJson` nor
 * `chain`; its HTML only when the snapshot it came from kept the HTML beside the key (an older
 * form), else the record holds it too; `links`, the note ids its HTML links to, when the snapshot
 * kept them (the link index's start needs no HTML). `bodyBlocks`, `bodyChain` and `bodyHtml` throw
 * on it; the log reads it by note.
 */
const UNREAD_BODY = v.object({
  docKey: v.string(),
  html: v.optional(v.string()),
  links: v.optional(v.array(v.string())),
  blocks: v.optional(v.undefined()),
  blocksJson: v.optional(v.undefined()),
  chain: v.optional(v.undefined()),
});

/** A note's body: whole, or unread (held by the key of its document's record). */
const NOTE_BODY = v.union([WHOLE_BODY, UNREAD_BODY]);

/**
 * Which revision a note's body is at (docs/architecture.md "Conflicts"): the id of the event that
 * set it (or one derived from it: a merge), whether that event made the note (`origin`), the device
 * that made it, for a conflict copy the note it was copied from; for a body saved as changes, the
 * revision its chain began at (`chain`), and `partial` when it holds only the blocks changes brought
 * (docs/architecture.md "Saves as changes").
 */
const REVISION_REF = v.object({
  id: v.string(),
  origin: v.boolean(),
  device: v.optional(v.string()),
  copyOf: v.optional(v.string()),
  chain: v.optional(v.string()),
  partial: v.optional(v.boolean()),
});

/** A notebook (docs/product.md "Notebooks and tags"): its name and its parent notebook's id (null: top level). */
const NOTEBOOK = v.object({ name: v.string(), parent: v.nullable(v.string()) });

/** A link's password parameters (catalog/keys.ts KdfParams). */
const SHARE_KDF = v.object({
  alg: v.literal('argon2id'),
  memoryKiB: v.number(),
  iterations: v.number(),
  parallelism: v.number(),
  salt: v.string(),
});

/**
 * A link to a note (docs/sync.md "Shared links"): its note, when it was made, and while it is live
 * its options and keys (`linkKey` is the key in the link, `contentKey` seals the copy, `wrap` is the
 * content key as the host keeps it, `kdf` the password's parameters or null). An ended link (stopped,
 * or its note deleted) keeps only `endedAt`: its devices delete the host's copy, and no key is kept.
 */
const SHARE_STATE = v.union([
  v.object({
    note: v.string(),
    createdAt: v.string(),
    follows: v.boolean(),
    expiresAt: v.nullable(v.string()),
    linkKey: v.string(),
    contentKey: v.string(),
    wrap: v.string(),
    kdf: v.nullable(SHARE_KDF),
    endedAt: v.optional(v.undefined()),
  }),
  v.object({ note: v.string(), createdAt: v.string(), endedAt: v.string() }),
]);

/**
 * The notes as the log says they are (docs/product.md "Entities and storage keys", "Notebooks and
 * tags"). `order` is the manual order; the records are keyed by note id (or notebook id, tag key),
 * so the common events touch one key instead of scanning a list.
 */
export const NOTES_STATE_SCHEMA = v.object({
  order: v.array(v.string()),
  meta: record(v.object({ title: v.string(), modified: v.string() })),
  bodies: record(NOTE_BODY),
  /** linkedNotes: starred ids in the order they were starred. */
  starred: v.array(v.string()),
  /**
   * Notes the log has deleted, with their last title: a stale legacy copy cannot bring them back,
   * and an edit made elsewhere before the delete was seen brings the note back with it.
   */
  deleted: record(v.object({ title: v.string() })),
  /** The revision each note (deleted ones too) is at, for conflict detection. */
  revs: record(REVISION_REF),
  /** Device names by device id (`device.named`), for history and conflict copies. */
  devices: record(v.string()),
  /**
   * The event that made each note (live or deleted), where the state knows it: the app names it as
   * `ref` in the note's later events, so they find the note even when its id had to change.
   */
  origins: record(v.string()),
  /**
   * Notes whose id was taken when they were made (two devices, one millisecond): the making event's
   * id -> the next free id the fold gave the note (docs/architecture.md "Note identity").
   */
  remaps: record(v.string()),
  /** Live notebooks by id. */
  notebooks: record(NOTEBOOK),
  /** Deleted notebooks -> the parent they had, so a note filed into one elsewhere lands in its parent. */
  goneNotebooks: record(v.nullable(v.string())),
  /** Notebooks made twice under one parent and name (two devices): the later id -> the one kept. */
  notebookAliases: record(v.string()),
  /** The notebook of each note that is in one. */
  filed: record(v.string()),
  /** Every tag: its key (the lower-cased path) -> the path as first written (`project/Alpha`). */
  tags: record(v.string()),
  /** The tag keys of each note that has tags, sorted. */
  tagged: record(v.array(v.string())),
  /** The account's shared links by share id, ended ones too (docs/product.md "Share a note"). */
  shares: record(SHARE_STATE),
});

/** The notes projection's state (inferred from NOTES_STATE_SCHEMA). */
export type NotesState = v.InferOutput<typeof NOTES_STATE_SCHEMA>;
/** A note's body (see NOTE_BODY). */
export type NoteBody = v.InferOutput<typeof NOTE_BODY>;
/** A body whose document (and maybe HTML) is not read yet (see UNREAD_BODY). */
export type UnreadBody = v.InferOutput<typeof UNREAD_BODY>;
/** A body whose document is read (see WHOLE_BODY). */
export type WholeBody = v.InferOutput<typeof WHOLE_BODY>;
/** A document saved as changes (see NOTE_CHAIN). */
export type NoteChain = v.InferOutput<typeof NOTE_CHAIN>;
/** A note's revision (see REVISION_REF). */
export type NoteRevisionRef = v.InferOutput<typeof REVISION_REF>;
/** A shared link's state (see SHARE_STATE). */
export type ShareState = v.InferOutput<typeof SHARE_STATE>;

/** Every part of the notes state, in declaration order: code that must handle each part maps over these. */
export const NOTES_STATE_PARTS = Object.keys(NOTES_STATE_SCHEMA.entries) as (keyof NotesState)[];

/** The notes of an empty log. */
export const EMPTY_NOTES: NotesState = {
  order: [],
  meta: {},
  bodies: {},
  starred: [],
  deleted: {},
  revs: {},
  devices: {},
  origins: {},
  remaps: {},
  notebooks: {},
  goneNotebooks: {},
  notebookAliases: {},
  filed: {},
  tags: {},
  tagged: {},
  shares: {},
};

/** One tab's view (docs/product.md "Sidebar", "States and transitions"): restored from the log at start. */
const VIEW_STATE_SCHEMA = v.object({
  selectedId: v.nullable(v.string()),
  sort: v.picklist(SORT_MODES),
  search: v.string(),
  sidebar: v.picklist(SIDEBAR_MODES),
  analyticsOpen: v.boolean(),
  /** Shared by every tab (its event is not a per-tab view event). */
  theme: v.picklist(THEME_PREFERENCES),
  filter: NOTE_FILTER_SCHEMA,
});
/** One tab's view (inferred from VIEW_STATE_SCHEMA). */
export type ViewState = v.InferOutput<typeof VIEW_STATE_SCHEMA>;

/** The whole projection: notes, the tab's view, and `seq`, the last folded event. */
export const APP_STATE_SCHEMA = v.object({
  notes: NOTES_STATE_SCHEMA,
  view: VIEW_STATE_SCHEMA,
  seq: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
/** See APP_STATE_SCHEMA. */
export type AppState = v.InferOutput<typeof APP_STATE_SCHEMA>;
