import { BehaviorSubject, type Subscription } from 'rxjs';
import type { EventLog } from '../../events/eventLog';
import { openLocalStorage, type StorageArea } from '../webStorage';
import { httpAuthApi } from './account';
import { accountFlows } from './accountFlows';
import { webStoragePins } from './accountPins';
import { httpKeysApi } from './keysApi';
import type { SyncStatus } from './engine';
import { httpSyncTransport } from './httpTransport';
import { sealingTransport } from './sealingTransport';
import { runSync, type SyncRunner } from './runner';
import { httpShareApi } from '../share/shareApi';
import { browserDeviceName, type SyncSessionDeps } from './session';

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

/** Where the account pins are kept: the page's `localStorage`, or nowhere when the browser refuses it (they then hold for the page). */
function pinArea(): StorageArea | null {
  const opened = openLocalStorage();
  return opened.ok ? opened.area : null;
}

/** The page's sync control for `log` (made on first call; later calls return it). */
export function controlSync(log: EventLog): SyncControl {
  if (control) return control;
  const status$ = new BehaviorSubject<SyncStatus | null>(null);
  const wire = httpSyncTransport();
  const newDeviceId = () => `web-${crypto.randomUUID()}`;
  const transport = sealingTransport(wire, async () => {
    const [record, key] = [log.account$.value, await log.serverSync.accountKey()];
    return record && key ? { userId: record.userId, key } : null;
  });
  let runner: SyncRunner | null = null;
  let relay: Subscription | null = null;
  log.account$.subscribe((record) => {
    if (record && !runner) {
      runner = runSync(log, transport, record.deviceId, httpShareApi());
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
      accounts: accountFlows({ auth: httpAuthApi(), keys: httpKeysApi(), pins: webStoragePins(pinArea()), wire, newDeviceId }),
      transport: wire,
      deviceName: browserDeviceName,
      newDeviceId,
    },
    syncNow: () => runner?.syncNow(),
  };
  return control;
}
