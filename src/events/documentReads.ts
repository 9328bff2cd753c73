import type { AppEvent } from '../../catalog';
import { comparesHtml } from '../projections/conflicts';
import { isUnreadBody, type NoteBody, type NotesState } from '../projections/notesState';
import type { DocumentRecord } from './logRecords';
import { readBody } from './snapshotDocuments';

/**
 * Reading documents by note (docs/architecture.md "Snapshots", "Documents by reference"): start-up
 * keeps a snapshot's bodies unread (`{ html, docKey }`); what reads a note's document first has the
 * log read it by key and put it into the state. Putting documents in alters no content: each unread
 * body is replaced by the whole body with the same HTML, its key kept.
 */

/** Documents read per transaction when every unread body is read: a range of the store, one `getAll` (LogStorage.readDocuments). */
export const DOCUMENT_READ_SLICE = 500;

/** The keys of the unread bodies of notes `ids` (every note: null) in `notes`, added to `into`. */
export function unreadKeys(notes: NotesState, ids: Iterable<string> | null, into: Set<string>): Set<string> {
  const { bodies } = notes;
  if (ids === null) {
    for (const id in bodies) if (isUnreadBody(bodies[id])) into.add(bodies[id].docKey);
    return into;
  }
  for (const id of ids) {
    const body = Object.prototype.hasOwnProperty.call(bodies, id) ? bodies[id] : undefined;
    if (isUnreadBody(body)) into.add(body.docKey);
  }
  return into;
}

/**
 * `notes` with each unread body whose key `read` holds replaced by the whole body (one object per
 * key, kept in `made` so two states sharing a body share it again); `notes` itself when none is.
 */
export function withDocuments(notes: NotesState, read: ReadonlyMap<string, DocumentRecord>, made: Map<string, NoteBody>): NotesState {
  let bodies: Record<string, NoteBody> | null = null;
  for (const id in notes.bodies) {
    const body = notes.bodies[id];
    if (!isUnreadBody(body)) continue;
    const document = read.get(body.docKey);
    if (!document) continue;
    let whole = made.get(body.docKey);
    if (!whole) made.set(body.docKey, (whole = readBody(body, document)));
    (bodies ??= { ...notes.bodies })[id] = whole;
  }
  return bodies ? { ...notes, bodies } : notes;
}

/** Whether folding `e` onto `notes` compares note `id`'s current HTML (a conflict, an import met twice). */
function comparesHtmlOf(e: AppEvent, id: string, notes: NotesState): boolean {
  if (e.type === 'note.imported') return e.payload.source !== 'localStorage' && notes.meta[id] !== undefined;
  if (e.type === 'note.body-saved' || e.type === 'note.revision-restored') return comparesHtml(notes, id, e.payload.base);
  return false;
}

/**
 * The notes whose previous document folding `events` onto `notes` reads: a `note.changed` merges
 * into its note's document (or, by its remap, the note its id became, or a copy holding its chain);
 * a body save, a restore and an import compare the note's HTML, which an unread body of a
 * `'docRefs'` snapshot does not hold (docs/architecture.md "Documents by reference"). Other events
 * replace a body or copy it by reference, reading no document.
 */
export function notesReadBy(events: readonly AppEvent[], notes: NotesState): Set<string> {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.type === 'note.imported' || e.type === 'note.body-saved' || e.type === 'note.revision-restored') {
      const { id, ref } = e.payload as { id: string; ref?: string };
      for (const of of [id, ref !== undefined ? notes.remaps[ref] : undefined]) {
        if (of === undefined || !Object.prototype.hasOwnProperty.call(notes.bodies, of)) continue;
        if (notes.bodies[of].html === undefined && comparesHtmlOf(e, of, notes)) ids.add(of);
      }
      continue;
    }
    if (e.type !== 'note.changed') continue;
    const { id, ref } = e.payload as { id: string; ref?: string };
    ids.add(id);
    if (ref !== undefined && notes.remaps[ref] !== undefined) ids.add(notes.remaps[ref]);
  }
  if (ids.size === 0) return ids;
  // A change of a chain the note no longer has goes to a copy holding it (foldChanged.ts).
  for (const copy of notes.order) {
    const of = notes.revs[copy]?.copyOf;
    if (of !== undefined && ids.has(of)) ids.add(copy);
  }
  return ids;
}
