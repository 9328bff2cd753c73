/**
 * The sync store on Postgres (docs/sync.md "Stores"), through `pg`. A push is one transaction that
 * row-locks the user's `sync_heads` row (insert-if-missing and lock in one statement), so pushes of
 * one user are numbered in commit order without gaps, and sends `pg_notify` inside it: the
 * notification goes out at commit. One LISTEN connection per process hands each notification to
 * this process's watchers, so a push through any host reaches streams open on every host
 * (postgresHeadListener.ts).
 */
import type pg from 'pg';
import { inTransaction } from '../pgTransaction';
import {
  DROPPED_BODY,
  IN_CLEAR_SQL,
  SNAPSHOT_IN_CLEAR_SQL,
  type DeviceRecord,
  type EventPosition,
  type StoredPage,
  type SyncStore,
} from '../../functions/sync/store.ts';
import { createHeadWatchers } from './headWatchers';
import { HEAD_CHANNEL, listenForHeads } from './postgresHeadListener';
import { migratePostgres } from './migrations';
import { DEVICE_SEEN_GRANULARITY_MS, PULL_PAGE_SQL } from './sql';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Opens the Postgres sync store on `pool` (shared with better-auth), creating the tables when
 * missing (server/sync/migrations.ts), and starts this process's LISTEN connection to `url`.
 * @throws when the database cannot be reached or the tables cannot be created.
 */
