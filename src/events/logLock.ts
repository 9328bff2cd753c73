/**
 * The lock that makes the log's whole-log writes (compaction, checkpoints, replacing the log,
 * beginning and ending sync) one at a time across every tab and window of the origin
 * (docs/architecture.md "Compaction"). Appends never take it: they must not wait behind a long
 * compaction on the keystroke path.
 */
export interface LogLock {
  /**
   * Run `work` once no other holder of the lock runs, and release the lock when its promise
   * settles. Resolves or rejects as `work` does.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

/** The Web Lock's name: every build of the origin that guards its whole-log writes asks for it. */
const LOG_LOCK_NAME = 'notepad-log-maintenance';

/**
 * A lock held by one holder at a time within this JavaScript realm: a promise chain.
 * @internal Test seam: the fallback of `webLogLock`, and what unit tests give two logs as their shared lock.
 */
export function inProcessLock(): LogLock {
  let last: Promise<unknown> = Promise.resolve();
  return {
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      const run = last.then(work, work);
      last = run.catch(() => undefined);
      return run;
    },
  };
}

/** One lock for every log of a realm without Web Locks (Node, an insecure origin). */
let realmLock: LogLock | null = null;

/**
 * The origin's Web Lock (`navigator.locks`, exclusive mode) where the browser has Web Locks; else
 * one lock shared by every log of this realm, which still keeps this tab's logs apart.
 */
export function webLogLock(): LogLock {
  const locks = typeof navigator === 'object' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return (realmLock ??= inProcessLock());
  return {
    exclusive: <T>(work: () => Promise<T>) => locks.request(LOG_LOCK_NAME, { mode: 'exclusive' }, work) as Promise<T>,
  };
}

/**
 * This tab's whole-log writes one at a time (docs/architecture.md "Compaction"): the returned
 * function runs `work` after the writes queued before it have ended, failed or not, holding `lock`
 * across tabs while it runs; it resolves or rejects as `work` does.
 */
export function oneAtATime(lock: LogLock): <T>(work: () => Promise<T>) => Promise<T> {
  /** The last whole-log write queued: the next begins once it ended. */
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const locked = () => lock.exclusive(work);
    const run = last.then(locked, locked);
    last = run.catch(() => undefined);
    return run;
  };
}
