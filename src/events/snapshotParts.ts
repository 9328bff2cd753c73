import type { IDBPTransaction } from 'idb';
import type { NoteBody, NotesState } from '../projections/notesState';
import type { NotePadDB } from './logDatabase';
import type { DocumentRecord, PartBody, Snapshot, SnapshotDocKeys, SnapshotPart } from './logRecords';
import { bodyLinkTargets, type HtmlNoteLinks } from '../projections/noteLinks/linkIndex';
import { domNoteLinks } from '../projections/noteLinks/domNoteLinks';
import { bodyWithDocument, dropUnnamedDocuments, putDocuments, unreadBody } from './snapshotDocuments';

/**
 * Snapshots whose bodies are kept in parts (docs/architecture.md "Snapshots"): the snapshot record
 * holds the notes without bodies and `bodyParts`, the number of records of the `snapshotBodies` store
 * (keys `[seq, part]`) that hold them.
 *
 * Why: IndexedDB copies a value synchronously in `put()`, and a snapshot of thousands of notes with
 * their HTML and document JSON made one long main-thread task (after an import). Parts are
 * written one after another in one transaction, each from the previous one's success callback:
 * every part is a task of its own, and the transaction is as atomic as one put. They are read back
 * with one request: a request per part cost a start-up a round trip and a task each
 * (docs/benchmarks.md holds the figures).
 *
 * Since database version 4 a part holds a body's HTML and the key of its document's record
 * (`{ html, docKey }`, snapshotDocuments.ts: `bodyForm: 'docKeys'`); since `bodyForm: 'docRefs'`
 * only the key and the note ids the body links to (`{ docKey, links }`), the record holding the
 * HTML too, so a start reads no HTML (docs/architecture.md "Documents by reference").
 */

/**
 * A stored snapshot record: bodies left out when `bodyParts` is set. `sharedBodies`: the notes whose
 * server body is their state body (the same object: a synced device's notes are mostly the server's),
 * stored once, in the state's parts. `bodyForm: 'docKeys'`: its parts hold `{ html, docKey }` and the
 * documents are records of the `documents` store (absent: bodies whole in the parts, as version 3 wrote);
 * `'docRefs'`: its parts hold `{ docKey, links }` and the records hold the HTML too.
 */
export type StoredSnapshotRecord = Snapshot & { bodyParts?: number; sharedBodies?: string[]; bodyForm?: 'docKeys' | 'docRefs' };

/**
 * Bodies per part (each a key and its links: a few objects to copy). Parts hold no HTML since
 * `'docRefs'`, so a part is small; they were cut at 8 × 10^6 characters of HTML before.
 */
const PART_MAX_BODIES = 1_000;

type Tx = IDBPTransaction<NotePadDB, ('snapshots' | 'snapshotBodies' | 'documents' | 'events')[], 'readwrite'>;
type ReadTx = IDBPTransaction<NotePadDB, ('snapshots' | 'snapshotBodies' | 'documents')[], 'readonly'>;

/** A snapshot's parts and the list of the documents it names ([seq, -1]); never the epoch's key (seq -1). */
const partsAndKeysRange = (seq: number) => IDBKeyRange.bound([seq, -1], [seq, Number.MAX_SAFE_INTEGER]);
const partRange = (seq: number) => IDBKeyRange.bound([seq, 0], [seq, Number.MAX_SAFE_INTEGER]);
const docKeysKey = (seq: number): [number, number] => [seq, -1];
const withoutBodies = (notes: NotesState): NotesState => ({ ...notes, bodies: {} });

/** What a snapshot write leaves for the clean-up: the document keys stored before it and those it names. */
export interface DocumentsWritten {
  existing: string[];
  named: Set<string>;
}

/**
 * Put `snapshot` in the transaction's `snapshots` store with its bodies in parts and their documents
 * in the `documents` store, each not stored yet (replacing a snapshot of the same seq). Resolves
 * once every put has succeeded; the caller awaits the transaction and then drops the documents no
 * snapshot names (`dropDocumentsOf`).
 */
export async function putSnapshotInParts(tx: Tx, snapshot: Snapshot, htmlLinks: HtmlNoteLinks = domNoteLinks()): Promise<DocumentsWritten> {
  const parts = tx.objectStore('snapshotBodies');
  const documents = tx.objectStore('documents');
  const [, existing] = await Promise.all([parts.delete(partsAndKeysRange(snapshot.seq)), documents.getAllKeys()]);
  const stateBodies = snapshot.state.notes.bodies;
  const entries: ['state' | 'server', string, NoteBody][] = Object.entries(stateBodies).map(([id, body]) => ['state', id, body]);
  const shared: string[] = [];
  for (const [id, body] of Object.entries(snapshot.server?.notes.bodies ?? {})) {
    // Copying every body twice would double the snapshot's main-thread work on a synced device.
    if (Object.prototype.hasOwnProperty.call(stateBodies, id) && stateBodies[id] === body) shared.push(id);
    else entries.push(['server', id, body]);
  }
  // Documents first (only those not stored yet), then the parts naming them, then the record.
  const keys = await putDocuments(
    documents,
    entries.map((entry) => entry[2]),
    new Set(existing),
  );
  let count = 0;
  for (let at = 0; at < entries.length; count++) {
    const part: SnapshotPart = { state: {} };
    for (let n = 0; at < entries.length && n < PART_MAX_BODIES; n++, at++) {
      const [side, id, body] = entries[at];
      const docKey = keys.get(body);
      // putDocuments names every body; a key missing here would lose the body, so the write fails instead.
      if (docKey === undefined) throw new Error(`No document record for the body of ${id}`);
      (side === 'state' ? part.state : (part.server ??= {}))[id] = unreadBody(docKey, undefined, bodyLinkTargets(body, htmlLinks));
    }
    await parts.put(part, [snapshot.seq, count]);
  }
  const named = new Set(keys.values());
  await parts.put({ docKeys: [...named] } satisfies SnapshotDocKeys, docKeysKey(snapshot.seq));
  const record: StoredSnapshotRecord = {
    ...snapshot,
    state: { ...snapshot.state, notes: withoutBodies(snapshot.state.notes) },
    ...(snapshot.server ? { server: { ...snapshot.server, notes: withoutBodies(snapshot.server.notes) } } : {}),
    bodyParts: count,
    ...(shared.length ? { sharedBodies: shared } : {}),
    bodyForm: 'docRefs',
  };
  await tx.objectStore('snapshots').put(record);
  return { existing, named };
}

