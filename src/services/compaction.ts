import type { EventLog } from '../events/eventLog';

/** localStorage key of the last compaction time (ms), so it runs at most once a day. */
export const COMPACTED_AT_KEY = 'notepad:compacted-at';
const COMPACT_EVERY_MS = 24 * 60 * 60 * 1000;

/** Compact in idle time when the last compaction is over a day old. Never blocks start-up. */
export function scheduleCompaction(log: EventLog, storage: Storage = localStorage): void {
  const last = Number(storage.getItem(COMPACTED_AT_KEY) ?? 0);
  if (Date.now() - last < COMPACT_EVERY_MS || !log.writable) return;
  const run = () =>
    log
      .compact()
      .then(() => storage.setItem(COMPACTED_AT_KEY, String(Date.now())))
      .catch((error) => console.error('NotePad: compaction failed', error));
  if ('requestIdleCallback' in window) requestIdleCallback(() => void run(), { timeout: 10_000 });
  else setTimeout(() => void run(), 5000);
}
