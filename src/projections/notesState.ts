import {
  EMPTY_NOTES,
  NO_FILTER,
  type AppState,
  type NoteBody,
  type NoteChain,
  type NotesState,
  type UnreadBody,
  type ViewState,
  type WholeBody,
} from '../../catalog';

export {
  EMPTY_NOTES,
  /** @internal Test seam: the app reads it from the catalog. */
  NO_FILTER,
  type AppState,
  type NoteBody,
  type NoteChain,
  type NoteFilter,
  type NoteRevisionRef,
  type NotesState,
  type ShareState,
  type UnreadBody,
  type ViewState,
  type WholeBody,
} from '../../catalog';

/** One row of the `notes` localStorage list (docs/product.md "Entities and storage keys"): id = creation time in ms, modified = ISO time. */
export interface NoteIndexEntry {
  id: string;
  title: string;
  modified: string;
}

/**
 * Thrown when something reads the document of a body the log has not read yet (docs/architecture.md
 * "Snapshots", "Documents by reference"): a body held as its HTML and the key of its record. Never
 * read such a body as "HTML only": that would lose its document and a chain's history. The reader
 * awaits the log's read of the note first (`EventLog.readNotes`); a synced device's folds onto a base
 * of unread bodies catch it, read that document and fold again (src/events/foldReads.ts).
 */
export class DocumentNotRead extends Error {
  constructor(readonly docKey: string) {
    super(`The document ${docKey} of a note was not read yet`);
    this.name = 'DocumentNotRead';
  }
}

/** Whether `body` is held by key with its document not read (NoteBody.docKey). */
export function isUnreadBody(body: NoteBody | undefined): body is UnreadBody {
  return body !== undefined && body.docKey !== undefined;
}

/** `body` itself; @throws DocumentNotRead when its document is not read yet. */
function readBody(body: NoteBody): WholeBody {
  if (body.docKey !== undefined) throw new DocumentNotRead(body.docKey);
  return body;
}

/**
 * The HTML of `body` ('' for no body): a whole body's, or an unread body's when its snapshot kept
 * it beside the key (docs/architecture.md "Documents by reference").
 * @throws DocumentNotRead when the body is unread and its HTML is in its record (never '' for it).
 */
export function bodyHtml(body: NoteBody | undefined): string {
  if (!body) return '';
  if (body.html !== undefined) return body.html;
  // Only an unread body lacks its HTML (UNREAD_BODY in catalog/projectionState.ts).
  throw new DocumentNotRead((body as UnreadBody).docKey);
}

/**
 * The chain of changes of `body` (docs/architecture.md "Saves as changes"), or undefined when it was
 * not saved as changes. Every read of a body's chain goes through here.
 * @throws DocumentNotRead when the body's document is not read yet.
 */
export function bodyChain(body: NoteBody | undefined): NoteChain | undefined {
  return body ? readBody(body).chain : undefined;
}

/** Documents parsed from `blocksJson`, by body: bodies are never mutated, so each parses once. */
const parsedBlocks = new WeakMap<NoteBody, unknown[] | undefined>();

function parseBlocksJson(json: string): unknown[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  return Array.isArray(parsed) ? parsed : undefined;
}

/**
 * The BlockNote document of `body`, or undefined when it has none (legacy and imported notes, an
 * unreadable `blocksJson`). A snapshot keeps documents as JSON (src/events/storedSnapshot.ts): they
 * are parsed here, the first time something reads them, and kept for the life of the body.
 * @throws DocumentNotRead when the body's document is not read yet (NoteBody.docKey).
 */
export function bodyBlocks(body: NoteBody | undefined): unknown[] | undefined {
  if (!body) return undefined;
  readBody(body);
  if (Array.isArray(body.blocks)) return body.blocks;
  if (typeof body.blocksJson !== 'string') return undefined;
  if (!parsedBlocks.has(body)) parsedBlocks.set(body, parseBlocksJson(body.blocksJson));
  return parsedBlocks.get(body);
}

/**
 * `bodyBlocks(body)` for readers of every note (search index, links, statistics): a document kept
 * as JSON is parsed for this read only, not kept, so reading the whole library does not keep every
 * document parsed beside its JSON (docs/architecture.md "Search index"). A parse `bodyBlocks`
 * already kept is reused.
 * @throws DocumentNotRead when the body's document is not read yet.
 */
export function readBodyBlocks(body: NoteBody | undefined): unknown[] | undefined {
  if (body) readBody(body);
  if (!body || Array.isArray(body.blocks) || typeof body.blocksJson !== 'string' || parsedBlocks.has(body)) return bodyBlocks(body);
  return parseBlocksJson(body.blocksJson);
}

/** Title used for new notes and for empty titles (docs/product.md "Entities and storage keys"). */
export const DEFAULT_NOTE_TITLE = 'Untitled Note';

/** @internal Test seam: used here; the tests start their views from it. */
export const INITIAL_VIEW: ViewState = {
  selectedId: null,
  sort: 'current',
  search: '',
  sidebar: 'expanded',
  analyticsOpen: false,
  theme: 'system',
  filter: NO_FILTER,
};
export const INITIAL_STATE: AppState = { notes: EMPTY_NOTES, view: INITIAL_VIEW, seq: 0 };

/** The note index in manual order, as the `notes` key lists it. */
export function noteIndex(notes: NotesState): NoteIndexEntry[] {
  return notes.order.map((id) => ({ id, title: notes.meta[id].title, modified: notes.meta[id].modified }));
}
