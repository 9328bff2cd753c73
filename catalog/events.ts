/**
 * The event catalog (docs/architecture.md "The event envelope"): every event NotePad appends, declared once.
 * Each entry is a valibot schema of the payload plus the event's scope; the TypeScript payload
 * types are inferred from the same schemas, so the types and the runtime validation cannot drift.
 * Shared by the app (src/events) and the sync server (functions/sync), which imports nothing else
 * of the app.
 */
import * as v from 'valibot';
import { DEVICE_ID_PATTERN } from './envelope';
import { NOTE_FILTER_SCHEMA } from './noteFilter';
import { isNormalTagPath, nameError, ORGANISATION_NAME_MAX } from './organisation';

/** Sort modes of the sidebar (docs/product.md "Sidebar"; "current" is the manual order). */
export const SORT_MODES = ['current', 'date', 'alpha', 'starred'] as const;
export type SortMode = (typeof SORT_MODES)[number];

/** Sidebar presentation: full width, narrow strip, or hidden (docs/product.md "Sidebar"). */
export const SIDEBAR_MODES = ['expanded', 'collapsed', 'hidden'] as const;

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export const EXPORT_FORMATS = ['html', 'markdown', 'text', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const AI_PANEL_NAMES = ['recap', 'resources'] as const;
const RECAP_FORMATS = ['paragraph', 'bullets'] as const;
export type RecapFormat = (typeof RECAP_FORMATS)[number];
/** Why recording stopped; `ended`: the browser ended the session by itself (silence, time limit). */
const RECORDING_STOP_REASONS = ['user', 'error', 'note-switch', 'ended'] as const;
export type RecordingStopReason = (typeof RECORDING_STOP_REASONS)[number];

/** Note ids are the creation time in ms as a decimal string (docs/product.md "Entities and storage keys"). */
export const NOTE_ID_PATTERN = /^\d{1,16}$/;
const noteId = v.pipe(v.string(), v.regex(NOTE_ID_PATTERN));
const isoTime = v.pipe(
  v.string(),
  v.check((s) => !Number.isNaN(Date.parse(s))),
);
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** The BlockNote document (JSON) kept for lossless reopening; `html` is what `note_{id}` holds. */
const blocks = v.optional(v.array(v.unknown()));
/**
 * The id of the revision (event) an edit started from: a body save whose base is not the note's
 * current revision is a conflict, decided in the fold (docs/architecture.md "Conflicts").
 */
const base = v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(64)));
const onNote = { id: noteId };
/** An event id (a UUID from this build; 8-64 characters from older ones). */
const eventId = v.pipe(v.string(), v.minLength(8), v.maxLength(64));
/**
 * An event about a note that lives on: `ref` is the id of the event that made the note, as the
 * device saw it. Where two devices made two notes under one id, the fold gave one of them another
 * id, and `ref` tells which note the event meant (docs/architecture.md "Note identity").
 */
const onLiveNote = { id: noteId, ref: v.optional(eventId) };
/** The id of a revision: an event id, or one the fold derived from event ids (a merge). */
const eventRef = v.pipe(v.string(), v.minLength(8), v.maxLength(64));
/** Standard base64 (the bytes of a Yjs update). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** A BlockNote block id as the editor makes them (a UUID), or one derived from a revision id. */
const blockId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/));
/** A top-level block a change carries: the block (its JSON, children included) and its HTML alone. */
const changedBlock = v.strictObject({ block: v.looseObject({ id: blockId, type: v.string() }), html: v.string() });
/** Remove `remove` top-level ids at `at`, then insert `insert` there (applied in order). */
const orderSplice = v.strictObject({ at: count, remove: count, insert: v.array(blockId) });
/** A notebook id: made by the device that creates the notebook (a UUID). */
const notebookId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));
/** A notebook's name: trimmed, 1-100 characters, no control characters (catalog/organisation.ts). */
const notebookName = v.pipe(
  v.string(),
  v.maxLength(ORGANISATION_NAME_MAX),
  v.check((name) => name === name.trim() && nameError(name, 'notebook') === null),
);
/** A tag path in normal form (`project/alpha`; catalog/organisation.ts `normalTagPath`). */
const tagPath = v.pipe(v.string(), v.maxLength(1100), v.check(isNormalTagPath));
/** The id of one import of notes from other apps (a UUID): every note and record of that import carries it. */
const importId = v.pipe(v.string(), v.minLength(8), v.maxLength(64));
/**
 * Import records are found through the log's index of `payload.id` (the key of a note's history) under
 * this one key, so the summaries of past imports are read without reading the whole log.
 */
