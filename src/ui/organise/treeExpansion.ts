import { useSyncExternalStore } from 'react';

/** The sidebar's two trees. */
export type TreeKind = 'notebooks' | 'tags';

/**
 * Which notebooks and tags are open in this tab's sidebar trees, and whether each tree's section is
 * shown (docs/product.md "Notebooks and tags"). Kept for the tab's life, not in the log: like the
 * list's scroll position it is where the person looks, not what they did to their notes, and a
 * reload starts with the top level of each tree (and the branches of what the filter shows).
 */
interface Expansion {
  open: Record<TreeKind, ReadonlySet<string>>;
  hidden: Record<TreeKind, boolean>;
}

let state: Expansion = { open: { notebooks: new Set(), tags: new Set() }, hidden: { notebooks: false, tags: false } };
const listeners = new Set<() => void>();
const set = (next: Expansion) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** This tab's open nodes and hidden sections, re-rendering on a change. */
export function useTreeExpansion(): Expansion {
  return useSyncExternalStore(subscribe, () => state);
}

/** Open or close the nodes `ids` of tree `kind`. */
export function setOpen(kind: TreeKind, ids: readonly string[], open: boolean): void {
  if (ids.every((id) => state.open[kind].has(id) === open)) return;
  const next = new Set(state.open[kind]);
  for (const id of ids) {
    if (open) next.add(id);
    else next.delete(id);
  }
  set({ ...state, open: { ...state.open, [kind]: next } });
}

/** Show or hide tree `kind`'s section. */
export function setSectionHidden(kind: TreeKind, hidden: boolean): void {
  if (state.hidden[kind] !== hidden) set({ ...state, hidden: { ...state.hidden, [kind]: hidden } });
}
