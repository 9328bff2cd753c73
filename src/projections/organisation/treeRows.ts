import type { OrganisationNode } from './organisationIndex';

/**
 * The rows a notebook or tag tree shows (docs/product.md "Notebooks and tags"): the tree flattened
 * in order, a node's children only under an expanded node, each row with what the WAI-ARIA tree
 * pattern announces (level, position among its siblings) and what its keys need (its parent).
 */
export interface TreeRow {
  node: OrganisationNode;
  /** 1 for a top-level node (`aria-level`). */
  level: number;
  /** 1-based position among its siblings, and their number (`aria-posinset`, `aria-setsize`). */
  posInSet: number;
  setSize: number;
  /** The id of the node above it, or null at the top. */
  parent: string | null;
  hasChildren: boolean;
  expanded: boolean;
}

/** The visible rows of `roots` with the nodes of `expanded` (ids) open, in order. */
export function visibleTreeRows(roots: readonly OrganisationNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const add = (nodes: readonly OrganisationNode[], level: number, parent: string | null) => {
    nodes.forEach((node, i) => {
      const hasChildren = node.children.length > 0;
      const open = hasChildren && expanded.has(node.id);
      rows.push({ node, level, posInSet: i + 1, setSize: nodes.length, parent, hasChildren, expanded: open });
      if (open) add(node.children, level + 1, node.id);
    });
  };
  add(roots, 1, null);
  return rows;
}

/**
 * Type-ahead of the tree pattern: the index of the first row after `from` (wrapping round) whose
 * name starts with `typed`, ignoring case; -1 when none does.
 */
export function typeAheadIndex(rows: readonly TreeRow[], from: number, typed: string): number {
  const prefix = typed.toLowerCase();
  if (prefix === '' || rows.length === 0) return -1;
  for (let step = 1; step <= rows.length; step++) {
    const at = (from + step) % rows.length;
    if (rows[at].node.name.toLowerCase().startsWith(prefix)) return at;
  }
  return -1;
}
