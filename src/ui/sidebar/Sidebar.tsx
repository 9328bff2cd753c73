import { useMemo, useRef, useSyncExternalStore, type Ref } from 'react';
import { SORT_MODES, type SortMode } from '../../../catalog';
import { SORT_LABELS, movePayload, sidebarRows } from '../../projections/sidebar';
import { sharedNoteIds } from '../../projections/sharedLinks';
import { useLog, useLogServices, useProjection, useLogWritable } from '../LogContext';
import { PRODUCT_NAME } from '../../services/productName';
import { showStatus } from '../feedback';
import type { RowActions } from './NoteRow';
import { NoteList } from './NoteList';
import { LogMenu } from '../logtools/LogMenu';
import { ExportAllNotes } from '../exportAll/ExportAllNotes';
import { ImportTools } from '../import/ImportTools';
import { useEditability } from '../StartupGate';
import { ThemeToggle } from '../theme/ThemeToggle';
import { StorageLine } from '../storage/StorageLine';
import { AccountEntry } from '../account/AccountEntry';
import { SidebarOrganisation } from '../organise/SidebarOrganisation';
import { FilterChips } from '../organise/FilterChips';
import { emptyListText } from '../organise/emptyListText';

/** Below this width the sidebar is a drawer; keep in step with app.css. */
const DRAWER_QUERY = '(max-width: 767px)';

/**
 * The sidebar of docs/product.md "Sidebar": product name, collapse/expand, New Note, Analytics toggle, sort,
 * search with clear, and the note list. It renders the projection and appends events; no state of its own.
 * `analyticsButtonRef` lets the dashboard give focus back to the Analytics toggle when it closes.
 */
