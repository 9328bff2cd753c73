import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SidebarRows } from '../../projections/sidebar';
import { NoteRow, type RowActions } from './NoteRow';
import { inBackground } from '../../lib/scheduler';
import { CHANGE_OVERSCAN_ROWS, OVERSCAN_ROWS, rowHeightPx } from './rowSizes';

/**
 * The note list's rows, virtualized: only the rows in view (plus a few) are in the DOM, so 10,000
 * notes cost the same as 20. Loaded after the first screen (NoteList.tsx).
 */
export default function VirtualRows({
  rows,
  actions,
  compact,
  scroller,
}: {
  rows: SidebarRows;
  actions: RowActions;
  compact: boolean;
  scroller: HTMLDivElement;
}) {
  // A new getItemKey makes the virtualizer lay out all 10,000 positions again: only when the ids change.
  const getItemKey = useCallback((i: number) => rows.ids[i], [rows.ids]);
  // Every row has the stylesheet's height, so none is measured (rowSizes.ts).
  const height = useMemo(() => rowHeightPx(compact), [compact]);
  const estimateSize = useCallback(() => height, [height]);
  // The frame that answers a filter or search change mounts the rows in view and few more; the rest
  // of the overscan follows in a task after that frame is painted.
  const [settledIds, setSettledIds] = useState(rows.ids);
  useEffect(() => {
    if (settledIds === rows.ids) return;
    let live = true;
    requestAnimationFrame(() => inBackground(() => live && setSettledIds(rows.ids)));
    return () => {
      live = false;
    };
  }, [rows.ids, settledIds]);
  const virtual = useVirtualizer({
    count: rows.ids.length,
    getScrollElement: () => scroller,
    estimateSize,
    overscan: settledIds === rows.ids ? OVERSCAN_ROWS : CHANGE_OVERSCAN_ROWS,
    getItemKey,
  });
  // The virtualizer keeps the sizes it placed rows with: the collapsed sidebar's rows need new places.
  useLayoutEffect(() => virtual.measure(), [virtual, height]);
  return (
    <ul className="note-list" aria-label="Note list" style={{ height: virtual.getTotalSize() }}>
      {virtual.getVirtualItems().map((item) => (
        <NoteRow
          key={item.key}
          row={rows.row(item.index)}
          actions={actions}
          compact={compact}
          style={{ transform: `translateY(${item.start}px)` }}
        />
      ))}
    </ul>
  );
}
