/**
 * SQL shared by both sync stores (docs/sync.md "Stores"), written once in `$n` placeholders
 * (the SQLite store turns them into `?`, in the same order).
 */

/**
 * One pull page: events of user $1 after serverSeq $2, at most $3, keeping those that start before
 * $5 bytes of bodies (so at least one). The count limit applies first (a window over the whole rest
 * of a long log would read every row); the running sum reads only the small columns, and bodies are
 * read for the rows kept. Placeholder $4 repeats the user id.
 */
export const PULL_PAGE_SQL = `WITH page AS (
  SELECT server_seq, bytes FROM sync_events WHERE user_id = $1 AND server_seq > $2 ORDER BY server_seq LIMIT $3
), sized AS (
  SELECT server_seq, sum(bytes) OVER (ORDER BY server_seq) - bytes AS before FROM page
)
SELECT e.server_seq, e.device_id, e.body FROM sized
JOIN sync_events e ON e.user_id = $4 AND e.server_seq = sized.server_seq
WHERE sized.before < $5 ORDER BY e.server_seq`;

/** A device's last-seen time is written at most this often (ms), so reads do not each cost a write. */
export const DEVICE_SEEN_GRANULARITY_MS = 30_000;