export const IMPORT_RECORDS_KEY = 'imports';
const onImport = { id: v.picklist([IMPORT_RECORDS_KEY]), importId };
/** A note or file of an import that did not come along, and why (docs/product.md "Import notes"). */
const importProblem = v.strictObject({
  /** The note it belongs to, when it is part of one ("receipt.pdf" of note "Taxes"). */
  note: v.optional(v.string()),
  item: v.string(),
  reason: v.string(),
});
/** What one chosen file gave (docs/product.md "Import notes"): `failed` when none of it could be read. */
const importedFile = v.strictObject({
  file: v.string(),
  app: v.string(),
  imported: count,
  skipped: v.array(importProblem),
  dropped: v.array(importProblem),
  /** How many skipped and dropped items are not listed (docs/product.md "Import notes": lists are kept short). */
  unlisted: v.optional(count),
  failed: v.optional(v.string()),
});

/** A shared link's id: 16 random bytes in base64url (docs/sync.md "Shared links"). */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const shareId = v.pipe(v.string(), v.regex(SHARE_ID_PATTERN));
/** A link's key or a copy's content key: 32 random bytes in base64url. */
const shareKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));
/** Argon2id parameters of a link's password, with its salt (as the account keys', catalog/keys.ts). */
const shareKdf = v.strictObject({
  alg: v.picklist(['argon2id']),
  memoryKiB: count,
  iterations: count,
  parallelism: count,
  salt: v.string(),
});
/** What a link's options are (docs/product.md "Share a note"). */
const shareOptions = {
  /** True: the page follows the note's edits; false: it stays as it was shared. */
  follows: v.boolean(),
  /** When the host stops serving the copy, or null: never. */
  expiresAt: v.nullable(isoTime),
  /** The key the copy is sealed under (it changes with the password). */
  contentKey: shareKey,
  /** The content key sealed under the key the link (and its password) gives: stored beside the copy. */
  wrap: v.pipe(v.string(), v.maxLength(512)),
  /** The password's Argon2id parameters and salt, or null: no password. */
  kdf: v.nullable(shareKdf),
};

/**
 * Where an event belongs:
 * - `note`: the notes' content and organisation; the only events that sync between devices.
 * - `view`: one tab's view (selection, sort, search, panels); other tabs fold it without moving their view.
 * - `preference`: shared by every tab of a device (the theme), never synced.
 * - `activity`: what the user did with a note (commands, exports, helper calls), kept on the device.
 * - `log`: facts about the log itself (an import).
 */
export type EventScope = 'note' | 'view' | 'preference' | 'activity' | 'log';

const entry = <Sc extends EventScope, S extends v.ObjectEntries>(scope: Sc, payload: S) => ({ scope, payload: v.strictObject(payload) });

/**
 * Every event type with its payload schema and scope (docs/product.md for what each action does).
 * Adding a type here makes every exhaustive fold fail to compile until it decides what to do with it.
 */
