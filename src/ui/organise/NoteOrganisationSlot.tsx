import { lazy, Suspense } from 'react';
import { AfterLoad } from '../afterLoad';

const NoteOrganisation = lazy(() => import('./note/NoteOrganisation'));

/**
 * The row under the note's title that holds its notebook and tags (docs/product.md "Notebooks and
 * tags"). Its height is kept from the first paint and its controls load in the first idle moment
 * after it (they are not part of the first screen's code), so the note below never moves.
 */
export function NoteOrganisationSlot({ noteId }: { noteId: string }) {
  return (
    <div className="note-organisation" role="group" aria-label="Notebook and tags">
      <AfterLoad>
        <Suspense fallback={null}>
          <NoteOrganisation noteId={noteId} />
        </Suspense>
      </AfterLoad>
    </div>
  );
}
