/**
 * Usage records of the Node host in an embedded SQLite file (better-sqlite3). One table
 * `app_usage(id, at, app_name, source, session_id)`, WAL journal, an index on time. Inserts are
 * synchronous and take microseconds, so the tracking handler never queues.
 */
import Database from 'better-sqlite3';
import type { UsageRecord, UsageStore } from '../functions/_shared/usage.ts';
import { preparePrivateDatabase } from './privateFiles';

/** Where records go when USAGE_DB_PATH is unset (data/ is git-ignored). */
export const DEFAULT_USAGE_DB_PATH = 'data/usage.sqlite';

/** Counts of one source on one UTC day. */
export interface UsageCount {
  day: string;
  source: string;
  loads: number;
  sessions: number;
}

/** The SQLite usage store. */
export interface SqliteUsageStore extends UsageStore {
  record(usage: UsageRecord): void;
  /** Loads and distinct sessions per UTC day (yyyy-MM-dd) and source, oldest day first. */
  countsBySourceAndDay(options?: { sinceDay?: string }): UsageCount[];
  close(): void;
}

/**
 * Opens (creating if needed, mode 0600 in a folder of mode 0700) the database at `path` (`:memory:` for none on disk).
 * @throws when the file cannot be created or is not a SQLite database.
 */
export function openUsageStore(path: string): SqliteUsageStore {
  preparePrivateDatabase(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 2000');
  db.exec(`CREATE TABLE IF NOT EXISTS app_usage (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    app_name TEXT NOT NULL,
    source TEXT NOT NULL,
    session_id TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS app_usage_at ON app_usage (at);`);
  const insert = db.prepare('INSERT INTO app_usage (at, app_name, source, session_id) VALUES (@at, @app_name, @source, @session_id)');
  const counts = db.prepare(`SELECT substr(at, 1, 10) AS day, source, count(*) AS loads, count(DISTINCT session_id) AS sessions
    FROM app_usage WHERE at >= @since GROUP BY day, source ORDER BY day, source`);
  return {
    record: (usage) => void insert.run(usage),
    countsBySourceAndDay: (options = {}) => counts.all({ since: options.sinceDay ?? '' }) as UsageCount[],
    close: () => db.close(),
  };
}
