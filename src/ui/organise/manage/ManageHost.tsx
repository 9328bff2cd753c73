import { useEffect, useRef } from 'react';
import { useLog } from '../../LogContext';
import type { ManageRequest } from '../manageRequest';
import { ItemMenu, type ItemMenuChoice } from './ItemMenu';
import { NameDialog } from './NameDialog';
import { MoveDialog } from './MoveDialog';
import { DeleteDialog } from './DeleteDialog';
import './manage.css';

/**
 * The menus and dialogs that manage notebooks and tags (docs/product.md "Notebooks and tags"), for
 * one request of the sidebar at a time; a menu's choice becomes the next request. Loaded after
 * start-up (kept off the first screen). When the last one closes, focus goes back to where it was
 * when the first opened (the tree item), or to its tree when that item is gone (a renamed tag).
 * @public Reached through liveNav.tsx, a dynamic import knip does not follow.
 */
export function ManageHost({
  request,
  onRequest,
  onClose,
}: {
  request: ManageRequest;
  onRequest(next: ManageRequest): void;
  onClose(): void;
}) {
  const log = useLog();
  const returnTo = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const tree = useRef(returnTo.current?.closest('[role="tree"]')?.getAttribute('aria-label') ?? null);
  const close = () => {
    onClose();
    requestAnimationFrame(() => {
      const back = returnTo.current?.isConnected
        ? returnTo.current
        : document.querySelector<HTMLElement>(`[role="tree"][aria-label="${tree.current}"] [tabindex="0"]`);
      back?.focus();
    });
  };

  // What a request names may be gone (deleted in another tab): nothing to show.
  const target = 'target' in request ? request.target : null;
  const name = target && (target.kind === 'notebook' ? log.state.notes.notebooks[target.id]?.name : log.state.notes.tags[target.key]);
  const missing = target !== null && name === undefined;
  useEffect(() => {
    if (missing) close();
  });
  if (missing) return null;

  switch (request.kind) {
    case 'menu': {
      const { target } = request;
      const isNotebook = target.kind === 'notebook';
      const choices: ItemMenuChoice[] = [
        {
          label: isNotebook ? 'New notebook inside…' : 'New tag inside…',
          choose: () => onRequest({ kind: 'create', what: isNotebook ? 'notebook' : 'tag', parent: isNotebook ? target.id : target.key }),
        },
        { label: 'Rename…', choose: () => onRequest({ kind: 'rename', target }) },
        { label: 'Move to…', choose: () => onRequest({ kind: 'move', target }) },
        { label: 'Delete…', danger: true, choose: () => onRequest({ kind: 'delete', target }) },
      ];
      return <ItemMenu label={`${isNotebook ? 'Notebook' : 'Tag'} ${name}`} at={request.at} choices={choices} onClose={close} />;
    }
    case 'create':
      return <NameDialog mode={{ kind: 'create', what: request.what, parent: request.parent }} onClose={close} />;
    case 'rename':
      return <NameDialog mode={{ kind: 'rename', target: request.target }} onClose={close} />;
    case 'move':
      return <MoveDialog target={request.target} onClose={close} />;
    case 'delete':
      return <DeleteDialog target={request.target} onClose={close} />;
  }
}
