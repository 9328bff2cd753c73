/**
 * Counters of sign-in and sign-up attempts (docs/sync.md "Sign-in limits"), kept in the accounts
 * database so every host on one Postgres sees the same counts: table `notepad_auth_attempts`, one
 * row per key (an account's e-mail hash, a client address). Each update reads and writes its keys
 * in one transaction (SQLite: `BEGIN IMMEDIATE`; Postgres: rows locked in key order), so attempts
 * made at once, on any host, are counted one after another.
 */
import type Database from 'better-sqlite3';
import pg from 'pg';
import { inTransaction } from './pgTransaction';

/** One key's counter; times are ms since the epoch. */
export interface AttemptRecord {
  /** Attempts counted (failures, or sign-ups). */
  count: number;
  /** When the count's window started (or, for an account, its last failure). */
  start: number;
  /** Until when attempts are refused (0: not refused). */
  until: number;
}

/** What a decision writes back for each key (null deletes it) and what it returns. */
interface AttemptUpdate<T> {
  next: (AttemptRecord | null)[];
  result: T;
}

/** The counters' storage. */
export interface AttemptStore {
  /** Creates the table when missing. */
  migrate(): Promise<void>;
  /**
   * Reads the records of `keys` (null when absent), lets `decide` (synchronous) choose what to
   * write, and writes it, in one transaction. @returns what `decide` returned.
   * @throws the database's error (nothing is written then).
   */
  update<T>(keys: readonly string[], now: number, decide: (records: (AttemptRecord | null)[]) => AttemptUpdate<T>): Promise<T>;
  /** Deletes the records not written since `before` (ms). */
  purge(before: number): Promise<void>;
}

const TABLE = 'notepad_auth_attempts';
const COLUMNS =
  'key TEXT PRIMARY KEY, count INTEGER NOT NULL, start_ms BIGINT NOT NULL, until_ms BIGINT NOT NULL, touched_ms BIGINT NOT NULL';

interface Row {
  key: string;
  count: number | string;
  start_ms: number | string;
  until_ms: number | string;
}

const recordOf = (row: Row | undefined): AttemptRecord | null =>
  row ? { count: Number(row.count), start: Number(row.start_ms), until: Number(row.until_ms) } : null;

/** The store in the accounts database: better-sqlite3 (embedded) or a pg Pool (DATABASE_URL). */
export function openAttemptStore(database: Database.Database | pg.Pool): AttemptStore {
  return database instanceof pg.Pool ? postgresAttempts(database) : sqliteAttempts(database);
}

function sqliteAttempts(db: Database.Database): AttemptStore {
  let statements: ReturnType<typeof prepare> | null = null;
  const prepare = () => ({
    select: db.prepare<[string], Row>(`SELECT key, count, start_ms, until_ms FROM ${TABLE} WHERE key = ?`),
    upsert: db.prepare(`INSERT INTO ${TABLE} (key, count, start_ms, until_ms, touched_ms) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (key) DO UPDATE SET count = excluded.count, start_ms = excluded.start_ms, until_ms = excluded.until_ms, touched_ms = excluded.touched_ms`),
    remove: db.prepare(`DELETE FROM ${TABLE} WHERE key = ?`),
    purge: db.prepare(`DELETE FROM ${TABLE} WHERE touched_ms < ?`),
  });
  const ready = () => (statements ??= prepare());
  return {
    async migrate() {
      db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (${COLUMNS})`);
    },
    async update(keys, now, decide) {
      const { select, upsert, remove } = ready();
      const run = db.transaction(() => {
        const { next, result } = decide(keys.map((key) => recordOf(select.get(key))));
        keys.forEach((key, i) => {
          const record = next[i];
          if (record) upsert.run(key, record.count, record.start, record.until, now);
          else remove.run(key);
        });
        return result;
      });
      return run.immediate();
    },
    async purge(before) {
      ready().purge.run(before);
    },
  };
}

function postgresAttempts(pool: pg.Pool): AttemptStore {
  return {
    async migrate() {
      await pool.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (${COLUMNS})`);
    },
    async update(keys, now, decide) {
      const sorted = [...new Set(keys)].sort();
      return inTransaction(pool, async (client) => {
        // Rows exist before they are locked, so two first attempts at once wait for each other too.
        await client.query(
          `INSERT INTO ${TABLE} (key, count, start_ms, until_ms, touched_ms) SELECT k, 0, 0, 0, $2 FROM unnest($1::text[]) AS k
         ORDER BY k ON CONFLICT (key) DO NOTHING`,
          [sorted, now],
        );
        const { rows } = await client.query<Row>(
          `SELECT key, count, start_ms, until_ms FROM ${TABLE} WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
          [sorted],
        );
        const byKey = new Map(rows.map((row) => [row.key, row]));
        const { next, result } = decide(keys.map((key) => recordOf(byKey.get(key))));
        for (const [i, key] of keys.entries()) {
          const record = next[i];
          if (record)
            await client.query(`UPDATE ${TABLE} SET count = $2, start_ms = $3, until_ms = $4, touched_ms = $5 WHERE key = $1`, [
              key,
              record.count,
              record.start,
              record.until,
              now,
            ]);
          else await client.query(`DELETE FROM ${TABLE} WHERE key = $1`, [key]);
        }
        return result;
      });
    },
    async purge(before) {
      await pool.query(`DELETE FROM ${TABLE} WHERE touched_ms < $1`, [before]);
    },
  };
}
