import { chooseFilter } from '../../projections/organisation/filterChoice';
import type { ReactNode } from 'react';
import type { TreeRow } from '../../projections/organisation/treeRows';
import { useLog } from '../LogContext';
import { TreeView, type TreeActions } from './TreeView';
import { setOpen, type TreeKind } from './treeExpansion';
import type { ManageRequest, ManageTarget } from './manageRequest';
import { dropNoteOn } from './manage/organiseCommands';

/** @public Used through this module's dynamic import (SidebarOrganisation.tsx), which knip does not follow. */
export { ManageHost } from './manage/ManageHost';

/**
 * A sidebar tree with its live code (docs/product.md "Notebooks and tags"): choosing, opening, the
 * keys, the item's menu and dialogs (as requests to the sidebar) and notes dropped on an item.
 * Loaded after start-up with the menus and dialogs (SidebarOrganisation.tsx).
 * @public Used through this module's dynamic import, which knip does not follow.
 */
export function LiveTree({
  kind,
  label,
  rows,
  chosen,
  icon,
  onRequest,
}: {
  kind: TreeKind;
  label: string;
  rows: readonly TreeRow[];
  chosen: ReadonlySet<string>;
  icon: ReactNode;
  onRequest(request: ManageRequest): void;
}) {
  const log = useLog();
  const target = (id: string): ManageTarget => (kind === 'notebooks' ? { kind: 'notebook', id } : { kind: 'tag', key: id });
  const actions: TreeActions = {
    choose: (id, add) => {
      const item = kind === 'notebooks' ? ({ kind: 'notebook', id } as const) : ({ kind: 'tag', key: id } as const);
      const next = chooseFilter(log.state.view.filter, item, add);
      if (next !== log.state.view.filter) void log.append('ui.filter-changed', { filter: next });
    },
    toggle: (id, isOpen) => setOpen(kind, [id], isOpen),
    openAll: (ids) => setOpen(kind, ids, true),
    menu: (id, at) => onRequest({ kind: 'menu', target: target(id), at }),
    command: (id, command) => onRequest({ kind: command, target: target(id) }),
    dropNote: (id, note) => void dropNoteOn(log, target(id), note),
  };
  return <TreeView label={label} rows={rows} chosen={chosen} icon={icon} tags={kind === 'tags'} actions={actions} />;
}
