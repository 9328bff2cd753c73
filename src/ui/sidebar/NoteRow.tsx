import { memo, type CSSProperties } from 'react';
import type { SidebarRow } from '../../projections/sidebar';
import { TitleField } from '../TitleField';
import { rowDate } from './rowDate';
import { SharedMark } from '../share/SharedMark';
import { startNoteDrag } from '../organise/noteDrag';

/** Callbacks a row sends events through. */
export interface RowActions {
  select(id: string): void;
  rename(id: string, title: string): void;
  toggleStar(id: string, starred: boolean): void;
  move(id: string, direction: 'up' | 'down'): void;
  remove(id: string): void;
}

/** One sidebar row (docs/product.md "Sidebar"): title with search highlights (and the shared mark), local date, star, move, delete. */
export const NoteRow = memo(function NoteRow(props: { row: SidebarRow; actions: RowActions; compact: boolean; style: CSSProperties }) {
  const { row, actions, compact, style } = props;
  return (
    <li
      style={style}
      className={`note-row${row.selected ? ' selected' : ''}`}
      aria-current={row.selected ? 'true' : undefined}
      data-note-id={row.id}
    >
      <TitleField
        title={row.title}
        onSave={(t) => actions.rename(row.id, t)}
        viewAs={(title, edit) => (
          <button
            type="button"
            className="note-row-main"
            onClick={() => actions.select(row.id)}
            onDoubleClick={compact ? undefined : edit}
            // Dropped on a notebook or a tag of the sidebar, it files or tags the note (docs/product.md "Notebooks and tags").
            draggable={!compact}
            onDragStart={(e) => startNoteDrag(e, row.id, title)}
            title={title}
            aria-label={compact ? title : undefined}
          >
            {compact ? (
              <span className="note-row-initial">{title.slice(0, 1).toUpperCase()}</span>
            ) : (
              <>
                <span className="note-row-title">
                  {row.titleParts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
                  {row.shared && <SharedMark className="note-row-shared" />}
                </span>
                <span className="note-row-date">{rowDate(row.modified)}</span>
              </>
            )}
          </button>
        )}
      />
      {!compact && (
        <span className="note-row-actions">
          <button
            type="button"
            className={`icon-button star${row.starred ? ' on' : ''}`}
            aria-label={row.starred ? 'Unstar' : 'Star'}
            aria-pressed={row.starred}
            onClick={() => actions.toggleStar(row.id, row.starred)}
          >
            {row.starred ? '★' : '☆'}
          </button>
          {row.canMoveUp && (
            <button type="button" className="icon-button" aria-label="Move up" onClick={() => actions.move(row.id, 'up')}>
              ↑
            </button>
          )}
          {row.canMoveDown && (
            <button type="button" className="icon-button" aria-label="Move down" onClick={() => actions.move(row.id, 'down')}>
              ↓
            </button>
          )}
          <button type="button" className="icon-button danger" aria-label="Delete note" onClick={() => actions.remove(row.id)}>
            ✕
          </button>
        </span>
      )}
    </li>
  );
});
