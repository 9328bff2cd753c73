import { chooseFilter } from '../../projections/organisation/filterChoice';
import type { EventLog } from '../../events/eventLog';
import type { TreeActions } from './TreeView';
import { setOpen, type TreeKind } from './treeExpansion';
import type { ManageRequest, ManageTarget } from './manageRequest';
import { dropNoteOn } from './manage/organiseCommands';

/** @public Used through this module's dynamic import (SidebarOrganisation.tsx), which knip does not follow. */
export { ManageHost } from './manage/ManageHost';

/**
 * A sidebar tree's live actions (docs/product.md "Notebooks and tags"): choosing, opening, the item's
 * menu and dialogs (as requests to the sidebar) and notes dropped on an item. Loaded after start-up
 * with the menus and dialogs; the tree itself (TreeView) is the first screen's, so going live only
 * gives its items their actions and counts (SidebarOrganisation.tsx).
 * @public Used through this module's dynamic import, which knip does not follow.
 */
export function treeActions(log: EventLog, kind: TreeKind, onRequest: (request: ManageRequest) => void): TreeActions {
  const target = (id: string): ManageTarget => (kind === 'notebooks' ? { kind: 'notebook', id } : { kind: 'tag', key: id });
  return {
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
}
