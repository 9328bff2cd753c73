/**
 * `npm run usage`: app loads recorded by track-app-usage, per UTC day and source (README "Functions").
 *
 *   npm run usage [-- --db data/usage.sqlite] [--days N] [--json]
 *
 * --db PATH  the database (default: USAGE_DB_PATH, else data/usage.sqlite)
 * --days N   only the last N days, today included
 * --json     print the rows as JSON instead of a table
 * Exit codes: 0 ok, 1 no database at that path, 2 bad arguments.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatUsageReport } from '../server/usageReport';
import { DEFAULT_USAGE_DB_PATH, openUsageStore } from '../server/usageStore';

const USAGE = 'Usage: npm run usage -- [--db PATH] [--days N] [--json]\n';

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({ args: argv, options: { db: { type: 'string' }, days: { type: 'string' }, json: { type: 'boolean' } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const path = args.values.db ?? (process.env.USAGE_DB_PATH?.trim() || DEFAULT_USAGE_DB_PATH);
  const days = args.values.days === undefined ? undefined : Number(args.values.days);
  if (days !== undefined && (!Number.isInteger(days) || days < 1)) {
    process.stderr.write(`--days must be a whole number above 0\n${USAGE}`);
    return 2;
  }
  if (!existsSync(path)) {
    process.stderr.write(`No usage database at ${path}: the host creates it on start (npm start), or pass --db PATH.\n`);
    return 1;
  }
  const store = openUsageStore(path);
  try {
    const sinceDay = days === undefined ? undefined : new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const counts = store.countsBySourceAndDay({ sinceDay });
    process.stdout.write(args.values.json ? JSON.stringify(counts, null, 2) + '\n' : formatUsageReport(counts, path));
    return 0;
  } finally {
    store.close();
  }
}

process.exitCode = main(process.argv.slice(2));
