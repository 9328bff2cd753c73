/**
 * Shared links on Postgres (docs/sync.md "Shared links", "Stores"): the table `sync_shares` (made by
 * migration 2, server/sync/migrations.ts) on the host's pool. A write holds a transaction-scoped
 * advisory lock of its owner, so links made at once by one account cannot pass its limit together.
 */
import type pg from 'pg';
import type { ShareListing } from '../../catalog/index.ts';
import type { ShareStore } from '../../functions/sync/shareStore.ts';
import { inTransaction } from '../pgTransaction';

interface ShareRow {
  share_id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  expires_at: Date | null;
  bytes: number;
  tag: string;
  body: string | null;
}

const pastExpiry = (row: Pick<ShareRow, 'expires_at'>, now: Date) => row.expires_at !== null && row.expires_at.getTime() <= now.getTime();
const LIVE_COUNT =
  'SELECT count(*)::int AS n FROM sync_shares WHERE user_id = $1 AND body IS NOT NULL AND (expires_at IS NULL OR expires_at > $2)';

/** The share store on `pool`, whose tables the sync store made (open that first). */
export function openPostgresShareStore(pool: pg.Pool): ShareStore {
  return {
    write: (userId, share, now, maxLive) =>
      inTransaction(pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtext('notepad-shares:' || $1))", [userId]);
        const row = (await client.query<ShareRow>('SELECT * FROM sync_shares WHERE share_id = $1 FOR UPDATE', [share.id])).rows[0];
        if (row && row.user_id !== userId) return 'not-yours';
        const full = async () => (await client.query<{ n: number }>(LIVE_COUNT, [userId, now])).rows[0].n >= maxLive;
        if (!row) {
          if (share.body === null) return 'missing';
          if (await full()) return 'too-many';
          await client.query(
            `INSERT INTO sync_shares (share_id, user_id, created_at, updated_at, expires_at, bytes, tag, body)
             VALUES ($1, $2, $3, $3, $4, $5, $6, $7)`,
            [share.id, userId, now, share.expiresAt, share.bytes, share.tag, share.body],
          );
          return 'created';
        }
        if (share.body !== null) {
          if ((row.body === null || pastExpiry(row, now)) && (await full())) return 'too-many';
          await client.query(
            'UPDATE sync_shares SET updated_at = $2, expires_at = $3, bytes = $4, tag = $5, body = $6 WHERE share_id = $1',
            [share.id, now, share.expiresAt, share.bytes, share.tag, share.body],
          );
          return 'replaced';
        }
        if (row.body === null || pastExpiry(row, now)) return 'expired';
        await client.query('UPDATE sync_shares SET expires_at = $2 WHERE share_id = $1', [share.id, share.expiresAt]);
        return 'updated';
      }),
    async read(id, now) {
      const row = (await pool.query<ShareRow>('SELECT * FROM sync_shares WHERE share_id = $1', [id])).rows[0];
      if (!row) return 'missing';
      if (row.body !== null && !pastExpiry(row, now)) return { body: row.body, updatedAt: row.updated_at.toISOString() };
      if (row.body !== null)
        await pool.query('UPDATE sync_shares SET body = NULL, bytes = 0 WHERE share_id = $1 AND expires_at <= $2', [id, now]);
      return 'expired';
    },
    remove: async (userId, id) =>
      ((await pool.query('DELETE FROM sync_shares WHERE user_id = $1 AND share_id = $2', [userId, id])).rowCount ?? 0) > 0,
    async list(userId, now) {
      const { rows } = await pool.query<ShareRow>('SELECT * FROM sync_shares WHERE user_id = $1 ORDER BY created_at, share_id', [userId]);
      return rows.map((row): ShareListing => ({
        id: row.share_id,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        expiresAt: row.expires_at?.toISOString() ?? null,
        expired: row.body === null || pastExpiry(row, now),
        bytes: row.bytes,
        tag: row.tag,
      }));
    },
    expire: async (now) =>
      (await pool.query('UPDATE sync_shares SET body = NULL, bytes = 0 WHERE body IS NOT NULL AND expires_at <= $1', [now])).rowCount ?? 0,
    deleteUser: async (userId) => void (await pool.query('DELETE FROM sync_shares WHERE user_id = $1', [userId])),
    close: async () => undefined,
  };
}