export const EVENT_CATALOG = {
  'note.created': entry('note', { ...onNote, title: v.string() }),
  /**
   * A note brought in: by the legacy import (`source` "localStorage", HTML only) or from another app's
   * export (`source` the app, e.g. "evernote"; `file` the chosen file; `importId` its import; `blocks`
   * the BlockNote document `html` was derived from). Version 3 added `blocks`, `importId` and `file`.
   */
  'note.imported': entry('note', {
    ...onNote,
    title: v.string(),
    modified: isoTime,
    html: v.string(),
    starred: v.boolean(),
    source: v.string(),
    blocks,
    importId: v.optional(importId),
    file: v.optional(v.string()),
    /** Version 4: the notebook the note came in (made by a notebook.created before it) and its tags. */
    notebook: v.optional(notebookId),
    tags: v.optional(v.pipe(v.array(tagPath), v.maxLength(200))),
  }),
  'note.renamed': entry('note', { ...onLiveNote, title: v.string() }),
  'note.body-saved': entry('note', { ...onLiveNote, html: v.string(), blocks, base }),
  'note.deleted': entry('note', onLiveNote),
  /**
   * Manual order: the note swaps places with its neighbour `direction`, or (version 4) with the
   * note `with`, its neighbour in a filtered list (docs/product.md "Notebooks and tags").
   */
  'note.moved': entry('note', { ...onLiveNote, direction: v.picklist(['up', 'down']), with: v.optional(noteId) }),
  'note.starred': entry('note', onLiveNote),
  'note.unstarred': entry('note', onLiveNote),
  /**
   * A save as a change (docs/architecture.md "Saves as changes"), version 4: `update` is the base64 of
   * the save's Yjs update (v2) to the note's document in NotePad's block model; `blocks` the top-level
   * blocks it changed or added, each with its HTML alone (`note_{id}` is joined from them without
   * BlockNote); `order` the splices of the top-level ids. `start` names the revision the document's
   * chain of changes began at, `base` the revision the save started from. `whole`: `blocks` is every
   * top-level block. A restore names the revision it brings back (`fromSeq`) and its title.
   */
  'note.changed': entry('note', {
    ...onLiveNote,
    base: eventRef,
    start: eventRef,
    update: v.pipe(v.string(), v.regex(BASE64)),
    blocks: v.optional(v.array(changedBlock)),
    order: v.optional(v.array(orderSplice)),
    whole: v.optional(v.literal(true)),
    fromSeq: v.optional(count),
    title: v.optional(v.string()),
  }),
  /** A past revision brought back: folded like a body save, history is never rewritten. */
  'note.revision-restored': entry('note', { ...onLiveNote, fromSeq: count, html: v.string(), blocks, title: v.optional(v.string()), base }),
  /** The note put in a notebook, or out of every notebook (`null`). */
  'note.filed': entry('note', { ...onLiveNote, notebook: v.nullable(notebookId) }),
  'note.tagged': entry('note', { ...onLiveNote, tag: tagPath }),
  'note.untagged': entry('note', { ...onLiveNote, tag: tagPath }),
  /** A notebook made under `parent` (null: top level); one of the same name there already is the same notebook. */
  'notebook.created': entry('note', { notebook: notebookId, name: notebookName, parent: v.nullable(notebookId) }),
  'notebook.renamed': entry('note', { notebook: notebookId, name: notebookName }),
  /** Nested under another notebook, or to the top (`null`); a move into its own subtree is ignored. */
  'notebook.moved': entry('note', { notebook: notebookId, parent: v.nullable(notebookId) }),
  /** Its notes and sub-notebooks go to its parent; no note is deleted. */
  'notebook.deleted': entry('note', { notebook: notebookId }),
  /** A tag with no note yet (made from the Tags menu). */
  'tag.created': entry('note', { tag: tagPath }),
  /** Every note's `tag` (and tags under it) becomes `to`; onto an existing tag it merges the two. */
  'tag.renamed': entry('note', { tag: tagPath, to: tagPath }),
  /** The tag and the tags under it leave every note and the tag list; no note is deleted. */
  'tag.deleted': entry('note', { tag: tagPath }),
  /** A device of the account says its name (shown in history and in conflict copies' titles). */
  'device.named': entry('note', { device: v.pipe(v.string(), v.regex(DEVICE_ID_PATTERN)), name: v.pipe(v.string(), v.maxLength(80)) }),
  'note.selected': entry('view', { id: v.nullable(noteId) }),
  'ui.sort-changed': entry('view', { sort: v.picklist(SORT_MODES) }),
  'ui.search-changed': entry('view', { query: v.string() }),
  'ui.sidebar-toggled': entry('view', { mode: v.picklist(SIDEBAR_MODES) }),
  'ui.analytics-toggled': entry('view', { open: v.boolean() }),
  /** The sidebar's filter: a notebook, tags, starred (docs/product.md "Notebooks and tags"). */
  'ui.filter-changed': entry('view', { filter: NOTE_FILTER_SCHEMA }),
  /** Colour theme preference; applies to every tab. */
  'ui.theme-changed': entry('preference', { theme: v.picklist(THEME_PREFERENCES) }),
  /** A toolbar or shortcut command ran on a note; `detail` e.g. a colour or size. */
  'editor.command': entry('activity', { ...onNote, command: v.string(), detail: v.optional(v.string()) }),
  'note.exported': entry('activity', { ...onNote, format: v.picklist(EXPORT_FORMATS) }),
  'note.copied': entry('activity', onNote),
  'note.downloaded': entry('activity', onNote),
  'note.emailed': entry('activity', onNote),
  'note.calendar-opened': entry('activity', onNote),
  'task.created': entry('activity', { ...onNote, task: v.string() }),
  'recording.started': entry('activity', onNote),
  'recording.stopped': entry('activity', { ...onNote, reason: v.picklist(RECORDING_STOP_REASONS) }),
  'summary.requested': entry('activity', { ...onNote, format: v.picklist(RECAP_FORMATS), scope: v.picklist(['selection', 'note']) }),
  'summary.received': entry('activity', { ...onNote, format: v.picklist(RECAP_FORMATS), summary: v.string() }),
  'summary.failed': entry('activity', { ...onNote, format: v.picklist(RECAP_FORMATS), error: v.string() }),
  'recap.format-changed': entry('activity', { ...onNote, format: v.picklist(RECAP_FORMATS) }),
  'recap.inserted': entry('activity', onNote),
  'resources.requested': entry('activity', onNote),
  'resources.received': entry('activity', { ...onNote, count }),
  'resources.failed': entry('activity', { ...onNote, error: v.string() }),
  /** Every note was exported as Markdown in a zip (docs/product.md "Export all notes"): how many notes and images. */
  'notes.exported': entry('activity', { count, images: v.optional(count) }),
  /** The user closed an AI helper panel (Note Recap or AI-Suggested Resources). */
  'ai.panel-closed': entry('activity', { ...onNote, panel: v.picklist(AI_PANEL_NAMES) }),
  /** An exported log was imported. */
  'log.imported': entry('log', { events: count, notes: count, mode: v.picklist(['replace', 'merge']) }),
  /**
   * A batch of an import's notes, appended in the same transaction as their note.imported events:
   * each note's id, and at the same index the `modified` it was imported with (Undo keeps a note
   * whose body or title changed since). A batch is durable with its record or not at all, so an
   * interrupted import can still be undone.
   */
  'import.notes-added': entry('log', {
    ...onImport,
    notes: v.array(noteId),
    modified: v.array(isoTime),
    /** Version 4: the id of each note's note.imported event (the note may have taken another id: docs/architecture.md "Note identity"). */
    events: v.optional(v.array(eventId)),
    /** Version 4: the notebooks this batch made (its notebook.created events): Undo removes those left empty. */
    notebooks: v.optional(v.array(notebookId)),
  }),
  /** An import ended (every file read, or cancelled): what each chosen file gave, for the summary. */
  'import.finished': entry('log', { ...onImport, files: v.array(importedFile), cancelled: v.boolean() }),
  /** Undo of an import: `removed` notes deleted (note.deleted events before it), `kept` edited since. */
  'import.undone': entry('log', { ...onImport, removed: count, kept: count }),
  // ---- Shared links (docs/product.md "Share a note", docs/sync.md "Shared links"), schema version 4.
  // Scope `note`: they sync, sealed, so the owner's other devices hold each link's keys and re-seal
  // its copy after edits; the shared copy itself is never in the log.
  /** A link to the note was made: its id, the key in the link, the key the copy is sealed under, and its options. */
  'share.created': entry('note', { ...onLiveNote, share: shareId, linkKey: shareKey, ...shareOptions }),
  /** A link's options changed: all of them, as they are now (a new password brings a new content key). */
  'share.changed': entry('note', { ...onLiveNote, share: shareId, ...shareOptions }),
  /** The note is no longer shared by that link: the host deletes its copy. */
  'share.stopped': entry('note', { ...onLiveNote, share: shareId }),
  /**
   * Version 4: the offer to turn the "Tags: a, b" paragraphs of earlier imports into tags was answered
   * (docs/product.md "Import notes"): `converted` (its events are in the same batch) or `declined`; it is
   * made once. `notes`: how many notes it was about.
   */
  'import.tag-lines-answered': entry('log', {
    id: v.picklist([IMPORT_RECORDS_KEY]),
    answer: v.picklist(['converted', 'declined']),
    notes: count,
  }),
};

