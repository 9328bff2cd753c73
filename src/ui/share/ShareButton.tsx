import { lazy, Suspense, useState } from 'react';
import { useLog } from '../LogContext';
import { Icon } from '../editor/icons';

// The dialog, the sealing code and the account dialog load when Share is first used (kept off the first load).
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));
const AccountDialog = lazy(() => import('../account/AccountDialog').then((m) => ({ default: m.AccountDialog })));

/**
 * The header's "Share" control for the selected note (docs/product.md "Share a note"): opens
 * ShareDialog, or the account dialog to sign in first.
 */
export function ShareButton({ noteId }: { noteId: string }) {
  const log = useLog();
  const [open, setOpen] = useState<'share' | 'account' | null>(null);
  return (
    <>
      <button
        type="button"
        className="header-button share-button"
        aria-label="Share"
        title="Share by link"
        onClick={() => setOpen('share')}
      >
        <Icon name="share" />
      </button>
      <Suspense fallback={null}>
        {open === 'share' && <ShareDialog noteId={noteId} onClose={() => setOpen(null)} onSignIn={() => setOpen('account')} />}
        {open === 'account' && <AccountDialog onClose={() => setOpen(log.account$.value ? 'share' : null)} />}
      </Suspense>
    </>
  );
}
