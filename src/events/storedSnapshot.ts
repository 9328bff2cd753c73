import type { NoteBody, NotesState } from '../projections/notesState';
import type { Snapshot } from './logRecords';
import { storedBlocksJson } from './storedForm';

/**
 * How snapshots are kept in IndexedDB, like events' stored form (storedForm.ts): a body's
 * BlockNote document is kept as one JSON string, `blocksJson`, beside its HTML.
 *
 * Why: a snapshot of 10,000 notes holds tens of thousands of block objects, and IndexedDB copies
 * them synchronously on the main thread both ways: writing a snapshot (every 500 events, after a
 * save) and reading it at start-up would be long tasks, plus the garbage of as many objects.
 * Strings are copied, not walked (docs/benchmarks.md has the figures). A body read back keeps the string (`NoteBody.blocksJson`): the
 * state uses it as it is, `bodyBlocks` parses it the first time something reads the document (the
 * editor opening the note, the search index, statistics), and the next snapshot writes it again
 * without stringifying.
 *
 * Compatibility: snapshots of older builds (bodies with `blocks` arrays) read unchanged. A tab of an
 * older build reading a new snapshot sees bodies without `blocks` and opens those notes from their
 * HTML, as it does for legacy notes.
 */

/** JSON of a body's blocks, by body object: bodies are shared between states and never mutated. */
const bodyJson = new WeakMap<NoteBody, string>();

function storedBody(body: NoteBody): NoteBody {
  if (!Array.isArray(body.blocks)) return body; // no document, or already its JSON
  let json = bodyJson.get(body);
  if (json === undefined) {
    json = storedBlocksJson(body.blocks);
    bodyJson.set(body, json);
  }
  return { html: body.html, blocksJson: json };
}

function storedNotes(notes: NotesState): NotesState {
  const bodies: Record<string, NoteBody> = {};
  for (const [id, body] of Object.entries(notes.bodies)) bodies[id] = storedBody(body);
  return { ...notes, bodies };
}

/** The form of `snapshot` to put in IndexedDB: every body's document as one JSON string. Never mutates `snapshot`. */
export function toStoredSnapshot(snapshot: Snapshot): Snapshot {
  const state = { ...snapshot.state, notes: storedNotes(snapshot.state.notes) };
  const server = snapshot.server ? { ...snapshot.server, notes: storedNotes(snapshot.server.notes) } : undefined;
  return { ...snapshot, state, ...(server ? { server } : {}) };
}
