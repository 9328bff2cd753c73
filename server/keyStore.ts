/**
 * Where the host keeps accounts' keys (docs/sync.md "Keys"), in the accounts database: a local
 * account's in better-auth's `user` row (column `notepadKeys`, written with the user at sign-up),
 * an external identity's in `notepad_jwt_keys`. A password change writes the password hash, the
 * keys and the account's sessions in one transaction (SQLite: one synchronous transaction on the
 * accounts file; Postgres: one transaction on one pooled client, server/pgTransaction.ts).
 */
import type Database from 'better-sqlite3';
import pg from 'pg';
import type { KeyBundle } from '../catalog/keys.ts';
import { inTransaction } from './pgTransaction';

/**
 * An account's keys and where its upgrade stands: `upgrading` while an old account's events are
 * being sealed, with `proved`: the SHA-256 (base64url) of each session token that proved the
 * password in this upgrade, the only sessions that may replace its events.
 */
export interface StoredKeys {
  state: 'upgrading' | 'active';
  keys: KeyBundle;
  proved?: string[];
}

/**
 * A change of password: the new hash (null: an external identity, which has none), the keys, the
 * session to keep (null: end all), and the recovery verifier the account must still have (a
 * recovery: two at once with one key cannot both win), or null.
 */
interface PasswordReplacement {
  hash: string | null;
  keys: StoredKeys;
  keepSessionToken: string | null;
  ifVerifier?: string | null;
}

/** The keys' storage. */
export interface KeyStore {
  /** Creates `notepad_jwt_keys` when missing (the `user` column is better-auth's migration's). */
  migrate(): Promise<void>;
  /** The local account of `email` (lower-case) and its keys, or null when there is none. */
  byEmail(email: string): Promise<{ userId: string; keys: StoredKeys | null } | null>;
  /** The keys of `userId` (local, or `jwt:<sub>`), or null. */
  read(userId: string): Promise<StoredKeys | null>;
  /** Store keys for an account that has none. @returns false when it has some (nothing changed). */
  createIfNone(userId: string, keys: StoredKeys): Promise<boolean>;
  /** The password hash of a local account's e-mail-and-password login, or null. */
  passwordHash(userId: string): Promise<string | null>;
  /** Write the new password hash, keys and sessions of `userId` in one transaction. @returns false when `ifVerifier` no longer holds (nothing written). */
  replace(userId: string, change: PasswordReplacement): Promise<boolean>;
  /** Change a local account's keys in one transaction: `change` gets the stored keys and returns the new ones, or null to leave them. @returns the keys now stored. */
  update(userId: string, change: (keys: StoredKeys | null) => StoredKeys | null): Promise<StoredKeys | null>;
}

const JWT_TABLE = 'notepad_jwt_keys';
const isJwt = (userId: string) => userId.startsWith('jwt:');

/** `text` as stored keys, or null (absent or unreadable). */
function parse(text: string | null | undefined): StoredKeys | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as StoredKeys;
    return value && (value.state === 'active' || value.state === 'upgrading') && typeof value.keys === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** The store in the accounts database: better-sqlite3 (embedded) or a pg Pool (DATABASE_URL). */
export function openKeyStore(database: Database.Database | pg.Pool): KeyStore {
  return database instanceof pg.Pool ? postgresKeys(database) : sqliteKeys(database);
}

function sqliteKeys(db: Database.Database): KeyStore {
  const one = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T | undefined;
  return {
    async migrate() {
      db.exec(`CREATE TABLE IF NOT EXISTS ${JWT_TABLE} (user_id TEXT PRIMARY KEY, keys TEXT NOT NULL)`);
    },
    async byEmail(email) {
      const row = one<{ id: string; notepadKeys: string | null }>('SELECT id, "notepadKeys" FROM "user" WHERE email = ?', email);
      return row ? { userId: row.id, keys: parse(row.notepadKeys) } : null;
    },
    async read(userId) {
      if (isJwt(userId)) return parse(one<{ keys: string }>(`SELECT keys FROM ${JWT_TABLE} WHERE user_id = ?`, userId)?.keys);
      return parse(one<{ notepadKeys: string | null }>('SELECT "notepadKeys" FROM "user" WHERE id = ?', userId)?.notepadKeys);
    },
    async createIfNone(userId, keys) {
      const text = JSON.stringify(keys);
      const result = isJwt(userId)
        ? db.prepare(`INSERT INTO ${JWT_TABLE} (user_id, keys) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING`).run(userId, text)
        : db.prepare('UPDATE "user" SET "notepadKeys" = ? WHERE id = ? AND "notepadKeys" IS NULL').run(text, userId);
      return result.changes === 1;
    },
    async passwordHash(userId) {
      return (
        one<{ password: string | null }>('SELECT password FROM account WHERE "userId" = ? AND "providerId" = ?', userId, 'credential')
          ?.password ?? null
      );
    },
    async replace(userId, change) {
      const text = JSON.stringify(change.keys);
      return db
        .transaction(() => {
          if (isJwt(userId)) {
            db.prepare(`UPDATE ${JWT_TABLE} SET keys = ? WHERE user_id = ?`).run(text, userId);
            return true;
          }
          if (change.ifVerifier) {
            const now = parse(one<{ notepadKeys: string | null }>('SELECT "notepadKeys" FROM "user" WHERE id = ?', userId)?.notepadKeys);
            if (now?.keys.recoveryVerifier !== change.ifVerifier) return false;
          }
          db.prepare('UPDATE account SET password = ? WHERE "userId" = ? AND "providerId" = ?').run(change.hash, userId, 'credential');
          db.prepare('UPDATE "user" SET "notepadKeys" = ? WHERE id = ?').run(text, userId);
          if (change.keepSessionToken === null) db.prepare('DELETE FROM session WHERE "userId" = ?').run(userId);
          else db.prepare('DELETE FROM session WHERE "userId" = ? AND token <> ?').run(userId, change.keepSessionToken);
          return true;
        })
        .immediate();
    },
    async update(userId, change) {
      return db
        .transaction(() => {
          const now = parse(one<{ notepadKeys: string | null }>('SELECT "notepadKeys" FROM "user" WHERE id = ?', userId)?.notepadKeys);
          const next = change(now);
          if (!next) return now;
          db.prepare('UPDATE "user" SET "notepadKeys" = ? WHERE id = ?').run(JSON.stringify(next), userId);
          return next;
        })
        .immediate();
    },
  };
}

