import type { IDBPObjectStore } from 'idb';
import type { NoteBody } from '../projections/notesState';
import type { NotePadDB } from './logDatabase';
import type { DocumentRecord } from './logRecords';
import { storedBody, storedChars } from './storedSnapshot';

/**
 * Snapshot bodies' documents kept apart from the snapshot (docs/architecture.md "Snapshots"): a
 * body's document part (its `blocksJson`, its chain of changes' strings: everything but its HTML) is
 * one record of the `documents` store under a key of its own, and the snapshot's parts hold the
 * body as `{ html, docKey }`.
 *
 * Why: start-up and the list need titles and HTML; a document is needed by the note opened. With
 * documents apart, a later step can read them by note instead of every one at start. Bodies are
 * immutable and shared between states, so the key names a body object: a body read from a snapshot
 * keeps its key, and the next snapshot writes no record again for the bodies that did not change.
 * Not note id + last event id: on a synced device the same last event can name two bodies (an own
 * event folded again after another device's event).
 */

/** The key of each body object whose document has a record (written or read back by this tab). */
const bodyKeys = new WeakMap<NoteBody, string>();
/** Keys are this tab's random prefix and a counter: unique across tabs, short in every part. */
const KEY_PREFIX = crypto.randomUUID().slice(0, 13);
let keyCount = 0;

/**
 * Documents written per task (as parts are: docs/architecture.md "Snapshots"): each put copies its
 * value synchronously, so a snapshot of 10,000 new bodies (the first after an update or a fold)
 * is written as many short tasks.
 */
const BATCH_MAX_CHARS = 4_000_000;
const BATCH_MAX_DOCUMENTS = 500;

type DocumentStore = IDBPObjectStore<NotePadDB, ('snapshots' | 'snapshotBodies' | 'documents' | 'events')[], 'documents', 'readwrite'>;

/** The document part of a stored body (`storedBody`), or null when it has none (HTML only). */
function documentOf(stored: NoteBody): DocumentRecord | null {
  if (stored.blocksJson === undefined && stored.chain === undefined) return null;
  return {
    ...(stored.blocksJson !== undefined ? { blocksJson: stored.blocksJson } : {}),
    ...(stored.chain ? { chain: stored.chain } : {}),
  };
}

/**
 * Write to `store` the document of each of `bodies` that has none stored yet (no key, or its key's
 * record is not in `existing`: another tab's clean-up dropped it), in batches, each put from the
 * previous batch's success (a task each). Resolves with each body's key (none for an HTML-only body).
 * An unread body (NoteBody.docKey) is named by its key without being read.
 * @throws DocumentGone when an unread body's record is not in `existing` (the write fails whole).
 */
export async function putDocuments(
  store: DocumentStore,
  bodies: readonly NoteBody[],
  existing: ReadonlySet<string>,
): Promise<Map<NoteBody, string>> {
  const keys = new Map<NoteBody, string>();
  // Every put of a batch is awaited (a failed one rejects the write, none is left unhandled).
  let batch: Promise<unknown>[] = [];
  let chars = 0;
  for (const body of bodies) {
    if (keys.has(body)) continue;
    let key = bodyKeys.get(body);
    if (key !== undefined && existing.has(key)) {
      keys.set(body, key);
      continue;
    }
    // An unread body is written by its key, never read: its record is named by the snapshot it came from.
    if (body.docKey !== undefined) {
      if (!existing.has(body.docKey)) throw new DocumentGone(body.docKey);
      keys.set(body, body.docKey);
      continue;
    }
    // Documents become JSON here, batch by batch, so that work is spread over the batches' tasks too.
    const stored = storedBody(body);
    const document = documentOf(stored);
    if (!document) continue;
    key ??= `${KEY_PREFIX}${(keyCount++).toString(36)}`;
    bodyKeys.set(body, key);
    keys.set(body, key);
    batch.push(store.put(document, key));
    chars += storedChars(stored);
    if (batch.length >= BATCH_MAX_DOCUMENTS || chars >= BATCH_MAX_CHARS) {
      await Promise.all(batch);
      batch = [];
      chars = 0;
    }
  }
  await Promise.all(batch);
  return keys;
}

/**
 * A document record a body names is no longer stored (another tab's clean-up dropped it, see
 * docs/architecture.md "Snapshots", "Documents by reference"): the tab must fold again from the newest snapshot.
 */
export class DocumentGone extends Error {
  constructor(readonly docKey: string) {
    super(`The document record ${docKey} is gone`);
    this.name = 'DocumentGone';
  }
}

/**
 * Delete from `store` the records of `existing` that no snapshot kept names (`named`), in the
 * transaction that dropped or replaced snapshots.
 */
export async function dropUnnamedDocuments(store: DocumentStore, existing: Iterable<string>, named: ReadonlySet<string>): Promise<void> {
  const dropping: Promise<unknown>[] = [];
  for (const key of existing) if (!named.has(key)) dropping.push(store.delete(key));
  await Promise.all(dropping);
}

/**
 * The body a snapshot part held as `{ html, docKey }`, whole again with `document`; its key is kept
 * so the next snapshot writes it no more.
 */
export function bodyWithDocument(html: string, key: string, document: DocumentRecord): NoteBody {
  const body: NoteBody = { html, ...document };
  bodyKeys.set(body, key);
  return body;
}

/** A body held by key, its document not read yet (NoteBody.docKey): what start-up keeps of a snapshot's body. */
export function unreadBody(html: string, key: string): NoteBody {
  return { html, docKey: key };
}

/**
 * `body` (an unread body, `{ html, docKey }`) made whole with `document`, read by note; its key is
 * kept, so the next snapshot writes it no more.
 */
export function readBody(body: NoteBody & { docKey: string }, document: DocumentRecord): NoteBody {
  return bodyWithDocument(body.html, body.docKey, document);
}