export type EventType = keyof typeof EVENT_CATALOG;

/** The payload of each event type, inferred from its schema. */
export type EventPayloads = { [K in EventType]: v.InferOutput<(typeof EVENT_CATALOG)[K]['payload']> };

/** Every event type, in catalog order. */
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];

/** The event types of scope `S`, as a type (e.g. `TypesOfScope<'activity'>`). */
export type TypesOfScope<S extends EventScope> = { [K in EventType]: (typeof EVENT_CATALOG)[K]['scope'] extends S ? K : never }[EventType];

/** The event types of one scope. */
function typesOfScope(scope: EventScope): ReadonlySet<EventType> {
  return new Set(EVENT_TYPES.filter((type) => EVENT_CATALOG[type].scope === scope));
}

/** Events that describe one tab's view rather than the notes: other tabs do not apply them live. */
export const VIEW_EVENT_TYPES: ReadonlySet<EventType> = typesOfScope('view');

/** Events that sync between the devices of an account: the notes' content and organisation. */
export const SYNCED_EVENT_TYPES: ReadonlySet<EventType> = typesOfScope('note');

/** Events that may name the event that made their note (`ref`, docs/architecture.md "Note identity"). */
export const NOTE_REF_EVENT_TYPES: ReadonlySet<EventType> = new Set(
  EVENT_TYPES.filter((type) => Object.prototype.hasOwnProperty.call(EVENT_CATALOG[type].payload.entries, 'ref')),
);
