import { nameError, ORGANISATION_DEPTH_MAX, sameName, tagKey, TAG_SEPARATOR } from '../../../catalog';
import type { NotesState } from '../notesState';
import { isWithinNotebook } from './notebooks';

/**
 * What a person may name a notebook or a tag, with the message shown when they may not
 * (docs/product.md "Notebooks and tags"): the catalog's rules (catalog/organisation.ts `nameError`)
 * and uniqueness among siblings ignoring case. A screen asks here before it appends anything, so a
 * bad name changes nothing.
 */

/** A name the rules accept, or why not. */
export type NameCheck = { ok: true; value: string } | { ok: false; problem: string };

/** The live notebook under `parent` (null: top level) named `name` ignoring case, other than `except`. */
function siblingNotebook(notes: NotesState, parent: string | null, name: string, except?: string): string | undefined {
  for (const [id, notebook] of Object.entries(notes.notebooks))
    if (id !== except && notebook.parent === parent && sameName(notebook.name, name)) return id;
  return undefined;
}

/** Where a notebook would go, for messages: "here" at the top, "in “Work”" under it. */
const whereIn = (notes: NotesState, parent: string | null) =>
  parent === null ? 'at the top level' : `in “${notes.notebooks[parent]?.name}”`;

/**
 * `written` as the name of a notebook under `parent` (null: top level), trimmed; `except` is the
 * notebook being renamed (its own name is no clash). Refused when empty, over 100 characters, with a
 * control character, or when a sibling has it ignoring case.
 */
export function checkNotebookName(notes: NotesState, written: string, parent: string | null, except?: string): NameCheck {
  const name = written.trim();
  const problem = nameError(name, 'notebook');
  if (problem) return { ok: false, problem };
  const twin = siblingNotebook(notes, parent, name, except);
  if (twin !== undefined)
    return { ok: false, problem: `A notebook named “${notes.notebooks[twin].name}” is already ${whereIn(notes, parent)}.` };
  return { ok: true, value: name };
}

/**
 * Whether notebook `id` may move under `parent` (null: top level): not into itself or a notebook
 * under it, and no notebook of its name there already. The value is the parent's id ('' for the top).
 */
export function checkNotebookMove(notes: NotesState, id: string, parent: string | null): NameCheck {
  const notebook = notes.notebooks[id];
  if (!notebook) return { ok: false, problem: 'This notebook no longer exists.' };
  if (parent !== null && isWithinNotebook(notes, parent, id)) return { ok: false, problem: 'A notebook cannot go inside itself.' };
  const twin = siblingNotebook(notes, parent, notebook.name, id);
  if (twin !== undefined)
    return { ok: false, problem: `A notebook named “${notes.notebooks[twin].name}” is already ${whereIn(notes, parent)}.` };
  return { ok: true, value: parent ?? '' };
}

/**
 * `written` as a tag path (`project/alpha`, a leading `#` allowed), in the form events carry: each
 * level trimmed and checked (1-100 characters, no control character), at most 10 levels. Unlike
 * `normalTagPath`, which tidies what other apps wrote, a person's bad name is refused, not cut.
 */
export function checkTagPath(written: string): NameCheck {
  const levels = written
    .trim()
    .replace(/^#/, '')
    .split(TAG_SEPARATOR)
    .map((level) => level.trim());
  for (const level of levels) {
    const problem = nameError(level, 'tag');
    if (problem) return { ok: false, problem: levels.length > 1 && level === '' ? 'A tag level needs at least one character.' : problem };
  }
  if (levels.length > ORGANISATION_DEPTH_MAX) return { ok: false, problem: `A tag can nest at most ${ORGANISATION_DEPTH_MAX} levels.` };
  return { ok: true, value: levels.join(TAG_SEPARATOR) };
}

/** What renaming tag `from` (its key) to path `to` does: nothing, a rename, or a merge into the existing tag `into` (its path). */
export type TagRename = { kind: 'same' } | { kind: 'rename' } | { kind: 'merge'; into: string } | { kind: 'refused'; problem: string };

/**
 * How renaming tag `from` (a key) to the checked path `to` folds: onto itself (unchanged), inside
 * itself (refused: the fold ignores it), onto another existing tag (a merge, which the screen asks
 * about first) or a plain rename (a case-only change included).
 */
export function tagRenameKind(notes: NotesState, from: string, to: string): TagRename {
  const toKey = tagKey(to);
  if (notes.tags[from] === undefined) return { kind: 'refused', problem: 'This tag no longer exists.' };
  if (toKey === from) return notes.tags[from] === to ? { kind: 'same' } : { kind: 'rename' };
  if (toKey.startsWith(from + TAG_SEPARATOR)) return { kind: 'refused', problem: 'A tag cannot go inside itself.' };
  const existing = notes.tags[toKey];
  return existing === undefined ? { kind: 'rename' } : { kind: 'merge', into: existing };
}
