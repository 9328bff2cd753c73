import { lazy, Suspense, useEffect, useState } from 'react';
import type { SidebarRows } from '../../projections/sidebar';
import { useEditability } from '../StartupGate';
import { NoteRow, type RowActions } from './NoteRow';
import { COMPACT_ROW_ESTIMATE_PX, OVERSCAN_ROWS } from './rowSizes';

/** The virtualizer's chunk, requested once. */
let virtualRows: Promise<typeof import('./VirtualRows')> | null = null;
const loadVirtualRows = () => (virtualRows ??= import('./VirtualRows'));
const VirtualRows = lazy(loadVirtualRows);

/** In the first screen's rows: in the flow, one under the other (the virtualizer positions its own). */
const IN_FLOW = { position: 'relative' } as const;
const noMeasure = () => {};

/**
 * The note list (docs/product.md "Sidebar"). The first screen shows the rows that fit the window,
 * in the flow, without the virtualizer (docs/architecture.md "Start-up order"): while start-up
 * finishes the list cannot be used anyway, and measuring rows and loading @tanstack/virtual-core
 * would only delay the first row. From the moment notes may be edited the virtualized rows
 * (VirtualRows.tsx) take over, so 10,000 notes cost the same as 20.
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
  // State, not a ref: the virtualizer reads its scroll element when it mounts, and a child mounts
  // before its parent's ref is set (the sidebar shown again, with the virtualizer's chunk loaded).
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const { editable } = useEditability();
  // The rows of the first screen, however small the rows: the window's height over the smallest, and the overscan.
  const firstScreen = Math.ceil(window.innerHeight / COMPACT_ROW_ESTIMATE_PX) + OVERSCAN_ROWS;
  const staticRows = (
    <ul className="note-list" aria-label="Note list">
      {rows.ids.slice(0, firstScreen).map((id, index) => (
        <NoteRow key={id} row={rows.row(index)} actions={actions} compact={compact} index={index} measureRef={noMeasure} style={IN_FLOW} />
      ))}
    </ul>
  );
  // Fetched while start-up finishes, after the first screen was rendered.
  useEffect(() => void loadVirtualRows().catch(() => undefined), []);
  return (
    <div className="note-list-scroller" ref={setScroller}>
      {editable && scroller ? (
        <Suspense fallback={staticRows}>
          <VirtualRows rows={rows} actions={actions} compact={compact} scroller={scroller} />
        </Suspense>
      ) : (
        staticRows
      )}
      {rows.ids.length === 0 && !compact && <p className="note-list-empty">{emptyText}</p>}
    </div>
  );
}
