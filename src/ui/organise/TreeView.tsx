import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { typeAheadIndex, type TreeRow } from '../../projections/organisation/treeRows';
import { draggedNoteId, holdsNoteDrag } from './noteDrag';
import { TreeItem, type ItemHandlers } from './TreeItem';

/** Keys typed within this many ms of each other make one type-ahead word. */
const TYPE_AHEAD_MS = 600;

/** What a tree asks of the sidebar: choosing, opening, the item's menu, commands and dropped notes. */
export interface TreeActions {
  /** Choose node `id` as the filter; `add` (Ctrl or Cmd held) joins it to the filter shown. */
  choose(id: string, add: boolean): void;
  toggle(id: string, open: boolean): void;
  /** Open every node of `ids` (the `*` key: the focused node's siblings). */
  openAll(ids: string[]): void;
  /** Open the node's menu at a point of the window (its ⋯ button, a right click, Shift+F10). */
  menu(id: string, at: { x: number; y: number }): void;
  /** F2 renames, Delete deletes (each asks first). */
  command(id: string, command: 'rename' | 'delete'): void;
  /** A note's sidebar row was dropped on node `id`. */
  dropNote(id: string, noteId: string): void;
}

/**
 * A notebook or tag tree of docs/product.md "Notebooks and tags" in the WAI-ARIA tree pattern: one
 * Tab stop (the focused item keeps `tabIndex` 0); ↓ ↑ move, → opens or goes to the first child, ←
 * closes or goes to the parent, Home and End, `*` opens the siblings, typed letters go to the next
 * item starting with them; Enter or Space chooses (with Ctrl or Cmd, adds to the filter); Shift+F10
 * or the menu key opens the item's menu, as its ⋯ button and a right click do; F2 renames and Delete
 * deletes. Items are a flat list with `aria-level`, `aria-posinset` and `aria-setsize`. Each item
 * takes a note row dropped on it. Written here rather than taken from a library: see
 * docs/architecture.md "Notebooks and tags".
 */
