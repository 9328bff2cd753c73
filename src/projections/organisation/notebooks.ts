import type { NotesState } from '../notesState';

/** How far an alias or parent chain is followed: past it the state is broken, and the chain is cut. */
const CHAIN_MAX = 1000;

/**
 * The live notebook an event's notebook id means (docs/architecture.md "Notebooks and tags"): the id
 * itself when live; through its alias when it was merged into another; with `followGone`, a deleted
 * notebook's nearest live ancestor. Null when none is left (top level) or the id is unknown.
 */
export function liveNotebook(notes: NotesState, id: string, followGone = true): string | null {
  let at: string | null = id;
  for (let step = 0; at !== null && step < CHAIN_MAX; step++) {
    if (notes.notebooks[at]) return at;
    const alias: string | undefined = notes.notebookAliases[at];
    if (alias !== undefined) at = alias;
    else if (followGone && notes.goneNotebooks[at] !== undefined) at = notes.goneNotebooks[at];
    else return null;
  }
  return null;
}

/** Whether live notebook `id` is `ancestor` or sits somewhere under it. */
export function isWithinNotebook(notes: NotesState, id: string, ancestor: string): boolean {
  let at: string | null = id;
  for (let step = 0; at !== null && step < CHAIN_MAX; step++) {
    if (at === ancestor) return true;
    at = notes.notebooks[at]?.parent ?? null;
  }
  return false;
}

/** The names from the top notebook down to live notebook `id` (`['Work', 'Projects']`); empty when unknown. */
export function notebookPath(notes: NotesState, id: string): string[] {
  const names: string[] = [];
  let at: string | null = id;
  for (let step = 0; at !== null && step < CHAIN_MAX; step++) {
    const notebook: NotesState['notebooks'][string] | undefined = notes.notebooks[at];
    if (!notebook) break;
    names.unshift(notebook.name);
    at = notebook.parent;
  }
  return names;
}