export function Sidebar({
  onNewNote,
  onShowShortcuts,
  analyticsButtonRef,
}: {
  onNewNote: () => void;
  onShowShortcuts: () => void;
  analyticsButtonRef?: Ref<HTMLButtonElement>;
}) {
  const log = useLog();
  const { search, links } = useLogServices();
  const { editable } = useEditability();
  // A tab that met a newer build shows the list but changes nothing (docs/architecture.md "Versions and tabs").
  const writable = useLogWritable();
  const notes = useProjection((s) => s.notes);
  const view = useProjection((s) => s.view);
  // Body matches join once the stored search index has been read (liveSearchIndex.ts): the rows are made again then.
  const indexLoading = useSyncExternalStore(search.subscribeStoredLoad, search.isStoredLoading);
  // A phrase query's texts read for notes holding no HTML ("Documents by reference"): the rows are made again.
  const textsRead = useSyncExternalStore(search.subscribeStoredLoad, search.textsRead);
  // Link matches join once the link index's first build has read every note (liveLinkIndex.ts).
  const linksBuilt = useSyncExternalStore(links.subscribeBuilt, links.isBuilt);
  // Notes with a live shared link are marked (expiry read at each change of the links).
  const shared = useMemo(() => sharedNoteIds({ shares: notes.shares }, Date.now()), [notes.shares]);
  const rows = useMemo(
    () =>
      sidebarRows(
        notes,
        view,
        // While the stored index loads this matches no body, and a query starts a read still waiting for the first screen.
        search.bodySearch(notes),
        linksBuilt ? links.linkSearch(notes) : links.linkSearchSoFar(notes),
        shared,
      ),
    // The texts the index read for a phrase query changed (`textsRead`), not an input read here: the rows are made again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [notes, view, indexLoading, linksBuilt, shared, search, links, textsRead],
  );
  const compact = view.sidebar === 'collapsed';
  // The rows a move button belongs to: its neighbour there is the note it swaps with (movePayload).
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  /** On a phone the drawer covers the main area: close it when an action shows something there. */
  const closeDrawer = () => {
    if (window.matchMedia(DRAWER_QUERY).matches) void log.append('ui.sidebar-toggled', { mode: 'hidden' });
  };

  const actions = useMemo<RowActions>(
    () => ({
      select: (id) => {
        void log.append('note.selected', { id });
        // On a phone the sidebar is a drawer over the note: picking a note shows it.
        if (window.matchMedia(DRAWER_QUERY).matches) void log.append('ui.sidebar-toggled', { mode: 'hidden' });
      },
      rename: (id, title) => void log.append('note.renamed', { id, title }),
      toggleStar: (id, starred) => {
        void log.append(starred ? 'note.unstarred' : 'note.starred', { id });
        showStatus(starred ? 'Note unstarred' : 'Note starred');
      },
      move: (id, direction) => {
        const index = rowsRef.current.ids.indexOf(id);
        if (index >= 0) void log.append('note.moved', movePayload(rowsRef.current, log.state.view, index, direction));
      },
      remove: (id) => void log.append('note.deleted', { id }),
    }),
    [log],
  );

  if (view.sidebar === 'hidden') {
    return (
      <button
        type="button"
        className="sidebar-reveal"
        aria-label="Expand sidebar"
        onClick={() => void log.append('ui.sidebar-toggled', { mode: 'expanded' })}
      >
        ☰
      </button>
    );
  }

  return (
    <>
      {!compact && (
        <button
          type="button"
          className="sidebar-backdrop"
          aria-label="Close sidebar"
          tabIndex={-1}
          onClick={() => void log.append('ui.sidebar-toggled', { mode: 'hidden' })}
        />
      )}
      {/* Until start-up has recovered the journal the list is shown but cannot be used (see StartupGate). */}
      <nav
        className={`sidebar${compact ? ' compact' : ''}`}
        aria-label="Notes"
        inert={!editable || !writable}
        aria-busy={!editable || undefined}
      >
        <div className="sidebar-header">
          {!compact && <h1 className="product-name">{PRODUCT_NAME}</h1>}
          <button
            type="button"
            className="icon-button"
            aria-label={compact ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!compact}
            onClick={() => void log.append('ui.sidebar-toggled', { mode: compact ? 'expanded' : 'collapsed' })}
          >
            {compact ? '»' : '«'}
          </button>
          {!compact && <ThemeToggle />}
          {!compact && (
            <button
              type="button"
              className="icon-button"
              aria-label="Hide sidebar"
              onClick={() => void log.append('ui.sidebar-toggled', { mode: 'hidden' })}
            >
              ✕
            </button>
          )}
        </div>
        <div className="sidebar-actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              onNewNote();
              closeDrawer();
            }}
            aria-label="New Note"
          >
            {compact ? '+' : '+ New Note'}
          </button>
          <button
            ref={analyticsButtonRef}
            type="button"
            aria-label="Analytics"
            aria-pressed={view.analyticsOpen}
            onClick={() => {
              void log.append('ui.analytics-toggled', { open: !view.analyticsOpen });
              closeDrawer();
            }}
          >
            {compact ? '📊' : 'Analytics'}
          </button>
        </div>
        {!compact && <SidebarOrganisation />}
        {!compact && (
          <div className="sidebar-filters">
            <select
              aria-label="Sort"
              value={view.sort}
              onChange={(e) => void log.append('ui.sort-changed', { sort: e.target.value as SortMode })}
            >
              {SORT_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {SORT_LABELS[mode]}
                </option>
              ))}
            </select>
            <div className="search-box">
              <input
                type="search"
                aria-label="Search notes"
                placeholder="Search notes"
                value={view.search}
                onChange={(e) => void log.append('ui.search-changed', { query: e.target.value })}
              />
              {view.search && (
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Clear search"
                  onClick={() => void log.append('ui.search-changed', { query: '' })}
                >
                  ✕
                </button>
              )}
            </div>
          </div>
        )}
        {!compact && <FilterChips />}
        <NoteList
          rows={rows}
          actions={actions}
          compact={compact}
          emptyText={emptyListText(view)}
          // A query typed before the stored search index is read shows its title matches; its body matches follow.
          busy={indexLoading && view.search.trim() !== ''}
        />
        {!compact && (
          <footer className="sidebar-footer">
            <ImportTools />
            <LogMenu />
            <ExportAllNotes />
            <button type="button" className="link-button" onClick={onShowShortcuts}>
              Keyboard shortcuts
            </button>
            <StorageLine />
            <AccountEntry />
          </footer>
        )}
      </nav>
    </>
  );
}
