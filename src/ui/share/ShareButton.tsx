import { lazy, Suspense, useState } from 'react';
import { useLog, useProjection } from '../LogContext';
import { sharedNoteIds } from '../../projections/sharedLinks';
import { SharedMark } from './SharedMark';

// The dialog, the sealing code and the account dialog load when Share is first used (kept off the first load).
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));
const AccountDialog = lazy(() => import('../account/AccountDialog').then((m) => ({ default: m.AccountDialog })));

/**
 * The header's "Share" control for the selected note (docs/product.md "Share a note"), with the
 * mark of a note shared by a live link; opens ShareDialog, or the account dialog to sign in first.
 */
export function ShareButton({ noteId }: { noteId: string }) {
  const log = useLog();
  const [open, setOpen] = useState<'share' | 'account' | null>(null);
  const shared = useProjection((s) => sharedNoteIds(s.notes, Date.now()).has(noteId));
  return (
    <>
      {shared && <SharedMark className="header-shared-mark" />}
      <button type="button" className="header-button share-button" onClick={() => setOpen('share')}>
        Share
      </button>
      <Suspense fallback={null}>
        {open === 'share' && <ShareDialog noteId={noteId} onClose={() => setOpen(null)} onSignIn={() => setOpen('account')} />}
        {open === 'account' && <AccountDialog onClose={() => setOpen(log.account$.value ? 'share' : null)} />}
      </Suspense>
    </>
  );
}
