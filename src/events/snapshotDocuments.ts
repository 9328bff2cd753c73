import type { IDBPObjectStore } from 'idb';
import type { NoteBody, UnreadBody, WholeBody } from '../projections/notesState';
import type { NotePadDB } from './logDatabase';
import type { DocumentRecord } from './logRecords';
import { storedBody, storedChars } from './storedSnapshot';

/**
 * Snapshot bodies' documents kept apart from the snapshot (docs/architecture.md "Snapshots"): a
 * body (its HTML, `blocksJson`, its chain of changes' strings) is one record of the `documents`
 * store under a key of its own, and the snapshot's parts hold the body as `{ docKey, links }`
 * (a `'docKeys'` snapshot, of the build before, held `{ html, docKey }` and records without HTML).
 *
 * Why: start-up and the list need titles and HTML; a document is needed by the note opened. With
 * documents apart, a later step can read them by note instead of every one at start. Bodies are
 * immutable and shared between states, so the key names a body object: a body read from a snapshot
 * keeps its key, and the next snapshot writes no record again for the bodies that did not change.
 * Not note id + last event id: on a synced device the same last event can name two bodies (an own
 * event folded again after another device's event).
 */

/**
 * The key of each body object whose record (document and HTML) is stored, written or read back by
 * this tab. A body read from a record without HTML (a `'docKeys'` snapshot's) has none: the next
 * snapshot writes it a record of its own.
 */
const bodyKeys = new WeakMap<NoteBody, string>();
/** Keys are this tab's random prefix and a counter: unique across tabs, short in every part. */
const KEY_PREFIX = crypto.randomUUID().slice(0, 13);
let keyCount = 0;

/**
 * Documents written per task (as parts are: docs/architecture.md "Snapshots"): each put copies its
 * value synchronously, so a snapshot of 10,000 new bodies (the first after an update or a fold)
 * is written as many short tasks. @internal Test seam: also read by the tests of adding HTML to old records.
 */
export const BATCH_MAX_CHARS = 4_000_000;
const BATCH_MAX_DOCUMENTS = 500;

type DocumentStore = IDBPObjectStore<NotePadDB, ('snapshots' | 'snapshotBodies' | 'documents' | 'events')[], 'documents', 'readwrite'>;

/** The record of a stored body (`storedBody`): its HTML and its document, if any. */
function recordOf(stored: WholeBody): DocumentRecord {
  return {
    html: stored.html,
    ...(stored.blocksJson !== undefined ? { blocksJson: stored.blocksJson } : {}),
    ...(stored.chain ? { chain: stored.chain } : {}),
  };
}

