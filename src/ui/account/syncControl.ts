import { BehaviorSubject, type Subscription } from 'rxjs';
import type { EventLog } from '../../events/eventLog';
import { httpAccountApi } from '../../services/sync/account';
import type { SyncStatus } from '../../services/sync/engine';
import { httpSyncTransport, registerDevice } from '../../services/sync/httpTransport';
import { runSync, type SyncRunner } from '../../services/sync/runner';
import { browserDeviceName, type SyncSessionDeps } from '../../services/sync/session';

/**
 * Sync for this page (docs/architecture.md "Sync"), loaded only once the device syncs or the
 * account entry is opened: runs (or follows) the sync engine while the log has an account, and
 * gives the account UI its status and the session's parts.
 */
export interface SyncControl {
  status$: BehaviorSubject<SyncStatus | null>;
  deps: SyncSessionDeps;
  syncNow(): void;
}

let control: SyncControl | null = null;

/** The page's sync control for `log` (made on first call; later calls return it). */
export function controlSync(log: EventLog): SyncControl {
  if (control) return control;
  const status$ = new BehaviorSubject<SyncStatus | null>(null);
  const transport = httpSyncTransport();
  let runner: SyncRunner | null = null;
  let relay: Subscription | null = null;
  log.sync$.subscribe((record) => {
    if (record && !runner) {
      runner = runSync(log, transport, record.deviceId);
      relay = runner.status$.subscribe((status) => status$.next(status));
    } else if (!record && runner) {
      relay?.unsubscribe();
      runner.stop();
      runner = null;
      status$.next(null);
    }
  });
  control = {
    status$,
    deps: {
      log,
      accounts: httpAccountApi(),
      transport,
      registerDevice: (deviceId, name) => registerDevice(deviceId, name),
      deviceName: browserDeviceName,
      newDeviceId: () => `web-${crypto.randomUUID()}`,
    },
    syncNow: () => runner?.syncNow(),
  };
  return control;
}
