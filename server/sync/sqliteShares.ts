/**
 * Shared links on SQLite (docs/sync.md "Shared links", "Stores"): the table `sync_shares` of the sync
 * file (made by migration 2, server/sync/migrations.ts), on the sync store's connection and settings:
 * `secure_delete` (a deleted copy is overwritten, not left in free pages), and every write one
 * `BEGIN IMMEDIATE` transaction retried asynchronously while another process holds the lock.
 */
import type Database from 'better-sqlite3';
import type { ShareListing } from '../../catalog/index.ts';
import type { ShareStore, ShareWriteResult } from '../../functions/sync/shareStore.ts';
import { withBusyRetry } from './sqliteStore';

interface ShareRow {
  share_id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  bytes: number;
  tag: string;
  body: string | null;
}

/** True when a row's copy is past its expiry at `now` (ISO-8601 strings compare in time order). */
const pastExpiry = (row: Pick<ShareRow, 'expires_at'>, now: string) => row.expires_at !== null && row.expires_at <= now;

/** The share store on the sync file's connection `db` (server/sync/sqliteStore.ts `openSyncDatabase`); the sync store closes it. */
export function openSqliteShareStore(db: Database.Database): ShareStore {
  const byId = db.prepare<[string], ShareRow>('SELECT * FROM sync_shares WHERE share_id = ?');
  const live = db.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM sync_shares WHERE user_id = ? AND body IS NOT NULL AND (expires_at IS NULL OR expires_at > ?)',
  );
  const insert = db.prepare(
    'INSERT INTO sync_shares (share_id, user_id, created_at, updated_at, expires_at, bytes, tag, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const replace = db.prepare('UPDATE sync_shares SET updated_at = ?, expires_at = ?, bytes = ?, tag = ?, body = ? WHERE share_id = ?');
  const setOptions = db.prepare('UPDATE sync_shares SET expires_at = ? WHERE share_id = ?');
  const forget = db.prepare('UPDATE sync_shares SET body = NULL, bytes = 0 WHERE share_id = ?');
  const expireAll = db.prepare('UPDATE sync_shares SET body = NULL, bytes = 0 WHERE body IS NOT NULL AND expires_at <= ?');
  const remove = db.prepare('DELETE FROM sync_shares WHERE user_id = ? AND share_id = ?');
  const ofUser = db.prepare<[string], ShareRow>('SELECT * FROM sync_shares WHERE user_id = ? ORDER BY created_at, share_id');
  const removeUser = db.prepare('DELETE FROM sync_shares WHERE user_id = ?');

  const writeTx = db.transaction(
    (userId: string, share: Parameters<ShareStore['write']>[1], now: string, maxLive: number): ShareWriteResult => {
      const expiresAt = share.expiresAt?.toISOString() ?? null;
      const row = byId.get(share.id);
      if (row && row.user_id !== userId) return 'not-yours';
      if (!row) {
        if (share.body === null) return 'missing';
        if ((live.get(userId, now)?.n ?? 0) >= maxLive) return 'too-many';
        insert.run(share.id, userId, now, now, expiresAt, share.bytes, share.tag, share.body);
        return 'created';
      }
      if (share.body !== null) {
        // A copy of a link that was not live (expired) counts against the limit again.
        if ((row.body === null || pastExpiry(row, now)) && (live.get(userId, now)?.n ?? 0) >= maxLive) return 'too-many';
        replace.run(now, expiresAt, share.bytes, share.tag, share.body, share.id);
        return 'replaced';
      }
      if (row.body === null || pastExpiry(row, now)) return 'expired';
      setOptions.run(expiresAt, share.id);
      return 'updated';
    },
  );
  const readTx = db.transaction((id: string, now: string) => {
    const row = byId.get(id);
    if (!row) return 'missing' as const;
    if (row.body !== null && pastExpiry(row, now)) forget.run(id);
    return row.body === null || pastExpiry(row, now) ? ('expired' as const) : { body: row.body, updatedAt: row.updated_at };
  });

  // A deleted copy leaves no trace in the file: secure_delete zeroes its pages, and the write-ahead
  // log, which still holds their earlier versions, is folded into the file and emptied.
  const forgetPages = () => {
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Another process reads the file: its next checkpoint does it.
    }
  };
  const deleted = <T extends { changes: number }>(result: T): T => {
    if (result.changes > 0) forgetPages();
    return result;
  };

  return {
    write: (userId, share, now, maxLive) => withBusyRetry(() => writeTx.immediate(userId, share, now.toISOString(), maxLive)),
    async read(id, now) {
      const at = now.toISOString();
      const row = byId.get(id);
      // Reads of a live copy take no write lock; only an expiry writes.
      if (row && row.body !== null && !pastExpiry(row, at)) return { body: row.body, updatedAt: row.updated_at };
      const found = await withBusyRetry(() => readTx.immediate(id, at));
      if (found === 'expired' && row?.body) forgetPages();
      return found;
    },
    remove: async (userId, id) => deleted(await withBusyRetry(() => remove.run(userId, id))).changes > 0,
    async list(userId, now) {
      const at = now.toISOString();
      return ofUser.all(userId).map((row): ShareListing => ({
        id: row.share_id,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        expiresAt: row.expires_at,
        expired: row.body === null || pastExpiry(row, at),
        bytes: row.bytes,
        tag: row.tag,
      }));
    },
    expire: async (now) => deleted(await withBusyRetry(() => expireAll.run(now.toISOString()))).changes,
    deleteUser: async (userId) => void deleted(await withBusyRetry(() => removeUser.run(userId))),
    close: async () => undefined,
  };
}