export function TreeView({
  label,
  rows,
  chosen,
  icon,
  tags,
  counted,
  actions,
}: {
  label: string;
  rows: readonly TreeRow[];
  /** Ids shown by the filter (`aria-selected`). */
  chosen: ReadonlySet<string>;
  /** What precedes each name (a folder, '#'). */
  icon: ReactNode;
  /** A tag tree: several may be chosen, and a dropped note is tagged (copied), not moved. */
  tags: boolean;
  /** The nodes' counts are made (after start-up): shown; before, no count is shown rather than 0. */
  counted: boolean;
  actions: TreeActions;
}) {
  const idPrefix = useId();
  const [active, setActive] = useState<string | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);
  const typed = useRef({ text: '', at: 0 });
  const focusAfterRender = useRef(false);
  // The item in the Tab order: the one last focused while it is shown, else the first chosen, else the first.
  const tabStop = rows.some((r) => r.node.id === active)
    ? active
    : (rows.find((r) => chosen.has(r.node.id))?.node.id ?? rows[0]?.node.id ?? null);
  // A tag's key may hold spaces, which would split an ID reference (aria-labelledby) in two.
  const itemId = (id: string) => `${idPrefix}-${encodeURIComponent(id)}`;

  useEffect(() => {
    if (!focusAfterRender.current || tabStop === null) return;
    focusAfterRender.current = false;
    document.getElementById(itemId(tabStop))?.focus();
  });

  const focusRow = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    setActive(row.node.id);
    focusAfterRender.current = true;
    // Already the tab stop: no render follows, so focus it now.
    document.getElementById(itemId(row.node.id))?.focus();
  };

  // The items' handlers are made once and read this render's values, so an item whose own props
  // did not change is not rendered again (choosing a filter re-renders only the items it changes).
  const latest = useRef({ rows, actions, tags, dropOn, focusRow });
  latest.current = { rows, actions, tags, dropOn, focusRow };
  const [handlers] = useState<ItemHandlers>(() => {
    const typeAhead = (key: string, index: number): boolean => {
      const { rows } = latest.current;
      const now = Date.now();
      const run = now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + key : key;
      typed.current = { text: run, at: now };
      // A word being typed stays on the item it matches; a new first letter looks after the focused item.
      const from = run.length > 1 ? index - 1 : index;
      const found = typeAheadIndex(rows, (from + rows.length) % rows.length, run);
      if (found >= 0) latest.current.focusRow(found);
      return true;
    };
    return {
      keyDown(event, index) {
        const { rows, actions, focusRow } = latest.current;
        const row = rows[index];
        const id = row.node.id;
        const add = event.ctrlKey || event.metaKey;
        let handled = true;
        let typing = false;
        switch (event.key) {
          case 'ArrowDown':
            focusRow(index + 1);
            break;
          case 'ArrowUp':
            focusRow(index - 1);
            break;
          case 'Home':
            focusRow(0);
            break;
          case 'End':
            focusRow(rows.length - 1);
            break;
          case 'ArrowRight':
            if (row.hasChildren && !row.expanded) actions.toggle(id, true);
            else if (row.expanded) focusRow(index + 1);
            break;
          case 'ArrowLeft':
            if (row.expanded) actions.toggle(id, false);
            else if (row.parent !== null) focusRow(rows.findIndex((r) => r.node.id === row.parent));
            break;
          case 'Enter':
          case ' ':
            actions.choose(id, add);
            break;
          case '*':
            actions.openAll(rows.filter((r) => r.parent === row.parent && r.hasChildren).map((r) => r.node.id));
            break;
          case 'F2':
            actions.command(id, 'rename');
            break;
          case 'Delete':
            actions.command(id, 'delete');
            break;
          case 'ContextMenu':
          case 'F10':
            if (event.key === 'F10' && !event.shiftKey) {
              handled = false;
              break;
            }
            {
              const box = event.currentTarget.getBoundingClientRect();
              actions.menu(id, { x: box.left + 24, y: box.bottom });
            }
            break;
          default:
            // `/` and `?` stay the app's keys (search, the shortcuts list).
            typing = event.key.length === 1 && !add && !event.altKey && event.key !== '/' && event.key !== '?';
            handled = typing && typeAhead(event.key, index);
        }
        // Only letters typed one after another make a type-ahead word.
        if (!typing) typed.current = { text: '', at: 0 };
        if (handled) {
          event.preventDefault();
          event.stopPropagation();
        }
      },
      click(event, row) {
        setActive(row.node.id);
        // The chevron opens and closes (the keys do it with → and ←); the rest of the item chooses.
        const { actions } = latest.current;
        if (row.hasChildren && (event.target as HTMLElement).closest('.tree-chevron')) actions.toggle(row.node.id, !row.expanded);
        else actions.choose(row.node.id, event.ctrlKey || event.metaKey);
      },
      focus: (id) => setActive(id),
      contextMenu(event, id) {
        event.preventDefault();
        setActive(id);
        latest.current.actions.menu(id, { x: event.clientX, y: event.clientY });
      },
      more(event, id) {
        event.stopPropagation();
        setActive(id);
        const box = event.currentTarget.getBoundingClientRect();
        latest.current.actions.menu(id, { x: box.left, y: box.bottom });
      },
      dragOver(event, id) {
        if (!holdsNoteDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = latest.current.tags ? 'copy' : 'move';
        if (latest.current.dropOn !== id) setDropOn(id);
      },
      dragLeave: (id) => setDropOn((at) => (at === id ? null : at)),
      drop(event, id) {
        setDropOn(null);
        const note = draggedNoteId(event);
        if (note === null) return;
        event.preventDefault();
        latest.current.actions.dropNote(id, note);
      },
    };
  });

  return (
    <div role="tree" aria-label={label} aria-multiselectable={tags || undefined} className="organise-tree">
      {rows.map((row, index) => (
        <TreeItem
          key={row.node.id}
          row={row}
          index={index}
          itemId={itemId(row.node.id)}
          selected={chosen.has(row.node.id)}
          tabStop={row.node.id === tabStop}
          dropTarget={dropOn === row.node.id}
          counted={counted}
          icon={icon}
          handlers={handlers}
        />
      ))}
    </div>
  );
}
