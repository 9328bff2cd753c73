import { TAG_SEPARATOR, type NoteFilter } from '../../../catalog';
import type { NotesState } from '../notesState';

/**
 * The sidebar's notebook and tag trees and its filter (docs/product.md "Notebooks and tags"),
 * derived from the notes projection and kept per state: a tree node's count includes the notes of
 * the nodes under it (each note once), and a filter is answered from sets made in the same pass,
 * so choosing a notebook or tags at 10,000 notes reads no note twice.
 */

/** One node of the notebook or tag tree. `id`: the notebook id or the tag key. */
export interface OrganisationNode {
  id: string;
  /** The node's own name: a notebook's name, a tag's last level as written. */
  name: string;
  /** The tag's whole path as written (`project/Alpha`); a notebook's names from the top, joined by " / ". */
  path: string;
  depth: number;
  /** Notes in it and in the nodes under it, each counted once. */
  count: number;
  children: OrganisationNode[];
}

/** A tree and, per node id, the notes in it or under it. */
interface TreeIndex {
  roots: OrganisationNode[];
  notes: ReadonlyMap<string, ReadonlySet<string>>;
}

const byName = (a: OrganisationNode, b: OrganisationNode) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

function sortTree(nodes: OrganisationNode[]): OrganisationNode[] {
  nodes.sort(byName);
  for (const node of nodes) sortTree(node.children);
  return nodes;
}

const notebookCache = new WeakMap<NotesState['notebooks'], WeakMap<NotesState['filed'], TreeIndex>>();
const notebookTreeCache = new WeakMap<NotesState['notebooks'], OrganisationNode[]>();

/** The notebook tree, children sorted by name, with the notes of each notebook and its sub-notebooks. */
export function notebookIndex(notes: NotesState): TreeIndex {
  let byFiled = notebookCache.get(notes.notebooks);
  if (!byFiled) notebookCache.set(notes.notebooks, (byFiled = new WeakMap()));
  let index = byFiled.get(notes.filed);
  if (!index) byFiled.set(notes.filed, (index = buildNotebookIndex(notes)));
  return index;
}

/**
 * The notebook tree without its notes (every `count` 0): what the sidebar draws before the index is
 * made (docs/architecture.md "Start-up order"); it reads the notebooks only, not the notes.
 */
export function notebookTree(notes: NotesState): OrganisationNode[] {
  let roots = notebookTreeCache.get(notes.notebooks);
  if (!roots) notebookTreeCache.set(notes.notebooks, (roots = notebookNodes(notes).roots));
  return roots;
}

/** The notebooks as nodes (count 0) by id, and the roots, sorted by name. */
function notebookNodes(notes: NotesState): { nodes: Map<string, OrganisationNode>; roots: OrganisationNode[] } {
  const nodes = new Map<string, OrganisationNode>();
  for (const [id, notebook] of Object.entries(notes.notebooks)) {
    nodes.set(id, { id, name: notebook.name, path: notebook.name, depth: 0, count: 0, children: [] });
  }
  const roots: OrganisationNode[] = [];
  for (const [id, node] of nodes) {
    const parent = notes.notebooks[id].parent;
    const parentNode = parent === null ? undefined : nodes.get(parent);
    if (parentNode) parentNode.children.push(node);
    else roots.push(node);
  }
  const place = (node: OrganisationNode, depth: number, path: string) => {
    node.depth = depth;
    node.path = path;
    for (const child of node.children) place(child, depth + 1, `${path} / ${child.name}`);
  };
  for (const root of roots) place(root, 0, root.name);
  return { nodes, roots: sortTree(roots) };
}

function buildNotebookIndex(notes: NotesState): TreeIndex {
  const { nodes, roots } = notebookNodes(notes);
  const members = new Map<string, Set<string>>();
  for (const id of nodes.keys()) members.set(id, new Set());
  for (const [note, notebook] of Object.entries(notes.filed)) {
    for (let at: string | null = notebook, step = 0; at !== null && step < 1000; step++) {
      members.get(at)?.add(note);
      at = notes.notebooks[at]?.parent ?? null;
    }
  }
  for (const [id, node] of nodes) node.count = members.get(id)!.size;
  return { roots, notes: members };
}

