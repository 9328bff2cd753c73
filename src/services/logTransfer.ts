import { type AppEvent, explainInvalid, upcast } from '../events/catalog';
import type { EventLog } from '../events/eventLog';
import { buildLogFile, type LogFile } from '../events/logFile';

/** The stored log as an export file: every valid event in seq order and the newest snapshot. */
export async function exportLogFile(log: EventLog, now = new Date()): Promise<LogFile> {
  const { storage } = log.options;
  const events = (await storage.readAfter(0)).map(upcast).filter((e): e is AppEvent => explainInvalid(e) === null);
  return buildLogFile(events, await storage.latestSnapshot(), now);
}

/** File name of an export: `notepad-log-YYYY-MM-DD.json` (local date). */
export function logFileName(now = new Date()): string {
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
