/**
 * The embedded sync store (docs/sync.md "Stores"): SQLite through better-sqlite3, one file in WAL
 * mode. Every write is one synchronous `BEGIN IMMEDIATE` transaction, so it never holds a lock
 * across an await; when another process holds the write lock, the call waits asynchronously and
 * tries again rather than blocking the event loop. Head changes reach this process's streams
 * through an in-process emitter.
 */
import Database from 'better-sqlite3';
import {
  DROPPED_BODY,
  IN_CLEAR_SQL,
  SNAPSHOT_IN_CLEAR_SQL,
  type DeviceRecord,
  type EventPosition,
  type ResealedEvent,
  type SnapshotProof,
  type SnapshotRecord,
  type StoredPage,
  type SyncStore,
} from '../../functions/sync/store.ts';
import { preparePrivateDatabase } from '../privateFiles';
import { createHeadWatchers } from './headWatchers';
import { migrateSqlite } from './migrations';
import { DEVICE_SEEN_GRANULARITY_MS, PULL_PAGE_SQL } from './sql';

/** Where the sync tables go when SYNC_DB_PATH is unset (data/ is git-ignored). */
export const DEFAULT_SYNC_DB_PATH = 'data/sync.sqlite';

const BUSY_RETRY_LIMIT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('SQLITE_BUSY');

/**
 * Runs `work` (synchronous, one transaction), retrying after a short asynchronous wait while
 * another connection holds the lock. @throws the last SQLITE_BUSY after BUSY_RETRY_LIMIT_MS, or any other error.
 */
export async function withBusyRetry<T>(work: () => T): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started > BUSY_RETRY_LIMIT_MS) throw error;
      await sleep(Math.min(2 + attempt * 2, 25));
    }
  }
}

/**
 * Opens (creating the file, its folder and the tables when needed, by server/sync/migrations.ts;
 * mode 0600 in a folder of mode 0700) the SQLite sync file at `path` (`:memory:` for none on disk),
 * with the settings every store on it relies on.
 * @throws when the file cannot be created or is not a SQLite database.
 */
