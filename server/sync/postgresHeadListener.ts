/**
 * The Postgres store's LISTEN connection (docs/sync.md "Stores"): pushes send `pg_notify` on one
 * channel inside their transaction, and each process keeps one connection listening on it, so a
 * push through any host reaches the streams open on every host.
 */
import pg from 'pg';

/** The NOTIFY channel of head changes; payload `{"u": userId, "h": head}`. */
export const HEAD_CHANNEL = 'notepad_sync_head';

/**
 * Keeps one LISTEN connection open (reconnecting after a second when it drops) and hands every
 * notification to `onHead`; after a reconnect `onReconnect` lets watchers catch up.
 * @returns `ready` (the first connection tried) and `close`, which ends the connection for good.
 */
export function listenForHeads(
  url: string,
  onHead: (userId: string, head: number) => void,
  onReconnect: () => void,
): { ready: Promise<void>; close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connect = async (isReconnect: boolean) => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      try {
        const { u, h } = JSON.parse(message.payload ?? '') as { u: string; h: number };
        if (typeof u === 'string' && Number.isSafeInteger(h)) onHead(u, h);
      } catch {
        // Not ours: ignore.
      }
    });
    next.on('error', () => retry());
    next.on('end', () => retry());
    try {
      await next.connect();
      await next.query(`LISTEN ${HEAD_CHANNEL}`);
      if (closed) return void (await next.end().catch(() => undefined));
      client = next;
      if (isReconnect) onReconnect();
    } catch (error) {
      if (!closed) console.error(`[sync] LISTEN connection failed: ${error instanceof Error ? error.message : String(error)}`);
      retry();
    }
  };
  const retry = () => {
    if (closed || timer) return;
    client = null;
    timer = setTimeout(() => {
      timer = undefined;
      void connect(true);
    }, 1000);
    timer.unref();
  };
  const ready = connect(false);
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
