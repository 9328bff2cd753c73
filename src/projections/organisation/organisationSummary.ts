import type { NotesState } from '../notesState';
import { notebookIndex, tagIndex, type OrganisationNode } from './organisationIndex';

/** One notebook or tag of a summary: its whole path and the notes directly in it or carrying it, in manual order. */
interface OrganisationEntry {
  path: string;
  notes: string[];
}

/** The notebooks and tags of a state, for people and tools (docs/product.md "Event log tools"). */
export interface OrganisationSummary {
  notebooks: OrganisationEntry[];
  tags: OrganisationEntry[];
}

function flatten(
  nodes: readonly OrganisationNode[],
  direct: (id: string) => string[],
  into: OrganisationEntry[] = [],
): OrganisationEntry[] {
  for (const node of nodes) {
    into.push({ path: node.path, notes: direct(node.id) });
    flatten(node.children, direct, into);
  }
  return into;
}

/**
 * Every notebook (tree order, names from the top joined by " / ") and every tag (tree order, its path
 * as written), each with the notes in it or carrying it directly, in manual order. Deterministic:
 * the same state gives the same summary, so `npm run replay` prints the same bytes for the same log.
 */
export function organisationSummary(notes: NotesState): OrganisationSummary {
  const inNotebook = (id: string) => notes.order.filter((note) => notes.filed[note] === id);
  const withTag = (key: string) => notes.order.filter((note) => notes.tagged[note]?.includes(key));
  return { notebooks: flatten(notebookIndex(notes).roots, inNotebook), tags: flatten(tagIndex(notes).roots, withTag) };
}
