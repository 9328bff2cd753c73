import type { EventLog } from '../events/eventLog';
import { buildLogFile, type LogFile } from '../events/logFile';

/**
 * Why an export is refused while a synced device's stored checkpoint waits to be taken again (docs/product.md
 * "Event log tools").
 * @internal Test seam: used here; the tests read it.
 */
export const LOST_ORIGIN_EXPORT_REASON =
  'This device’s copy of your account’s checkpoint does not open, so the file would miss the notes from before it. Go online to sync, then export again.';

/**
 * The stored log as an export file: every event in seq order (a newer build's records as they are
 * stored, so nothing is lost) and the newest snapshot, and on a synced device the checkpoint it started from.
 * @throws Error (LOST_ORIGIN_EXPORT_REASON) while that checkpoint does not read and waits to be taken
 * again (docs/architecture.md "Reading states"): the file would lack the notes from before it.
 */
export async function exportLogFile(log: EventLog, now = new Date()): Promise<LogFile> {
  if (log.serverSync.lostOrigin() !== null) throw new Error(LOST_ORIGIN_EXPORT_REASON);
  const [records, snapshot, origin] = await Promise.all([log.storedRecords(), log.latestSnapshot(), log.serverSync.origin()]);
  return buildLogFile(records, snapshot, now, origin ?? undefined);
}

/** File name of an export: `notepad-log-YYYY-MM-DD.json` (local date). */
function logFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `notepad-log-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** Save `file` through the browser's download (a Blob URL on a temporary link). */
export function downloadLogFile(file: LogFile, name = logFileName()): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(file)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