export function openSyncDatabase(path: string): Database.Database {
  preparePrivateDatabase(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // What is replaced or deleted (an old account's events in clear, at its upgrade; a shared copy) is overwritten with zeros, not left in free pages.
  db.pragma('secure_delete = ON');
  // Never wait inside SQLite (that would block the event loop): withBusyRetry waits instead.
  db.pragma('busy_timeout = 0');
  migrateSqlite(db);
  return db;
}

/**
 * The SQLite sync store on the sync file at `path` (opened with openSyncDatabase), or on `db`
 * already open; its close() closes the connection.
 * @throws when the file cannot be created or is not a SQLite database.
 */
export function openSqliteSyncStore(path: string | Database.Database): SyncStore {
  const db = typeof path === 'string' ? openSyncDatabase(path) : path;
  const watchers = createHeadWatchers();

  const selectHead = db.prepare<[string], { head: number }>('SELECT head FROM sync_heads WHERE user_id = ?');
  const upsertHead = db.prepare(
    'INSERT INTO sync_heads (user_id, head) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET head = excluded.head',
  );
  const findEvent = db.prepare<[string, string], { server_seq: number }>(
    'SELECT server_seq FROM sync_events WHERE user_id = ? AND event_id = ?',
  );
  const insertEvent = db.prepare(
    'INSERT INTO sync_events (user_id, server_seq, event_id, device_id, bytes, created_at, body) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const pullPage = db.prepare<[string, number, number, string, number], { server_seq: number; device_id: string; body: string }>(
    PULL_PAGE_SQL.replace(/\$\d/g, '?'),
  );
  const touchDevice =
    db.prepare(`INSERT INTO sync_devices (device_id, user_id, name, created_at, last_seen_at) VALUES (@deviceId, @userId, NULL, @now, @now)
    ON CONFLICT (device_id) DO UPDATE SET last_seen_at = excluded.last_seen_at
    WHERE sync_devices.user_id = excluded.user_id AND sync_devices.last_seen_at < @stale`);
  const deviceOwner = db.prepare<[string], { user_id: string }>('SELECT user_id FROM sync_devices WHERE device_id = ?');
  const countClear = db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM sync_events WHERE user_id = ? AND ${IN_CLEAR_SQL}`);
  const resealEvent = db.prepare(
    `UPDATE sync_events SET body = ?, bytes = ? WHERE user_id = ? AND server_seq = ? AND event_id = ? AND ${IN_CLEAR_SQL}`,
  );
  const resealTx = db.transaction((userId: string, events: readonly ResealedEvent[]) =>
    events.reduce((n, e) => n + resealEvent.run(e.body, e.bytes, userId, e.serverSeq, e.id).changes, 0),
  );
  const forgetTx = db.transaction((userId: string) => {
    db.prepare(`DELETE FROM sync_snapshots WHERE user_id = ? AND ${SNAPSHOT_IN_CLEAR_SQL}`).run(userId);
    db.prepare('UPDATE sync_devices SET name = NULL WHERE user_id = ?').run(userId);
  });
  const devices = db.prepare<
    [string, string, string, number],
    { device_id: string; name: string | null; created_at: string; last_seen_at: string }
  >(
    `SELECT device_id, name, created_at, last_seen_at FROM sync_devices WHERE user_id = ? AND (created_at, device_id) > (?, ?)
     ORDER BY created_at, device_id LIMIT ?`,
  );
  // Keeps the user's newest devices (by last use) and the one just bound; the rest are released.
  const releaseOldDevices = db.prepare(`DELETE FROM sync_devices WHERE user_id = ? AND device_id IN (
    SELECT device_id FROM sync_devices WHERE user_id = ? AND device_id <> ? ORDER BY last_seen_at DESC, device_id DESC LIMIT -1 OFFSET ?)`);
  const snapshotSeq = db.prepare<[string], { server_seq: number }>('SELECT server_seq FROM sync_snapshots WHERE user_id = ?');
  const upsertSnapshot = db.prepare(`INSERT INTO sync_snapshots (user_id, server_seq, format, created_at, body) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET server_seq = excluded.server_seq, format = excluded.format, created_at = excluded.created_at, body = excluded.body`);
  const snapshot = db.prepare<[string], { server_seq: number; format: string; created_at: string; body: string }>(
    'SELECT server_seq, format, created_at, body FROM sync_snapshots WHERE user_id = ?',
  );
  const pruneRow = db.prepare<[string], { verifier: string | null; floor: number }>(
    'SELECT verifier, floor FROM sync_prune WHERE user_id = ?',
  );
  const upsertVerifier = db.prepare(
    'INSERT INTO sync_prune (user_id, verifier) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET verifier = excluded.verifier',
  );
  const upsertFloor = db.prepare(
    'INSERT INTO sync_prune (user_id, floor) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET floor = max(floor, excluded.floor)',
  );
  // The end of the run of events after the floor, up to the snapshot, stored at or before the cut: one before the first younger one.
  const dropEnd = db.prepare<[string, number, number, string], { end: number | null }>(
    'SELECT min(server_seq) - 1 AS end FROM sync_events WHERE user_id = ? AND server_seq > ? AND server_seq <= ? AND created_at > ?',
  );
  // Dropped rows are deleted and written again without their text: an UPDATE that shrinks a row leaves its page as
  // large as before (SQLite rebalances pages only on delete), a delete frees the pages for new events.
  const toDrop = db.prepare<[string, number, number], { server_seq: number; event_id: string; device_id: string; created_at: string }>(
    'SELECT server_seq, event_id, device_id, created_at FROM sync_events WHERE user_id = ? AND server_seq > ? AND server_seq <= ?',
  );
  const deleteRange = db.prepare('DELETE FROM sync_events WHERE user_id = ? AND server_seq > ? AND server_seq <= ?');
  const dropEvents = (userId: string, after: number, end: number) => {
    const rows = toDrop.all(userId, after, end);
    deleteRange.run(userId, after, end);
    for (const row of rows) insertEvent.run(userId, row.server_seq, row.event_id, row.device_id, 0, row.created_at, DROPPED_BODY);
  };
  const deletes = ['sync_events', 'sync_heads', 'sync_devices', 'sync_snapshots', 'sync_prune'].map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE user_id = ?`),
  );

  const pushTx = db.transaction(
    (userId: string, deviceId: string, events: readonly { id: string; body: string; bytes: number }[], at: string) => {
      let head = selectHead.get(userId)?.head ?? 0;
      const accepted: EventPosition[] = [];
      const duplicates: EventPosition[] = [];
      for (const event of events) {
        const existing = findEvent.get(userId, event.id);
        if (existing) {
          duplicates.push({ id: event.id, serverSeq: existing.server_seq });
          continue;
        }
        head += 1;
        insertEvent.run(userId, head, event.id, deviceId, event.bytes, at, event.body);
        accepted.push({ id: event.id, serverSeq: head });
      }
      if (accepted.length) upsertHead.run(userId, head);
      return { accepted, duplicates, head };
    },
  );
  const pullTx = db.transaction((userId: string, after: number, limit: number, maxBytes: number): StoredPage => {
    const rows = pullPage.all(userId, after, limit, userId, maxBytes);
    const head = selectHead.get(userId)?.head ?? 0;
    const last = rows.length ? rows[rows.length - 1].server_seq : after;
    return {
      events: rows.map((row) => ({ serverSeq: row.server_seq, deviceId: row.device_id, body: row.body })),
      head,
      more: rows.length > 0 && last < head,
    };
  });
  const snapshotTx = db.transaction(
    (userId: string, record: Omit<SnapshotRecord, 'createdAt'>, at: string, proof: SnapshotProof | null) => {
      const prune = pruneRow.get(userId);
      const verifier = prune?.verifier ?? null;
      const digest = proof?.proofDigest ?? null;
      if (verifier !== null && digest !== verifier) return 'proof' as const;
      if (verifier === null && digest !== null) return 'unregistered' as const;
      if (record.serverSeq > (selectHead.get(userId)?.head ?? 0)) return 'ahead' as const;
      const floor = prune?.floor ?? 0;
      if (record.serverSeq < Math.max(snapshotSeq.get(userId)?.server_seq ?? 0, floor)) return 'stale' as const;
      upsertSnapshot.run(userId, record.serverSeq, record.format, at, record.state);
      if (proof && digest !== null) {
        const end = dropEnd.get(userId, floor, record.serverSeq, proof.dropUpTo.toISOString())?.end ?? record.serverSeq;
        if (end > floor) {
          dropEvents(userId, floor, end);
          upsertFloor.run(userId, end);
        }
      }
      return null;
    },
  );
  const deleteTx = db.transaction((userId: string) => deletes.forEach((statement) => statement.run(userId)));
  const useDeviceTx = db.transaction((userId: string, deviceId: string, now: Date, maxDevices: number) => {
    const stale = new Date(now.getTime() - DEVICE_SEEN_GRANULARITY_MS).toISOString();
    const known = deviceOwner.get(deviceId) !== undefined;
    touchDevice.run({ deviceId, userId, now: now.toISOString(), stale });
    if (!known && Number.isFinite(maxDevices)) releaseOldDevices.run(userId, userId, deviceId, Math.max(0, maxDevices - 1));
    return deviceOwner.get(deviceId)?.user_id === userId;
  });

  return {
    kind: 'sqlite',
    useDevice: (userId, deviceId, now, maxDevices = Infinity) =>
      withBusyRetry(() => useDeviceTx.immediate(userId, deviceId, now, maxDevices)),
    countInClear: async (userId) => countClear.get(userId)?.n ?? 0,
    reseal: (userId, events) => withBusyRetry(() => resealTx.immediate(userId, events)),
    async forgetClearData(userId) {
      await withBusyRetry(() => forgetTx.immediate(userId));
      // Rows rewritten in place leave their old bytes in the pages' free space, which secure_delete
      // does not always clear: rewriting the file leaves none of an upgraded account's words in it.
      await withBusyRetry(() => db.exec('VACUUM'));
    },
    listDevices: async (userId, page) =>
      devices
        .all(userId, page?.after?.createdAt ?? '', page?.after?.deviceId ?? '', page?.limit ?? -1)
        .map((row): DeviceRecord => ({ deviceId: row.device_id, name: row.name, createdAt: row.created_at, lastSeenAt: row.last_seen_at })),
    async push(userId, deviceId, events, now) {
      const result = await withBusyRetry(() => pushTx.immediate(userId, deviceId, events, now.toISOString()));
      if (result.accepted.length) watchers.emit(userId, result.head);
      return result;
    },
    pull: async (userId, after, limit, maxBytes) => pullTx.deferred(userId, after, limit, maxBytes),
    head: async (userId) => selectHead.get(userId)?.head ?? 0,
    putSnapshot: (userId, record, now, proof) =>
      withBusyRetry(() => snapshotTx.immediate(userId, record, now.toISOString(), proof ?? null)),
    floor: async (userId) => pruneRow.get(userId)?.floor ?? 0,
    setCheckpointVerifier: async (userId, verifier) => void (await withBusyRetry(() => upsertVerifier.run(userId, verifier))),
    async getSnapshot(userId) {
      const row = snapshot.get(userId);
      return row ? { serverSeq: row.server_seq, format: row.format, state: row.body, createdAt: row.created_at } : null;
    },
    deleteUser: (userId) => withBusyRetry(() => deleteTx.immediate(userId)),
    watchHead: (userId, listener) => watchers.watch(userId, listener),
    async close() {
      if (db.open) db.close();
    },
  };
}
