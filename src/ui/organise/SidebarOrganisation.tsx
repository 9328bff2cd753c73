import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { tagKeyAncestry } from '../../../catalog';
import { notebookIndex, notebookTree, tagIndex, tagTree } from '../../projections/organisation/organisationIndex';
import { visibleTreeRows, type TreeRow } from '../../projections/organisation/treeRows';
import { TreeView, type TreeActions } from './TreeView';
import { chooseFilter, filterHolds, type FilterItem } from '../../projections/organisation/filterChoice';
import { useLog, useProjection } from '../LogContext';
import { useEditability } from '../StartupGate';
import { whenLoadedAndIdle } from '../afterLoad';
import { setOpen, setSectionHidden, useTreeExpansion, type TreeKind } from './treeExpansion';
import type { ManageRequest } from './manageRequest';
import { FolderIcon } from './organiseIcons';

type LiveNav = typeof import('./liveNav');

/** The trees' live code (keys, menus, dialogs, drops), requested once; `liveNav` once it has run. */
let loading: Promise<LiveNav> | null = null;
let liveNav: LiveNav | null = null;
const loadLiveNav = () =>
  (loading ??= import('./liveNav').then(
    (m) => (liveNav = m),
    (error: unknown) => {
      loading = null; // a later mount asks again
      throw error;
    },
  ));

/**
 * The trees' live code once loaded, in the first idle moments after start-up (docs/architecture.md
 * "Start-up order"). The counts, which read every note, are made in one idle moment and drawn in the
 * next, so the frame that draws them does not also read 10,000 notes.
 */
function useLiveNav(): LiveNav | null {
  const log = useLog();
  const { editable } = useEditability();
  const [live, setLive] = useState(liveNav);
  useEffect(() => {
    if (!editable || live) return;
    let mounted = true;
    let cancelDraw = () => {};
    const cancelLoad = whenLoadedAndIdle(() => {
      loadLiveNav().then(
        (m) => {
          if (!mounted) return;
          const { notes } = log.state$.value;
          notebookIndex(notes); // kept per state: the render below finds them made
          tagIndex(notes);
          cancelDraw = whenLoadedAndIdle(() => mounted && setLive(m));
        },
        (error: unknown) => console.error('NotePad: the notebook and tag trees could not load', error),
      );
    });
    return () => {
      mounted = false;
      cancelLoad();
      cancelDraw();
    };
  }, [editable, live, log]);
  return live;
}

/** One element for every render, so the tree's items see the same icon and are not rendered again. */
const FOLDER = <FolderIcon />;

/** A tree's actions before its live code is in: the sidebar is inert until start-up ends. */
const INERT_TREE: TreeActions = { choose() {}, toggle() {}, openAll() {}, menu() {}, command() {}, dropNote() {} };

/**
 * The sidebar's views and trees (docs/product.md "Notebooks and tags"): *All notes* and *Starred*,
 * then the Notebooks and Tags trees with their counts. Choosing shows that item's notes; Ctrl or Cmd
 * adds it to what is shown. The first screen draws the trees from the notebooks and tags alone; their
 * counts, which read every note, and their live code (keys, menus, dialogs, drops) come in the first
 * idle moment after start-up, in rows of the same height, so nothing moves (docs/architecture.md
 * "Start-up order").
 */
export function SidebarOrganisation() {
  const log = useLog();
  const notes = useProjection((s) => s.notes);
  const filter = useProjection((s) => s.view.filter);
  const live = useLiveNav();
  const { open, hidden } = useTreeExpansion();
  const [request, setRequest] = useState<ManageRequest | null>(null);

  // The branches holding what the filter shows start open, so the chosen items are in sight.
  useLayoutEffect(() => {
    const above: string[] = [];
    for (let at = filter.notebook && notes.notebooks[filter.notebook]?.parent; at; at = notes.notebooks[at]?.parent) above.push(at);
    setOpen('notebooks', above, true);
    setOpen(
      'tags',
      filter.tags.flatMap((key) => tagKeyAncestry(key).slice(0, -1)),
      true,
    );
    // Once, for the filter the page starts with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const notebookRoots = live ? notebookIndex(notes).roots : notebookTree(notes);
  const tagRoots = live ? tagIndex(notes).roots : tagTree(notes);
  const rows: Record<TreeKind, TreeRow[]> = {
    notebooks: useMemo(() => visibleTreeRows(notebookRoots, open.notebooks), [notebookRoots, open.notebooks]),
    tags: useMemo(() => visibleTreeRows(tagRoots, open.tags), [tagRoots, open.tags]),
  };
  const chosen: Record<TreeKind, ReadonlySet<string>> = {
    notebooks: useMemo(() => new Set(filter.notebook ? [filter.notebook] : []), [filter.notebook]),
    tags: useMemo(() => new Set(filter.tags), [filter.tags]),
  };

  const choose = (item: FilterItem, add: boolean) => {
    const next = chooseFilter(log.state.view.filter, item, add);
    if (next !== log.state.view.filter) void log.append('ui.filter-changed', { filter: next });
  };

  const view = (item: FilterItem, label: string, count: number, icon: string) => {
    const on = filterHolds(filter, item);
    return (
      <li>
        <button
          type="button"
          className={`organise-view${on ? ' chosen' : ''}`}
          aria-pressed={on}
          onClick={(e) => choose(item, e.ctrlKey || e.metaKey)}
        >
          <span className="tree-icon" aria-hidden="true">
            {icon}
          </span>
          <span className="tree-name">{label}</span>
          <span className="tree-count">
            {count}
            <span className="visually-hidden"> {count === 1 ? 'note' : 'notes'}</span>
          </span>
        </button>
      </li>
    );
  };

  const section = (kind: TreeKind, title: string, addLabel: string, empty: string, icon: ReactNode): ReactNode => (
    <section className="organise-section" aria-labelledby={`organise-${kind}`}>
      <div className="organise-heading">
        <h2 id={`organise-${kind}`}>
          <button type="button" aria-expanded={!hidden[kind]} onClick={() => setSectionHidden(kind, !hidden[kind])}>
            <span aria-hidden="true">{hidden[kind] ? '▸' : '▾'}</span> {title}
          </button>
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={addLabel}
          title={addLabel}
          onClick={() => setRequest({ kind: 'create', what: kind === 'notebooks' ? 'notebook' : 'tag', parent: null })}
        >
          +
        </button>
      </div>
      {!hidden[kind] &&
        (rows[kind].length === 0 ? (
          <p className="organise-empty">{empty}</p>
        ) : (
          // One tree from the first screen on: going live gives its items actions and counts, in place.
          <TreeView
            label={title}
            rows={rows[kind]}
            chosen={chosen[kind]}
            icon={icon}
            tags={kind === 'tags'}
            counted={live !== null}
            actions={live ? live.treeActions(log, kind, setRequest) : INERT_TREE}
          />
        ))}
    </section>
  );

  return (
    // Busy until the counts and the trees' keys are in.
    <div className="organise-nav" aria-busy={!live || undefined}>
      <ul className="organise-views" aria-label="Views">
        {view({ kind: 'all' }, 'All notes', notes.order.length, '☰')}
        {view({ kind: 'starred' }, 'Starred', notes.starred.length, '★')}
      </ul>
      {section('notebooks', 'Notebooks', 'Add notebook', 'No notebooks yet.', FOLDER)}
      {section('tags', 'Tags', 'Add tag', 'No tags yet.', '#')}
      {live && request && <live.ManageHost request={request} onClose={() => setRequest(null)} onRequest={setRequest} />}
    </div>
  );
}
