import { useEffect, useState } from 'react';
import type { SidebarRows } from '../../projections/sidebar';
import { whenLoadedAndIdle } from '../afterLoad';
import { useEditability } from '../StartupGate';
import { NoteRow, type RowActions } from './NoteRow';
import { COMPACT_ROW_HEIGHT_REM, OVERSCAN_ROWS } from './rowSizes';

type VirtualRowsComponent = (typeof import('./VirtualRows'))['default'];

/** The virtualizer's chunk, requested once; `loadedVirtualRows` once it has run. */
let virtualRows: Promise<VirtualRowsComponent> | null = null;
let loadedVirtualRows: VirtualRowsComponent | null = null;
const loadVirtualRows = () =>
  (virtualRows ??= import('./VirtualRows').then(
    (m) => (loadedVirtualRows = m.default),
    (error: unknown) => {
      virtualRows = null; // a later mount asks again (the network may be back)
      throw error;
    },
  ));

/** In the first screen's rows: in the flow, one under the other (the virtualizer positions its own). */
const IN_FLOW = { position: 'relative' } as const;

/**
 * The note list (docs/product.md "Sidebar"). The first screen shows the rows that fit the window,
 * in the flow, without the virtualizer (docs/architecture.md "Start-up order"): while start-up
 * finishes the list cannot be used anyway, and measuring rows and loading @tanstack/virtual-core
 * would only delay the first row. The virtualizer's chunk is fetched in the first idle moment
 * after the page has loaded, and from then on the virtualized rows (VirtualRows.tsx) take over,
 * so 10,000 notes cost the same as 20. Until then (a few ms after the editor is ready) the list
 * shows as many rows, search results too, as fit the window.
 */
export function NoteList({
  rows,
  actions,
  compact,
  emptyText,
  busy = false,
}: {
  rows: SidebarRows;
  actions: RowActions;
  compact: boolean;
  emptyText: string;
  /** The rows are a search's first answer and more matches are coming (aria-busy while they are). */
  busy?: boolean;
}) {
  // State, not a ref: the virtualizer reads its scroll element when it mounts, and a child mounts
  // before its parent's ref is set (the sidebar shown again, with the virtualizer's chunk loaded).
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const { editable } = useEditability();
  const [VirtualRows, setVirtualRows] = useState(() => loadedVirtualRows);
  // Not before the editor is ready: the first screen needs neither its bytes nor its time.
  useEffect(() => {
    if (!editable || VirtualRows) return;
    let live = true;
    const cancel = whenLoadedAndIdle(() => {
      loadVirtualRows().then(
        (component) => live && setVirtualRows(() => component),
        (error: unknown) => console.error('NotePad: the note list could not load its virtualizer', error),
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [editable, VirtualRows]);
  // The rows of the first screen, however small the rows: the window's height over the smallest (at
  // the browsers' default 16 px rem; reading the page's would cost a style pass before the first row), and the overscan.
  const firstScreen = Math.ceil(window.innerHeight / (COMPACT_ROW_HEIGHT_REM * 16)) + OVERSCAN_ROWS;
  const staticRows = (
    <ul className="note-list" aria-label="Note list">
      {rows.ids.slice(0, firstScreen).map((id, index) => (
        <NoteRow key={id} row={rows.row(index)} actions={actions} compact={compact} style={IN_FLOW} />
      ))}
    </ul>
  );
  return (
    <div className="note-list-scroller" ref={setScroller} aria-busy={busy || undefined}>
      {editable && scroller && VirtualRows ? (
        <VirtualRows rows={rows} actions={actions} compact={compact} scroller={scroller} />
      ) : (
        staticRows
      )}
      {rows.ids.length === 0 && !compact && <p className="note-list-empty">{emptyText}</p>}
    </div>
  );
}