export async function openPostgresSyncStore(pool: pg.Pool, url: string): Promise<SyncStore> {
  await migratePostgres(pool);
  const watchers = createHeadWatchers();
  const head = async (userId: string) =>
    Number((await pool.query<{ head: string }>('SELECT head FROM sync_heads WHERE user_id = $1', [userId])).rows[0]?.head ?? 0);
  const listener = listenForHeads(
    url,
    (userId, value) => watchers.emit(userId, value),
    () => {
      for (const userId of watchers.users())
        void head(userId).then(
          (value) => watchers.emit(userId, value),
          () => undefined,
        );
    },
  );

  await listener.ready;

  // Bindings seen by this process: a device bound to a user stays bound until the user is deleted,
  // so a recent one needs no query (its last-seen time is written at most every DEVICE_SEEN_GRANULARITY_MS anyway).
  const recent = new Map<string, { userId: string; seenAt: number }>();
  const useDevice = async (userId: string, deviceId: string, now: Date, maxDevices: number): Promise<boolean> => {
    const known = recent.get(deviceId);
    if (known && known.userId === userId && Math.abs(now.getTime() - known.seenAt) < DEVICE_SEEN_GRANULARITY_MS) return true;
    const bound = await bindDevice(userId, deviceId, now, true);
    if (bound === 'new' && Number.isFinite(maxDevices)) {
      // Keeps the user's newest devices (by last use) and the one just bound; the rest are released
      // (and forgotten here, so one that returns is bound again).
      const released = await pool.query<{ device_id: string }>(
        `DELETE FROM sync_devices WHERE user_id = $1 AND device_id IN (
          SELECT device_id FROM sync_devices WHERE user_id = $1 AND device_id <> $2 ORDER BY last_seen_at DESC, device_id DESC OFFSET $3)
         RETURNING device_id`,
        [userId, deviceId, Math.max(0, maxDevices - 1)],
      );
      for (const row of released.rows) recent.delete(row.device_id);
    }
    if (bound) {
      if (recent.size >= 10_000) recent.delete(recent.keys().next().value as string);
      recent.set(deviceId, { userId, seenAt: now.getTime() });
    }
    return bound !== false;
  };
  /** 'new' when this call bound the device, 'known' when it was the user's already, false when another user's. */
  const bindDevice = async (userId: string, deviceId: string, now: Date, again: boolean): Promise<'new' | 'known' | false> => {
    const { rows } = await pool.query<{ user_id: string; inserted: boolean }>(
      `WITH touched AS (
        INSERT INTO sync_devices (device_id, user_id, name, created_at, last_seen_at) VALUES ($1, $2, NULL, $3, $3)
        ON CONFLICT (device_id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
        WHERE sync_devices.user_id = EXCLUDED.user_id AND sync_devices.last_seen_at < $4
        RETURNING user_id, xmax = 0 AS inserted)
      SELECT user_id, inserted FROM touched UNION ALL SELECT user_id, false FROM sync_devices WHERE device_id = $1 LIMIT 1`,
      [deviceId, userId, now, new Date(now.getTime() - DEVICE_SEEN_GRANULARITY_MS)],
    );
    // A first use committed by another request after this statement's snapshot: read it again.
    if (rows.length === 0) return again ? bindDevice(userId, deviceId, now, false) : false;
    if (rows[0].user_id !== userId) return false;
    return rows[0].inserted ? 'new' : 'known';
  };

  return {
    kind: 'postgres',
    useDevice: (userId, deviceId, now, maxDevices = Infinity) => useDevice(userId, deviceId, now, maxDevices),
    async countInClear(userId) {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM sync_events WHERE user_id = $1 AND ${IN_CLEAR_SQL}`, [
        userId,
      ]);
      return Number(rows[0].n);
    },
    reseal: (userId, events) =>
      inTransaction(pool, async (client) => {
        let replaced = 0;
        for (const e of events) {
          const result = await client.query(
            `UPDATE sync_events SET body = $1, bytes = $2 WHERE user_id = $3 AND server_seq = $4 AND event_id = $5 AND ${IN_CLEAR_SQL}`,
            [e.body, e.bytes, userId, e.serverSeq, e.id],
          );
          replaced += result.rowCount ?? 0;
        }
        return replaced;
      }),
    async forgetClearData(userId) {
      await inTransaction(pool, async (client) => {
        await client.query(`DELETE FROM sync_snapshots WHERE user_id = $1 AND ${SNAPSHOT_IN_CLEAR_SQL}`, [userId]);
        await client.query('UPDATE sync_devices SET name = NULL WHERE user_id = $1', [userId]);
      });
      // The old row versions become space to reuse (Postgres never zeroes it; docs/sync.md "Threat model").
      await pool.query('VACUUM sync_events, sync_snapshots, sync_devices');
    },
    async listDevices(userId, page) {
      const { rows } = await pool.query<{ device_id: string; name: string | null; created_at: string | Date; last_seen_at: string | Date }>(
        `SELECT device_id, name, created_at, last_seen_at FROM sync_devices
         WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, device_id) > ($2::timestamptz, $3::text))
         ORDER BY created_at, device_id LIMIT $4`,
        [userId, page?.after?.createdAt ?? null, page?.after?.deviceId ?? '', page?.limit ?? null],
      );
      return rows.map((row): DeviceRecord => ({
        deviceId: row.device_id,
        name: row.name,
        createdAt: iso(row.created_at),
        lastSeenAt: iso(row.last_seen_at),
      }));
    },
    push: (userId, deviceId, events, now) =>
      inTransaction(pool, async (client) => {
        // Insert-if-missing and row lock in one statement: concurrent pushes of this user wait here.
        const locked = await client.query<{ head: string }>(
          'INSERT INTO sync_heads (user_id, head) VALUES ($1, 0) ON CONFLICT (user_id) DO UPDATE SET head = sync_heads.head RETURNING head',
          [userId],
        );
        let next = Number(locked.rows[0].head);
        const ids = events.map((event) => event.id);
        const found = await client.query<{ event_id: string; server_seq: string }>(
          'SELECT event_id, server_seq FROM sync_events WHERE user_id = $1 AND event_id = ANY($2::text[])',
          [userId, ids],
        );
        const existing = new Map<string, number>(found.rows.map((row) => [row.event_id, Number(row.server_seq)]));
        const accepted: EventPosition[] = [];
        const duplicates: EventPosition[] = [];
        const fresh = events.filter((event) => {
          const serverSeq = existing.get(event.id);
          if (serverSeq !== undefined) duplicates.push({ id: event.id, serverSeq });
          return serverSeq === undefined;
        });
        for (const event of fresh) accepted.push({ id: event.id, serverSeq: ++next });
        if (fresh.length) {
          await client.query(
            `INSERT INTO sync_events (user_id, server_seq, event_id, device_id, bytes, created_at, body)
             SELECT $1, s, i, $2, b, $3, t FROM unnest($4::bigint[], $5::text[], $6::int[], $7::text[]) AS x(s, i, b, t)`,
            [
              userId,
              deviceId,
              now,
              accepted.map((a) => a.serverSeq),
              fresh.map((e) => e.id),
              fresh.map((e) => e.bytes),
              fresh.map((e) => e.body),
            ],
          );
          // The notification is sent at commit, so listeners never see a head before its events.
          await client.query(
            'WITH moved AS (UPDATE sync_heads SET head = $2 WHERE user_id = $1 RETURNING head) SELECT pg_notify($3, $4) FROM moved',
            [userId, next, HEAD_CHANNEL, JSON.stringify({ u: userId, h: next })],
          );
        }
        return { accepted, duplicates, head: next };
      }),
    async pull(userId, after, limit, maxBytes): Promise<StoredPage> {
      const { rows } = await pool.query<{ server_seq: string; device_id: string; body: string }>(PULL_PAGE_SQL, [
        userId,
        after,
        limit,
        userId,
        maxBytes,
      ]);
      const current = await head(userId);
      const last = rows.length ? Number(rows[rows.length - 1].server_seq) : after;
      return {
        events: rows.map((row) => ({ serverSeq: Number(row.server_seq), deviceId: row.device_id, body: row.body })),
        head: current,
        more: rows.length > 0 && last < current,
      };
    },
    head,
    putSnapshot: (userId, record, now, proof) =>
      inTransaction(pool, async (client) => {
        // Insert-if-missing and row lock in one statement: uploads of this user (and their drops) run one at a time.
        const locked = await client.query<{ verifier: string | null; floor: string }>(
          'INSERT INTO sync_prune (user_id) VALUES ($1) ON CONFLICT (user_id) DO UPDATE SET floor = sync_prune.floor RETURNING verifier, floor',
          [userId],
        );
        const verifier = locked.rows[0].verifier;
        const floor = Number(locked.rows[0].floor);
        const digest = proof?.proofDigest ?? null;
        if (verifier !== null && digest !== verifier) return 'proof';
        if (verifier === null && digest !== null) return 'unregistered';
        if (record.serverSeq > (await head(userId))) return 'ahead';
        if (record.serverSeq < floor) return 'stale';
        // Heads only grow, so the check above stays true; the upsert keeps the newest snapshot atomically.
        const { rowCount } = await client.query(
          `INSERT INTO sync_snapshots (user_id, server_seq, format, created_at, body) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id) DO UPDATE SET server_seq = EXCLUDED.server_seq, format = EXCLUDED.format, created_at = EXCLUDED.created_at, body = EXCLUDED.body
           WHERE sync_snapshots.server_seq <= EXCLUDED.server_seq`,
          [userId, record.serverSeq, record.format, now, record.state],
        );
        if (!rowCount) return 'stale';
        if (proof && digest !== null) {
          // The end of the run of events after the floor, up to the snapshot, stored at or before the cut: one before the first younger one.
          const found = await client.query<{ end: string | null }>(
            'SELECT min(server_seq) - 1 AS end FROM sync_events WHERE user_id = $1 AND server_seq > $2 AND server_seq <= $3 AND created_at > $4',
            [userId, floor, record.serverSeq, proof.dropUpTo],
          );
          const end = found.rows[0].end === null ? record.serverSeq : Number(found.rows[0].end);
          if (end > floor) {
            await client.query(
              `UPDATE sync_events SET body = '${DROPPED_BODY}', bytes = 0 WHERE user_id = $1 AND server_seq > $2 AND server_seq <= $3`,
              [userId, floor, end],
            );
            await client.query('UPDATE sync_prune SET floor = $2 WHERE user_id = $1', [userId, end]);
          }
        }
        return null;
      }),
    async floor(userId) {
      const { rows } = await pool.query<{ floor: string }>('SELECT floor FROM sync_prune WHERE user_id = $1', [userId]);
      return Number(rows[0]?.floor ?? 0);
    },
    async setCheckpointVerifier(userId, verifier) {
      await pool.query(
        'INSERT INTO sync_prune (user_id, verifier) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET verifier = EXCLUDED.verifier',
        [userId, verifier],
      );
    },
    async getSnapshot(userId) {
      const { rows } = await pool.query<{ server_seq: string; format: string; created_at: string | Date; body: string }>(
        'SELECT server_seq, format, created_at, body FROM sync_snapshots WHERE user_id = $1',
        [userId],
      );
      const row = rows[0];
      return row ? { serverSeq: Number(row.server_seq), format: row.format, state: row.body, createdAt: iso(row.created_at) } : null;
    },
    deleteUser: (userId) =>
      inTransaction(pool, async (client) => {
        for (const [deviceId, known] of recent) if (known.userId === userId) recent.delete(deviceId);
        for (const table of ['sync_events', 'sync_heads', 'sync_devices', 'sync_snapshots', 'sync_prune'])
          await client.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
      }),
    watchHead: (userId, listener) => watchers.watch(userId, listener),
    close: () => listener.close(),
  };
}
