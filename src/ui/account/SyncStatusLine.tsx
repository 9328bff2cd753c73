import { useEffect, useState } from 'react';
import type { SyncStatus } from '../../services/sync/engine';
import { useSyncControl } from './useSyncControl';
import { syncStatusNotes, syncStatusText } from './syncStatusText';

/** The sync status in the sidebar footer, announced politely; "Sign in again" when the sign-in expired. */
export function SyncStatusLine({ onSignInAgain }: { onSignInAgain(): void }) {
  const sync = useSyncControl();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    const sub = sync.status$.subscribe(setStatus);
    return () => sub.unsubscribe();
  }, [sync]);
  return (
    <p className={`sync-status sync-${status?.state ?? 'starting'}`} role="status" aria-label="Sync status">
      {syncStatusText(status)}
      {syncStatusNotes(status)}
      {status?.state === 'signed-out' && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={onSignInAgain}>
            Sign in again
          </button>
        </>
      )}
    </p>
  );
}
