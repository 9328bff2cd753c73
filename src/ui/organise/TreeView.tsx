import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { typeAheadIndex, type TreeRow } from '../../projections/organisation/treeRows';
import { draggedNoteId, holdsNoteDrag } from './noteDrag';

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

  const onKeyDown = (event: KeyboardEvent, index: number) => {
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
  };

  const typeAhead = (key: string, index: number): boolean => {
    const now = Date.now();
    const run = now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + key : key;
    typed.current = { text: run, at: now };
    // A word being typed stays on the item it matches; a new first letter looks after the focused item.
    const from = run.length > 1 ? index - 1 : index;
    const found = typeAheadIndex(rows, (from + rows.length) % rows.length, run);
    if (found >= 0) focusRow(found);
    return true;
  };

  const onClick = (event: MouseEvent, row: TreeRow) => {
    setActive(row.node.id);
    // The chevron opens and closes (the keys do it with → and ←); the rest of the item chooses.
    if (row.hasChildren && (event.target as HTMLElement).closest('.tree-chevron')) actions.toggle(row.node.id, !row.expanded);
    else actions.choose(row.node.id, event.ctrlKey || event.metaKey);
  };

  const onContextMenu = (event: MouseEvent, id: string) => {
    event.preventDefault();
    setActive(id);
    actions.menu(id, { x: event.clientX, y: event.clientY });
  };

  const onDragOver = (event: DragEvent, id: string) => {
    if (!holdsNoteDrag(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = tags ? 'copy' : 'move';
    if (dropOn !== id) setDropOn(id);
  };

  const onDrop = (event: DragEvent, id: string) => {
    setDropOn(null);
    const note = draggedNoteId(event);
    if (note === null) return;
    event.preventDefault();
    actions.dropNote(id, note);
  };

  return (
    <div role="tree" aria-label={label} aria-multiselectable={tags || undefined} className="organise-tree">
      {rows.map((row, index) => {
        const { node } = row;
        const selected = chosen.has(node.id);
        return (
          <div
            key={node.id}
            id={itemId(node.id)}
            role="treeitem"
            aria-level={row.level}
            aria-posinset={row.posInSet}
            aria-setsize={row.setSize}
            aria-expanded={row.hasChildren ? row.expanded : undefined}
            aria-selected={selected}
            aria-labelledby={`${itemId(node.id)}-name`}
            tabIndex={node.id === tabStop ? 0 : -1}
            className={`tree-item${selected ? ' chosen' : ''}${dropOn === node.id ? ' drop-target' : ''}`}
            style={{ paddingLeft: `${0.35 + (row.level - 1) * 0.9}rem` }}
            title={node.path}
            data-id={node.id}
            onClick={(e) => onClick(e, row)}
            onKeyDown={(e) => onKeyDown(e, index)}
            onFocus={() => setActive(node.id)}
            onContextMenu={(e) => onContextMenu(e, node.id)}
            onDragOver={(e) => onDragOver(e, node.id)}
            onDragLeave={() => setDropOn((at) => (at === node.id ? null : at))}
            onDrop={(e) => onDrop(e, node.id)}
          >
            <span className={`tree-chevron${row.hasChildren ? '' : ' leaf'}`} aria-hidden="true">
              {row.hasChildren ? (row.expanded ? '▾' : '▸') : ''}
            </span>
            <span className="tree-icon" aria-hidden="true">
              {icon}
            </span>
            <span className="tree-name" id={`${itemId(node.id)}-name`}>
              {node.name}
            </span>
            {counted && (
              <span className="tree-count">
                {node.count}
                <span className="visually-hidden"> {node.count === 1 ? 'note' : 'notes'}</span>
              </span>
            )}
            <button
              type="button"
              className="tree-more icon-button"
              tabIndex={-1}
              aria-label={`More actions for ${node.name}`}
              aria-haspopup="menu"
              onClick={(e) => {
                e.stopPropagation();
                setActive(node.id);
                const box = e.currentTarget.getBoundingClientRect();
                actions.menu(node.id, { x: box.left, y: box.bottom });
              }}
            >
              ⋯
            </button>
          </div>
        );
      })}
    </div>
  );
}
