import type { NotesState } from '../notesState';
import { notebookIndex } from './organisationIndex';

/** One bar of the dashboard's organisation panels: what it stands for and how many notes. */
export interface OrganisationBar {
  label: string;
  count: number;
}

/** How many tags the "Most Used Tags" panel shows. */
export const TOP_TAGS_COUNT = 10;

/** The label of the notes in no notebook, in the "Notes per Notebook" panel. */
const NO_NOTEBOOK_LABEL = 'No notebook';

/**
 * The dashboard's organisation figures (docs/product.md "Dashboard"): notes per top-level notebook
 * (each with the notes of its sub-notebooks), most first, then the notes in no notebook; and the
 * TOP_TAGS_COUNT tags carried by the most notes (a tag's own notes, not those of the tags under it,
 * so a parent does not outrank every child), ties by path. Pure; reads the notebook index.
 */
export function organisationStatistics(notes: NotesState): { notebooks: OrganisationBar[]; tags: OrganisationBar[] } {
  const byCount = (a: OrganisationBar, b: OrganisationBar) => b.count - a.count || a.label.localeCompare(b.label);
  const notebooks = notebookIndex(notes)
    .roots.map((node) => ({ label: node.name, count: node.count }))
    .sort(byCount);
  const total = notes.order.length;
  const filed = notes.order.reduce((n, id) => n + (notes.filed[id] !== undefined ? 1 : 0), 0);
  if (notebooks.length > 0) notebooks.push({ label: NO_NOTEBOOK_LABEL, count: total - filed });
  const own = new Map<string, number>();
  for (const keys of Object.values(notes.tagged)) for (const key of keys) own.set(key, (own.get(key) ?? 0) + 1);
  const tags = [...own]
    .map(([key, count]) => ({ label: notes.tags[key] ?? key, count }))
    .sort(byCount)
    .slice(0, TOP_TAGS_COUNT);
  return { notebooks, tags };
}
