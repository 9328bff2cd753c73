import { type AppEvent, explainInvalid, upcast } from '../events/catalog';
import type { EventLog } from '../events/eventLog';
import { DEFAULT_COMPACTION_POLICY, planCompaction, type CompactionPolicy } from '../events/compaction';
import { COMPACTED_AT_KEY, readItem, writeItem, type StorageArea } from './webStorage';

const COMPACT_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Drop superseded body revisions per the policy (README "Compaction") and write a fresh snapshot.
 * Returns how many events were dropped.
 */
export async function compactLog(log: EventLog, now = new Date(), policy: CompactionPolicy = DEFAULT_COMPACTION_POLICY): Promise<number> {
  const { storage } = log.options;
  const events = (await storage.readAfter(0)).map(upcast).filter((e): e is AppEvent => explainInvalid(e) === null);
  const drop = planCompaction(events, now, policy);
  if (drop.length) await storage.deleteEvents(drop);
  await log.writeSnapshot();
  return drop.length;
}

/**
 * Compact in idle time when the last compaction recorded in `storage` is over a day old (or cannot be
 * read). Never blocks start-up.
 */
export function scheduleCompaction(log: EventLog, storage: StorageArea): void {
  const read = readItem(storage, COMPACTED_AT_KEY);
  const last = Number((read.ok ? read.value : null) ?? 0);
  if (Date.now() - last < COMPACT_EVERY_MS) return;
  const run = () =>
    compactLog(log)
      .then(() => {
        const written = writeItem(storage, COMPACTED_AT_KEY, String(Date.now()));
        if (!written.ok) throw written.error;
      })
      .catch((error) => console.error('NotePad: compaction failed', error));
  if ('requestIdleCallback' in window) requestIdleCallback(() => void run(), { timeout: 10_000 });
  else setTimeout(() => void run(), 5000);
}