/**
 * Write to `store` the record of each of `bodies` that has none stored yet (no key, or its key's
 * record is not in `existing`: another tab's clean-up dropped it), in batches, each put from the
 * previous batch's success (a task each). Resolves with each body's key. An unread body
 * (NoteBody.docKey) is named by its key without being read; one that holds its HTML (read from a
 * `'docKeys'` snapshot, whose records lack it) has the HTML added to its record, read here, so the
 * snapshot's part needs only the key (docs/architecture.md "Documents by reference").
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
  const flushIfFull = async () => {
    if (batch.length < BATCH_MAX_DOCUMENTS && chars < BATCH_MAX_CHARS) return;
    await Promise.all(batch);
    batch = [];
    chars = 0;
  };
  // Old records that get their HTML, read a batch at a time and put back in slices (addHtml).
  let adding: { key: string; html: string }[] = [];
  let addingChars = 0;
  const addHtmlIfFull = async () => {
    if (adding.length < BATCH_MAX_DOCUMENTS && addingChars < BATCH_MAX_CHARS) return;
    await addHtml(store, adding);
    adding = [];
    addingChars = 0;
  };
  for (const body of bodies) {
    if (keys.has(body)) continue;
    let key = bodyKeys.get(body);
    if (key !== undefined && existing.has(key)) {
      keys.set(body, key);
      continue;
    }
    // An unread body is written by its key, never read: its record is named by the snapshot it came from.
    if (body.docKey !== undefined) {
      const docKey = body.docKey;
      if (!existing.has(docKey)) throw new DocumentGone(docKey);
      keys.set(body, docKey);
      if (body.html !== undefined) {
        // Its record lacks the HTML: add it (the same text, so a snapshot still naming the record reads the same body).
        adding.push({ key: docKey, html: body.html });
        // The record read holds about as much again as the HTML (its document): the batch's reads are cut by both.
        addingChars += 2 * body.html.length;
        bodyKeys.set(body, docKey);
        await addHtmlIfFull();
      }
      continue;
    }
    // Records become JSON here, batch by batch, so that work is spread over the batches' tasks too.
    const stored = storedBody(body);
    key = `${KEY_PREFIX}${(keyCount++).toString(36)}`;
    bodyKeys.set(body, key);
    keys.set(body, key);
    batch.push(store.put(recordOf(stored), key));
    chars += storedChars(stored);
    await flushIfFull();
  }
  if (adding.length) await addHtml(store, adding);
  await Promise.all(batch);
  return keys;
}

/**
 * Put back each of `adding`'s records with its HTML added: all read first (one batch of gets), then
 * put in slices of at most BATCH_MAX_CHARS characters of what they copy (the whole record: its
 * document too), each slice from the previous slice's success. Putting each record from its own
 * read's success let every put of a batch run in one task wherever the reads' results were delivered
 * together (Chromium hands large records back after reading them apart): a batch of 500 records with
 * their documents was one task of 420-466 ms at 10,000 notes (docs/benchmarks.md).
 * @throws DocumentGone when a record is gone (before anything is put).
 */
async function addHtml(store: DocumentStore, adding: readonly { key: string; html: string }[]): Promise<void> {
  const records = await Promise.all(adding.map(({ key }) => store.get(key)));
  const missing = adding.findIndex((_, i) => !records[i]);
  if (missing >= 0) throw new DocumentGone(adding[missing].key);
  let slice: Promise<unknown>[] = [];
  let chars = 0;
  for (const [i, { key, html }] of adding.entries()) {
    const record = { ...records[i]!, html };
    slice.push(store.put(record, key));
    chars += storedChars(record);
    if (chars < BATCH_MAX_CHARS) continue;
    await Promise.all(slice);
    slice = [];
    chars = 0;
  }
  await Promise.all(slice);
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
 * The body a snapshot part held as `{ html, docKey }` or `{ docKey }`, whole again with `record`
 * (the HTML is the part's, else the record's); its key is kept when the record holds the HTML, so
 * the next snapshot writes it no more.
 * @throws DocumentGone when neither holds the HTML (a record that is not this body's).
 */
export function bodyWithDocument(html: string | undefined, key: string, record: DocumentRecord): WholeBody {
  const { html: recordHtml, ...document } = record;
  const text = html ?? recordHtml;
  if (text === undefined) throw new DocumentGone(key);
  const body: WholeBody = { html: text, ...document };
  if (recordHtml !== undefined) bodyKeys.set(body, key);
  return body;
}

/**
 * A body held by key, its document not read yet (NoteBody.docKey): what start-up keeps of a
 * snapshot's body, with its HTML when the part held it (a `'docKeys'` snapshot) and its links when
 * the part named some (a `'docRefs'` one).
 */
export function unreadBody(key: string, html: string | undefined, links: readonly string[] | undefined): UnreadBody {
  return { docKey: key, ...(html !== undefined ? { html } : {}), ...(links?.length ? { links: [...links] } : {}) };
}

/**
 * `body` (an unread body) made whole with `record`, read by note; its key is kept, so the next
 * snapshot writes it no more.
 * @throws DocumentGone when neither the body nor the record holds its HTML.
 */
export function readBody(body: UnreadBody, record: DocumentRecord): WholeBody {
  return bodyWithDocument(body.html, body.docKey, record);
}
