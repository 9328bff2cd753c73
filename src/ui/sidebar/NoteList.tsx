import { useCallback, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SidebarRows } from '../../projections/sidebar';
import { NoteRow, type RowActions } from './NoteRow';

/** Estimated row height; rows are measured after rendering, so this only seeds the scrollbar. */
const ROW_ESTIMATE_PX = 52;
const COMPACT_ROW_ESTIMATE_PX = 40;
/** Rows rendered beyond the visible ones, so fast scrolling does not show blanks. */
const OVERSCAN_ROWS = 8;

/**
 * The note list, virtualized: only the rows in view (plus a few) are in the DOM, so 10,000 notes
 * cost the same as 20.
 */
export function NoteList({
  rows,
  actions,
  compact,
  emptyText,
}: {
  rows: SidebarRows;
  actions: RowActions;
  compact: boolean;
  emptyText: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // A new getItemKey makes the virtualizer lay out all 10,000 positions again: only when the ids change.
  const getItemKey = useCallback((i: number) => rows.ids[i], [rows.ids]);
  const estimateSize = useCallback(() => (compact ? COMPACT_ROW_ESTIMATE_PX : ROW_ESTIMATE_PX), [compact]);
  const virtual = useVirtualizer({
    count: rows.ids.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    overscan: OVERSCAN_ROWS,
    getItemKey,
  });
  return (
    <div className="note-list-scroller" ref={scroller}>
      <ul className="note-list" aria-label="Note list" style={{ height: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((item) => (
          <NoteRow
            key={item.key}
            row={rows.row(item.index)}
            actions={actions}
            compact={compact}
            index={item.index}
            measureRef={virtual.measureElement}
            style={{ transform: `translateY(${item.start}px)` }}
          />
        ))}
      </ul>
      {rows.ids.length === 0 && !compact && <p className="note-list-empty">{emptyText}</p>}
    </div>
  );
}
