/**
 * The text `npm run usage` prints (README "Usage records"): one row per UTC day and source with app loads and distinct sessions, then totals.
 */
import type { UsageCount } from './usageStore';

/** A fixed-width table of `counts` (oldest day first) with a total line. */
export function formatUsageReport(counts: readonly UsageCount[], dbPath: string): string {
  if (counts.length === 0) return `No usage records in ${dbPath} yet.\n`;
  const rows = counts.map((c) => [c.day, c.source, String(c.loads), String(c.sessions)]);
  const loads = counts.reduce((sum, c) => sum + c.loads, 0);
  const header = ['day (UTC)', 'source', 'loads', 'sessions'];
  const total = ['total', `${new Set(counts.map((c) => c.source)).size} sources`, String(loads), ''];
  const table = [header, ...rows, total];
  const widths = header.map((_, col) => Math.max(...table.map((row) => row[col].length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col >= 2 ? cell.padStart(widths[col]) : cell.padEnd(widths[col])))
      .join('  ')
      .trimEnd();
  return [`Usage records in ${dbPath}`, line(header), ...rows.map(line), line(total)].join('\n') + '\n';
}