const tagCache = new WeakMap<NotesState['tags'], WeakMap<NotesState['tagged'], TreeIndex>>();

/** The tag tree (nesting by `/`), children sorted by name, with the notes carrying each tag or a tag under it. */
export function tagIndex(notes: NotesState): TreeIndex {
  let byTagged = tagCache.get(notes.tags);
  if (!byTagged) tagCache.set(notes.tags, (byTagged = new WeakMap()));
  let index = byTagged.get(notes.tagged);
  if (!index) byTagged.set(notes.tagged, (index = buildTagIndex(notes)));
  return index;
}

const tagTreeCache = new WeakMap<NotesState['tags'], OrganisationNode[]>();

/** The tag tree without its notes (every `count` 0), as notebookTree: it reads the tags only. */
export function tagTree(notes: NotesState): OrganisationNode[] {
  let roots = tagTreeCache.get(notes.tags);
  if (!roots) tagTreeCache.set(notes.tags, (roots = tagNodes(notes).roots));
  return roots;
}

/** The tags as nodes (count 0) by key, and the roots, sorted by name. */
function tagNodes(notes: NotesState): { nodes: Map<string, OrganisationNode>; roots: OrganisationNode[] } {
  const nodes = new Map<string, OrganisationNode>();
  for (const [key, path] of Object.entries(notes.tags)) {
    const levels = path.split(TAG_SEPARATOR);
    nodes.set(key, { id: key, name: levels[levels.length - 1], path, depth: levels.length - 1, count: 0, children: [] });
  }
  const roots: OrganisationNode[] = [];
  for (const [key, node] of nodes) {
    const cut = key.lastIndexOf(TAG_SEPARATOR);
    const parent = cut < 0 ? undefined : nodes.get(key.slice(0, cut));
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return { nodes, roots: sortTree(roots) };
}

function buildTagIndex(notes: NotesState): TreeIndex {
  const { nodes, roots } = tagNodes(notes);
  const members = new Map<string, Set<string>>();
  for (const key of nodes.keys()) members.set(key, new Set());
  for (const [note, keys] of Object.entries(notes.tagged)) {
    // The tag and every tag above it, cut off level by level (no arrays made per key).
    for (const key of keys)
      for (let at = key; ;) {
        members.get(at)?.add(note);
        const cut = at.lastIndexOf(TAG_SEPARATOR);
        if (cut < 0) break;
        at = at.slice(0, cut);
      }
  }
  for (const [key, node] of nodes) node.count = members.get(key)!.size;
  return { roots, notes: members };
}

/** Whether `filter` selects every note. */
export function isEmptyFilter(filter: NoteFilter): boolean {
  return filter.notebook === null && filter.tags.length === 0 && !filter.starred;
}

/**
 * The notes of `ids` (in their order) that pass `filter`: in the notebook or one under it, carrying
 * every tag of the filter (or a tag under it), starred when asked; `ids` itself when the filter is
 * empty. A notebook or tag that no longer exists selects no note.
 */
export function filteredIds(notes: NotesState, ids: readonly string[], filter: NoteFilter): readonly string[] {
  if (isEmptyFilter(filter)) return ids;
  const sets: ReadonlySet<string>[] = [];
  if (filter.notebook !== null) sets.push(notebookIndex(notes).notes.get(filter.notebook) ?? new Set());
  for (const tag of filter.tags) sets.push(tagIndex(notes).notes.get(tag) ?? new Set());
  if (filter.starred) sets.push(new Set(notes.starred));
  sets.sort((a, b) => a.size - b.size);
  return ids.filter((id) => sets.every((set) => set.has(id)));
}
