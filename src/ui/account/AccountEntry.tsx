import { lazy, Suspense, useState } from 'react';
import { useSyncRecord } from './useSyncRecord';
import './account.css';

// The account dialog, the status and the sync engine load only when used (docs/architecture.md "Sync").
const AccountDialog = lazy(() => import('./AccountDialog').then((m) => ({ default: m.AccountDialog })));
const SyncStatusLine = lazy(() => import('./SyncStatusLine').then((m) => ({ default: m.SyncStatusLine })));

/**
 * The account entry of the sidebar footer (docs/product.md "Account and sync"): "Sign in to sync"
 * for a device without an account, or the sync status and an "Account" button. Without an account
 * NotePad works entirely on the device; nothing of sync loads until this entry is opened.
 */
export function AccountEntry() {
  const record = useSyncRecord();
  const [open, setOpen] = useState(false);
  return (
    <div className="account-entry">
      {record && (
        <Suspense fallback={<p className="sync-status">Starting sync…</p>}>
          <SyncStatusLine onSignInAgain={() => setOpen(true)} />
        </Suspense>
      )}
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {record ? `Account: ${record.email}` : 'Sign in to sync'}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
