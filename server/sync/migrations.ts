/**
 * The sync database's own tables, made by numbered migrations (docs/sync.md "Stores"), the same
 * list for SQLite and Postgres: a table `sync_schema_migrations` records each version applied, and
 * a host applies those it lacks, in order, in one transaction, at start. Migration 1 is the sync
 * tables as every host before migrations made them (`CREATE ... IF NOT EXISTS`), so a database of
 * such a host is recorded at version 1 and changed in nothing. better-auth's tables and the sign-in
 * counters (the accounts database) keep their own creation (server/auth.ts, server/attemptStore.ts).
 * Never edit a migration once released: add the next one. On Postgres, `withSchemaLock` keeps hosts
 * starting together from creating tables (these and the accounts') at once.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { inTransaction } from '../pgTransaction';

/** One step of the schema: its version (1, 2, ... without gaps), a name, and its DDL for each database. */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

/**
 * The migrations of this build, in order.
 * @internal Test seam: used here; the tests read this constant.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'sync tables',
    sqlite: `
CREATE TABLE IF NOT EXISTS sync_heads (user_id TEXT PRIMARY KEY, head INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS sync_events (
  user_id TEXT NOT NULL,
  server_seq INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  device_id TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (user_id, server_seq),
  UNIQUE (user_id, event_id)
);
CREATE TABLE IF NOT EXISTS sync_devices (
  device_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sync_devices_user ON sync_devices (user_id);
CREATE TABLE IF NOT EXISTS sync_snapshots (
  user_id TEXT PRIMARY KEY,
  server_seq INTEGER NOT NULL,
  format TEXT NOT NULL,
  created_at TEXT NOT NULL,
  body TEXT NOT NULL
);`,
    postgres: `
CREATE TABLE IF NOT EXISTS sync_heads (user_id TEXT PRIMARY KEY, head BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS sync_events (
  user_id TEXT NOT NULL,
  server_seq BIGINT NOT NULL,
  event_id TEXT NOT NULL,
  device_id TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (user_id, server_seq),
  UNIQUE (user_id, event_id)
);
CREATE TABLE IF NOT EXISTS sync_devices (
  device_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS sync_devices_user ON sync_devices (user_id);
CREATE TABLE IF NOT EXISTS sync_snapshots (
  user_id TEXT PRIMARY KEY,
  server_seq BIGINT NOT NULL,
  format TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  body TEXT NOT NULL
);`,
  },
  {
    version: 2,
    name: 'shared links',
    // body: the sealed copy's JSON; NULL once expired (the row then answers "expired" until stopped).
    sqlite: `
CREATE TABLE sync_shares (
  share_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT,
  bytes INTEGER NOT NULL,
  tag TEXT NOT NULL,
  body TEXT
);
CREATE INDEX sync_shares_user ON sync_shares (user_id);
CREATE INDEX sync_shares_expiry ON sync_shares (expires_at) WHERE body IS NOT NULL;`,
    postgres: `
CREATE TABLE sync_shares (
  share_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ,
  bytes INTEGER NOT NULL,
  tag TEXT NOT NULL,
  body TEXT
);
CREATE INDEX sync_shares_user ON sync_shares (user_id);
CREATE INDEX sync_shares_expiry ON sync_shares (expires_at) WHERE body IS NOT NULL;`,
  },
  {
    version: 3,
    name: 'checkpoint verifier and floor',
    // verifier: base64url SHA-256 of the account's checkpoint proof, or NULL; floor: the highest serverSeq dropped (docs/sync.md "snapshot").
    sqlite: `CREATE TABLE sync_prune (user_id TEXT PRIMARY KEY, verifier TEXT, floor INTEGER NOT NULL DEFAULT 0);`,
    postgres: `CREATE TABLE sync_prune (user_id TEXT PRIMARY KEY, verifier TEXT, floor BIGINT NOT NULL DEFAULT 0);`,
  },
];

const MIGRATIONS_TABLE = 'sync_schema_migrations';

/** The versions of `migrations` above `current`, checked to run 1, 2, ... without a gap. @throws for a list with a gap. */
function pending(migrations: readonly Migration[], current: number): Migration[] {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  if (current > migrations.length)
    console.warn(
      `[sync] the database is at schema version ${current}, newer than this host's ${migrations.length}: its tables are used as they are`,
    );
  return migrations.slice(current);
}

/** How long a host waits for another process migrating the same SQLite file (ms). */
const MIGRATION_BUSY_WAIT_MS = 10_000;

/**
 * Applies the migrations `db` lacks, in one `BEGIN IMMEDIATE` transaction (another process
 * migrating the same file at once waits up to MIGRATION_BUSY_WAIT_MS), and records them.
 * @returns the versions applied now. @throws the database's error (nothing is applied then).
 */
export function migrateSqlite(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const wait = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${MIGRATION_BUSY_WAIT_MS}`);
  try {
    return db
      .transaction(() => {
        db.exec(
          `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
        );
        const current = (db.prepare(`SELECT max(version) AS v FROM ${MIGRATIONS_TABLE}`).get() as { v: number | null }).v ?? 0;
        const record = db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (version, name, applied_at) VALUES (?, ?, ?)`);
        return pending(migrations, current).map((m) => {
          db.exec(m.sqlite);
          record.run(m.version, m.name, new Date().toISOString());
          return m.version;
        });
      })
      .immediate();
  } finally {
    db.pragma(`busy_timeout = ${wait}`);
  }
}

/**
 * Applies the migrations the database lacks, in one transaction holding the schema's advisory lock
 * (hosts started together wait for each other), and records them.
 * @returns the versions applied now. @throws the database's error (nothing is applied then).
 */
export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('notepad-schema'))");
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`,
    );
    const { rows } = await client.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${MIGRATIONS_TABLE}`);
    const applied: number[] = [];
    for (const m of pending(migrations, rows[0].v ?? 0)) {
      await client.query(m.postgres);
      await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name, applied_at) VALUES ($1, $2, now())`, [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}

/**
 * Runs `work` while holding a cluster-wide advisory lock, so host processes starting together do
 * not create the same tables at once. @throws what `work` throws.
 */
export async function withSchemaLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('notepad-schema'))");
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('notepad-schema'))");
    }
  } finally {
    client.release();
  }
}