/** A local account's keys, its row locked until the transaction of `client` ends. */
async function lockedKeys(client: pg.PoolClient, userId: string): Promise<StoredKeys | null> {
  const found = await client.query<{ notepadKeys: string | null }>('SELECT "notepadKeys" FROM "user" WHERE id = $1 FOR UPDATE', [userId]);
  return parse(found.rows[0]?.notepadKeys);
}

function postgresKeys(pool: pg.Pool): KeyStore {
  const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[]) => (await pool.query<T>(sql, params)).rows[0];
  return {
    async migrate() {
      await pool.query(`CREATE TABLE IF NOT EXISTS ${JWT_TABLE} (user_id TEXT PRIMARY KEY, keys TEXT NOT NULL)`);
    },
    async byEmail(email) {
      const row = await one<{ id: string; notepadKeys: string | null }>('SELECT id, "notepadKeys" FROM "user" WHERE email = $1', [email]);
      return row ? { userId: row.id, keys: parse(row.notepadKeys) } : null;
    },
    async read(userId) {
      if (isJwt(userId)) return parse((await one<{ keys: string }>(`SELECT keys FROM ${JWT_TABLE} WHERE user_id = $1`, [userId]))?.keys);
      return parse((await one<{ notepadKeys: string | null }>('SELECT "notepadKeys" FROM "user" WHERE id = $1', [userId]))?.notepadKeys);
    },
    async createIfNone(userId, keys) {
      const text = JSON.stringify(keys);
      const result = isJwt(userId)
        ? await pool.query(`INSERT INTO ${JWT_TABLE} (user_id, keys) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [userId, text])
        : await pool.query('UPDATE "user" SET "notepadKeys" = $1 WHERE id = $2 AND "notepadKeys" IS NULL', [text, userId]);
      return result.rowCount === 1;
    },
    async passwordHash(userId) {
      const row = await one<{ password: string | null }>('SELECT password FROM account WHERE "userId" = $1 AND "providerId" = $2', [
        userId,
        'credential',
      ]);
      return row?.password ?? null;
    },
    async replace(userId, change) {
      const text = JSON.stringify(change.keys);
      return inTransaction(pool, async (client) => {
        if (isJwt(userId)) {
          await client.query(`UPDATE ${JWT_TABLE} SET keys = $1 WHERE user_id = $2`, [text, userId]);
          return true;
        }
        if (change.ifVerifier) {
          const now = await lockedKeys(client, userId);
          if (now?.keys.recoveryVerifier !== change.ifVerifier) return false;
        }
        await client.query('UPDATE account SET password = $1 WHERE "userId" = $2 AND "providerId" = $3', [
          change.hash,
          userId,
          'credential',
        ]);
        await client.query('UPDATE "user" SET "notepadKeys" = $1 WHERE id = $2', [text, userId]);
        if (change.keepSessionToken === null) await client.query('DELETE FROM session WHERE "userId" = $1', [userId]);
        else await client.query('DELETE FROM session WHERE "userId" = $1 AND token <> $2', [userId, change.keepSessionToken]);
        return true;
      });
    },
    async update(userId, change) {
      return inTransaction(pool, async (client) => {
        const now = await lockedKeys(client, userId);
        const next = change(now);
        if (!next) return now;
        await client.query('UPDATE "user" SET "notepadKeys" = $1 WHERE id = $2', [JSON.stringify(next), userId]);
        return next;
      });
    },
  };
}
