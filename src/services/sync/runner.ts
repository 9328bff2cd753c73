import { BehaviorSubject } from 'rxjs';
import type { EventLog } from '../../events/eventLog';
import { SyncEngine, type SyncStatus } from './engine';
import type { SyncTransport } from './transport';
import type { ShareApi } from '../share/shareApi';
import { publishShares } from '../share/sharePublisher';

/** The lock that makes one tab per browser the one that talks to the sync server. */
const SYNC_LOCK_NAME = 'notepad-sync';
/** Where that tab tells the others the sync status. */
const SYNC_STATUS_CHANNEL = 'notepad-sync-status';

/** Sync running in this tab or another: its status here, and how to ask for a cycle or stop. */
export interface SyncRunner {
  status$: BehaviorSubject<SyncStatus | null>;
  /** Ask for a cycle now (this tab's engine, or the talking tab's). */
  syncNow(): void;
  stop(): void;
}

type StatusMessage = { type: 'status'; status: SyncStatus } | { type: 'sync-now' } | { type: 'ask-status' };

/**
 * Run sync for this browser (docs/architecture.md "Sync"): the tab holding the Web Lock runs the
 * engine, and with `shares` keeps the host's copies of the account's shared links up to date
 * (docs/sync.md "Shared links"); the others wait for the lock (taking over when that tab closes)
 * and show the status it broadcasts. Other tabs' edits reach the engine through the log's own tab channel.
 */
export function runSync(log: EventLog, transport: SyncTransport, deviceId: string, shares?: ShareApi): SyncRunner {
  const status$ = new BehaviorSubject<SyncStatus | null>(null);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SYNC_STATUS_CHANNEL) : null;
  const stopped = new AbortController();
  let engine: SyncEngine | null = null;

  const lead = async () => {
    const mine = new SyncEngine(log, transport, { deviceId, logError: (message) => console.warn(message) });
    engine = mine;
    const sub = mine.status$.subscribe((status) => {
      status$.next(status);
      channel?.postMessage({ type: 'status', status } satisfies StatusMessage);
    });
    mine.start();
    const stopShares = shares ? publishShares(log, shares, deviceId) : null;
    await new Promise<void>((resolve) => stopped.signal.addEventListener('abort', () => resolve(), { once: true }));
    stopShares?.();
    sub.unsubscribe();
    mine.stop();
    engine = null;
  };

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent<StatusMessage>) => {
      if (data.type === 'status' && !engine) status$.next(data.status);
      if (data.type === 'sync-now') void engine?.request();
      if (data.type === 'ask-status' && engine)
        channel.postMessage({ type: 'status', status: engine.status$.value } satisfies StatusMessage);
    };
    channel.postMessage({ type: 'ask-status' } satisfies StatusMessage);
  }
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (locks) {
    locks.request(SYNC_LOCK_NAME, { signal: stopped.signal }, lead).catch((error: unknown) => {
      if (!stopped.signal.aborted) console.error('NotePad: the sync lock failed', error);
    });
  } else {
    // Without Web Locks every tab syncs: pushes are idempotent, so nothing is doubled, only sent twice.
    void lead();
  }

  return {
    status$,
    syncNow: () => (engine ? void engine.request() : channel?.postMessage({ type: 'sync-now' } satisfies StatusMessage)),
    stop: () => {
      stopped.abort();
      channel?.close();
    },
  };
}