/** Delete the parts of the snapshot at `seq` and its list of documents (with the snapshot itself, by the caller). */
export function deleteSnapshotParts(tx: Tx, seq: number): Promise<void> {
  return tx.objectStore('snapshotBodies').delete(partsAndKeysRange(seq));
}

/**
 * After `written` and the deletion of the snapshots dropped with it, in the same transaction:
 * delete the document records that no snapshot left names (`kept`: the seqs of the other snapshots
 * kept). A snapshot written before document records names none.
 */
export async function dropDocumentsOf(tx: Tx, written: DocumentsWritten, kept: readonly number[]): Promise<void> {
  const named = new Set(written.named);
  const lists = await Promise.all(kept.map((seq) => tx.objectStore('snapshotBodies').get(docKeysKey(seq))));
  for (const list of lists) for (const key of (list as SnapshotDocKeys | undefined)?.docKeys ?? []) named.add(key);
  await dropUnnamedDocuments(tx.objectStore('documents'), written.existing, named);
}

/**
 * How `withBodies` reads a snapshot's documents: 'all' makes every body whole (an export of the log,
 * which carries them); 'keys' reads none and keeps each body as an unread body (NoteBody.docKey:
 * with its HTML from a `'docKeys'` part, with its links from a `'docRefs'` one), checking only that
 * its record is stored (start-up, docs/architecture.md "Snapshots", "Documents by reference").
 */
export type DocumentsRead = 'all' | 'keys';

/**
 * `body` as a part held it, whole again (or unread, with `documents` null); undefined when its
 * record is missing, or holds no HTML where the part holds none either.
 */
function partBody(body: PartBody, documents: ReadonlyMap<string, DocumentRecord> | null, keys: ReadonlySet<string>): NoteBody | undefined {
  if (body.docKey === undefined) return body;
  if (!keys.has(body.docKey)) return undefined;
  if (!documents) return unreadBody(body.docKey, body.html, body.links);
  const document = documents.get(body.docKey);
  if (!document || (body.html === undefined && document.html === undefined)) return undefined;
  return bodyWithDocument(body.html, body.docKey, document);
}

/** The documents of the `documents` store by key: one getAll and one getAllKeys, in key order both. */
async function allDocuments(tx: ReadTx): Promise<Map<string, DocumentRecord>> {
  const store = tx.objectStore('documents');
  const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
  return new Map(keys.map((key, i) => [key, values[i]]));
}

/**
 * The snapshot `record` with its bodies read back from its parts (one request for all) and, per
 * `read`, their documents; null when a part or a document's record is missing (the caller takes an
 * older snapshot, or none). A record of a build before parts (bodies inside, no `bodyParts`) is
 * returned as it is.
 */
export async function withBodies(tx: ReadTx, record: StoredSnapshotRecord, read: DocumentsRead = 'all'): Promise<Snapshot | null> {
  const { bodyParts, sharedBodies, bodyForm, ...snapshot } = record;
  if (bodyParts === undefined) return record;
  const store = tx.objectStore('snapshotBodies');
  const byKey = bodyForm === 'docKeys' || bodyForm === 'docRefs';
  // One request for all parts (in key order): per-part requests cost a round trip or a task each.
  // Parts only: the range is the snapshot's seq (>= 0) from part 0, never the epoch's key nor the list of documents.
  const [parts, documents, keys] = await Promise.all([
    store.getAll(partRange(snapshot.seq)) as Promise<SnapshotPart[]>,
    byKey && read === 'all' ? allDocuments(tx) : null,
    // Keys only when the documents stay unread: each record a body names must be there.
    byKey && read === 'keys' ? tx.objectStore('documents').getAllKeys() : null,
  ]);
  if (parts.length !== bodyParts) return null;
  const stored: ReadonlySet<string> = documents ? new Set(documents.keys()) : new Set(keys ?? []);
  const state: Record<string, NoteBody> = {};
  const server: Record<string, NoteBody> = {};
  for (const part of parts) {
    for (const [side, bodies] of [
      [state, part.state],
      [server, part.server ?? {}],
    ] as const) {
      for (const id in bodies) {
        const body = byKey ? partBody(bodies[id], documents, stored) : bodies[id];
        if (!body) return null;
        side[id] = body;
      }
    }
  }
  for (const id of sharedBodies ?? []) {
    if (!Object.prototype.hasOwnProperty.call(state, id)) return null;
    server[id] = state[id];
  }
  return {
    ...snapshot,
    state: { ...snapshot.state, notes: { ...snapshot.state.notes, bodies: state } },
    ...(snapshot.server ? { server: { ...snapshot.server, notes: { ...snapshot.server.notes, bodies: server } } } : {}),
  };
}
