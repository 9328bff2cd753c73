import type { NotesState } from '../../../catalog';
import { bodyChain, bodyHtml, readBodyBlocks } from '../../projections/notesState';

/**
 * The notes a checkpoint carries (docs/architecture.md "Sync"): `notes` with bodies as HTML only,
 * since a new device reopens them from HTML and the storage keys every device must agree on hold
 * only the HTML; a body on a chain of changes keeps its chain and its blocks, which the next change
 * of the note merges into (docs/architecture.md "Saves as changes"); a document kept as JSON is
 * parsed for this upload only.
 * @throws DocumentNotRead when a body's document is not read yet (the caller reads them first).
 */
export function checkpointNotes(notes: NotesState): NotesState {
  const bodies = Object.fromEntries(
    Object.entries(notes.bodies).map(([id, body]) => {
      const chain = bodyChain(body);
      const html = bodyHtml(body);
      return [id, chain ? { html, blocks: readBodyBlocks(body), chain } : { html }];
    }),
  );
  return { ...notes, bodies };
}
