import { useMemo } from 'react';
import type { NotesState } from '../../projections/notesState';
import { notebookIndex, tagIndex, type OrganisationNode } from '../../projections/organisation/organisationIndex';
import { VirtualLines } from './VirtualLines';
import { notesCount } from '../feedback';

/** Every node of a tree, parents first. */
const everyNode = (roots: readonly OrganisationNode[]): OrganisationNode[] => roots.flatMap((node) => [node, ...everyNode(node.children)]);

/**
 * The notebooks and tags at a replay step (docs/product.md "Event log tools"): each notebook by its
 * path and each tag, with its notes (those under it included), as the sidebar's trees count them.
 */
export function ReplayOrganisation({ notes }: { notes: NotesState }) {
  // The indexes are kept per notebooks and filing, per tags and tagging: a step that changes neither reuses them.
  const notebooks = useMemo(() => everyNode(notebookIndex(notes).roots), [notes]);
  const tags = useMemo(() => everyNode(tagIndex(notes).roots), [notes]);
  return (
    <>
      <section aria-label="Notebooks at this step">
        <h3>Notebooks ({notebooks.length})</h3>
        {notebooks.length === 0 ? (
          <p className="muted">none</p>
        ) : (
          <VirtualLines
            label="Notebooks"
            count={notebooks.length}
            line={(i) => (
              <>
                {notebooks[i].path} <small>{notesCount(notebooks[i].count)}</small>
              </>
            )}
          />
        )}
      </section>
      <section aria-label="Tags at this step">
        <h3>Tags ({tags.length})</h3>
        {tags.length === 0 ? (
          <p className="muted">none</p>
        ) : (
          <VirtualLines
            label="Tags"
            count={tags.length}
            line={(i) => (
              <>
                #{tags[i].path} <small>{notesCount(tags[i].count)}</small>
              </>
            )}
          />
        )}
      </section>
    </>
  );
}
