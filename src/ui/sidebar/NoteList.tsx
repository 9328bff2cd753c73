import { useCallback, useMemo, useRef } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { SidebarRows } from '../../projections/sidebar';
import { NoteRow, type RowActions } from './NoteRow';

/** Row height in rem, fixed by the row's CSS (app.css `.note-row-*` line heights): 3.15rem, compact 2.15rem. */
const ROW_REM = 3.15;
const COMPACT_ROW_REM = 2.15;

/** The root font size in px (16 unless the user changed the browser's default). */
const remPx = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * A row's height for the virtualizer: from its ResizeObserver entry (after layout, before paint),
 * else the size known for that note or the estimate. Reading `offsetHeight` as rows mount (the
 * library's default) forced a layout of the whole page in every render of the list: at start-up
 * before the editor could mount, and on each search keystroke (issue 7).
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}
/** Rows rendered beyond the visible ones, so fast scrolling does not show blanks. */
const OVERSCAN_ROWS = 8;

/**
 * The note list, virtualized: only the rows in view (plus a few) are in the DOM, so 10,000 notes
 * cost the same as 20 (issue 7).
 */
export function NoteList({ rows, actions, compact, emptyText }: { rows: SidebarRows; actions: RowActions; compact: boolean; emptyText: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  // A new getItemKey makes the virtualizer lay out all 10,000 positions again: only when the ids change.
  const getItemKey = useCallback((i: number) => rows.ids[i], [rows.ids]);
  const estimateSize = useMemo(() => {
    const px = Math.round((compact ? COMPACT_ROW_REM : ROW_REM) * remPx());
    return () => px;
  }, [compact]);
  const virtual = useVirtualizer({
    count: rows.ids.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    overscan: OVERSCAN_ROWS,
    getItemKey,
    measureElement: measureRow,
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
