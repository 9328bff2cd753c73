/** A notebook (by id) or a tag (by key) that a menu or dialog acts on. */
export type ManageTarget = { kind: 'notebook'; id: string } | { kind: 'tag'; key: string };

/**
 * What the sidebar asks of its menus and dialogs (docs/product.md "Notebooks and tags"): a tree
 * item's menu at a point of the window, or one of its dialogs straight away (the section's + button,
 * F2, Delete). `parent` of a new notebook or tag: null for the top level.
 */
export type ManageRequest =
  | { kind: 'menu'; target: ManageTarget; at: { x: number; y: number } }
  | { kind: 'create'; what: 'notebook'; parent: string | null }
  | { kind: 'create'; what: 'tag'; parent: string | null }
  | { kind: 'rename' | 'move' | 'delete'; target: ManageTarget };
