import { tagKeyAncestry } from '../../../../catalog';
import type { NotesState } from '../../../projections/notesState';
import type { ManageTarget } from '../manageRequest';
import { setOpen } from '../treeExpansion';

/**
 * Open the branches above a notebook or tag just made or moved, so it shows where it went
 * (docs/product.md "Notebooks and tags"): a notebook's new `parent` and the notebooks above it, or a
 * tag's parents (from its key).
 */
export function openAbove(notes: NotesState, target: ManageTarget, parent: string | null): void {
  if (target.kind === 'tag') return setOpen('tags', tagKeyAncestry(target.key).slice(0, -1), true);
  const above: string[] = [];
  for (let at = parent; at !== null && above.length < 1000; at = notes.notebooks[at]?.parent ?? null) above.push(at);
  setOpen('notebooks', above, true);
}
