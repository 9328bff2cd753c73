import { use } from 'react';
import type { SyncControl } from '../../services/sync/syncControl';
import { useLogServices } from '../LogContext';

/**
 * The log's sync control (docs/architecture.md "Sync"), suspending while sync's code loads: the
 * account components render inside a Suspense boundary, as they load lazily too.
 */
export function useSyncControl(): SyncControl {
  return use(useLogServices().sync.load());
}
