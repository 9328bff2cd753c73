import type { NoteBody, NotesState } from '../../../catalog';
import { bodyChain, bodyHtml, readBodyBlocks } from '../../projections/notesState';

/**
 * The notes a checkpoint carries (docs/architecture.md "Sync"): `notes` with bodies as HTML only,
 * since a new device reopens them from HTML and the storage keys every device must agree on hold
 * only the HTML; a body on a chain of changes keeps its chain and its blocks, which the next change
 * of the note merges into (docs/architecture.md "Saves as changes"); a document kept as JSON is
 * parsed for this upload only.
 * `made`: the checkpoint body of each body whose document the caller read apart (`checkpointBody` of it whole).
 * @throws DocumentNotRead when a body's document is not read yet and `made` lacks it.
 */
export function checkpointNotes(notes: NotesState, made: ReadonlyMap<NoteBody, NoteBody> = new Map()): NotesState {
  const bodies = Object.fromEntries(Object.entries(notes.bodies).map(([id, body]) => [id, made.get(body) ?? checkpointBody(body)]));
  return { ...notes, bodies };
}

/**
 * `body` as a checkpoint carries it (see `checkpointNotes`): its HTML, and a chain's blocks and chain.
 * @throws DocumentNotRead when its document is not read yet.
 */
export function checkpointBody(body: NoteBody): NoteBody {
  const chain = bodyChain(body);
  const html = bodyHtml(body);
  return chain ? { html, blocks: readBodyBlocks(body), chain } : { html };
}
