import type { EventLog } from '../events/eventLog';
import { COMPACTED_AT_KEY, readItem, writeItem, type StorageArea } from './webStorage';

const COMPACT_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Compact in idle time (docs/architecture.md "Compaction") when the last compaction recorded in
 * `storage` is over a day old (or cannot be read). Never blocks start-up; not in a tab that has
 * stopped writing (a newer build writes to the log).
 */
export function scheduleCompaction(log: EventLog, storage: StorageArea): void {
  const read = readItem(storage, COMPACTED_AT_KEY);
  const last = Number((read.ok ? read.value : null) ?? 0);
  if (Date.now() - last < COMPACT_EVERY_MS || !log.writable) return;
  const run = () =>
    log
      .compact()
      .then(() => {
        const written = writeItem(storage, COMPACTED_AT_KEY, String(Date.now()));
        if (!written.ok) throw written.error;
      })
      .catch((error) => console.error('NotePad: compaction failed', error));
  if ('requestIdleCallback' in window) requestIdleCallback(() => void run(), { timeout: 10_000 });
  else setTimeout(() => void run(), 5000);
}
