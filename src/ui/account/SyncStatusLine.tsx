import { useEffect, useState } from 'react';
import { useLog } from '../LogContext';
import type { SyncStatus } from '../../services/sync/engine';
import { controlSync } from '../../services/sync/syncControl';
import { syncStatusNotes, syncStatusText } from './syncStatusText';

/** The sync status in the sidebar footer, announced politely; "Sign in again" when the sign-in expired. */
export function SyncStatusLine({ onSignInAgain }: { onSignInAgain(): void }) {
  const log = useLog();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    const sub = controlSync(log).status$.subscribe(setStatus);
    return () => sub.unsubscribe();
  }, [log]);
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
