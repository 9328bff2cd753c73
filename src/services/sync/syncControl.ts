import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import type { EventLog } from '../../events/eventLog';
import { openLocalStorage, type StorageArea } from '../webStorage';
import { httpAuthApi } from './account';
import { accountFlows } from './accountFlows';
import { webStoragePins } from './accountPins';
import { checkpointProofs } from './e2ee/deviceKeys';
import { httpKeysApi } from './keysApi';
import type { SyncStatus } from './engine';
import { httpSyncTransport } from './httpTransport';
import { sealingTransport } from './sealingTransport';
import { runSync, type SyncRunner } from './runner';
import { httpShareApi } from '../share/shareApi';
import { browserDeviceName, type SyncSessionDeps } from './session';

/**
 * Sync for one log (docs/architecture.md "Sync"), loaded only once the device syncs or the
 * account entry is opened (`lazySyncControl`): runs (or follows) the sync engine while the log has
 * an account, and gives the account UI its status and the session's parts.
 */
export interface SyncControl {
  /** The engine's status while the log has an account; null without one (replays the latest). */
  status$: Observable<SyncStatus | null>;
  /** What sign-in, sign-out, recovery and account deletion work with (`session.ts`). */
  deps: SyncSessionDeps;
  /** Push and pull now (Sync now); does nothing without an account. */
  syncNow(): void;
}

/** Where the account pins are kept: the page's `localStorage`, or nowhere when the browser refuses it (they then hold for the page). */
function pinArea(): StorageArea | null {
  const opened = openLocalStorage();
  return opened.ok ? opened.area : null;
}

/**
 * A sync control for `log`: it follows `log.account$` from now on, starting the engine when an
 * account is entered and stopping it when it is left. Make one per log (`lazySyncControl`).
 */
export function createSyncControl(log: EventLog): SyncControl {
  const status$ = new BehaviorSubject<SyncStatus | null>(null);
  const wire = httpSyncTransport();
  const newDeviceId = () => `web-${crypto.randomUUID()}`;
  const keysApi = httpKeysApi();
  const transport = sealingTransport(wire, async () => {
    const [record, key] = [log.account$.value, await log.serverSync.accountKey()];
    if (!record || !key) return null;
    // Without them (keys unreadable now) a checkpoint goes without a proof and drops nothing.
    const proofs = async () => {
      try {
        const found = await keysApi.read();
        return found.state === 'active' && found.keys ? await checkpointProofs(found.keys, key) : null;
      } catch {
        return null;
      }
    };
    return { userId: record.userId, key, proofs };
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
  return {
    status$,
    deps: {
      log,
      accounts: accountFlows({ auth: httpAuthApi(), keys: keysApi, pins: webStoragePins(pinArea()), wire, newDeviceId }),
      transport: wire,
      deviceName: browserDeviceName,
      newDeviceId,
    },
    syncNow: () => runner?.syncNow(),
  };
}
