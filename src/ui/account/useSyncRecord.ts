import { useCallback, useSyncExternalStore } from 'react';
import { useLog } from '../LogContext';
import type { SyncRecord } from '../../events/syncStorage';

/** The account this device syncs with, or null, following the log. */
export function useSyncRecord(): SyncRecord | null {
  const log = useLog();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = log.account$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    [log],
  );
  return useSyncExternalStore(subscribe, () => log.account$.value);
}
