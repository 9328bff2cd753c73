import { memo, type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { TreeRow } from '../../projections/organisation/treeRows';

/** What a tree's items call; made once per tree (TreeView). */
export interface ItemHandlers {
  keyDown(event: KeyboardEvent<HTMLElement>, index: number): void;
  click(event: MouseEvent, row: TreeRow): void;
  focus(id: string): void;
  contextMenu(event: MouseEvent, id: string): void;
  more(event: MouseEvent<HTMLElement>, id: string): void;
  dragOver(event: DragEvent, id: string): void;
  dragLeave(id: string): void;
  drop(event: DragEvent, id: string): void;
}

/** One item of a tree (TreeView), rendered again only when its own props change. */
export const TreeItem = memo(function TreeItem({
  row,
  index,
  itemId,
  selected,
  tabStop,
  dropTarget,
  counted,
  icon,
  handlers,
}: {
  row: TreeRow;
  index: number;
  itemId: string;
  selected: boolean;
  tabStop: boolean;
  dropTarget: boolean;
  counted: boolean;
  icon: ReactNode;
  handlers: ItemHandlers;
}) {
  const { node } = row;
  return (
    <div
      id={itemId}
      role="treeitem"
      aria-level={row.level}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      aria-labelledby={`${itemId}-name`}
      tabIndex={tabStop ? 0 : -1}
      className={`tree-item${selected ? ' chosen' : ''}${dropTarget ? ' drop-target' : ''}`}
      style={{ paddingLeft: `${0.35 + (row.level - 1) * 0.9}rem` }}
      title={node.path}
      data-id={node.id}
      onClick={(e) => handlers.click(e, row)}
      onKeyDown={(e) => handlers.keyDown(e, index)}
      onFocus={() => handlers.focus(node.id)}
      onContextMenu={(e) => handlers.contextMenu(e, node.id)}
      onDragOver={(e) => handlers.dragOver(e, node.id)}
      onDragLeave={() => handlers.dragLeave(node.id)}
      onDrop={(e) => handlers.drop(e, node.id)}
    >
      <span className={`tree-chevron${row.hasChildren ? '' : ' leaf'}`} aria-hidden="true">
        {row.hasChildren ? (row.expanded ? '▾' : '▸') : ''}
      </span>
      <span className="tree-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="tree-name" id={`${itemId}-name`}>
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
        onClick={(e) => handlers.more(e, node.id)}
      >
        ⋯
      </button>
    </div>
  );
});
