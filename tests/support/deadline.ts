/**
 * Bounds for test and bench helpers: a promise that could stay pending (a socket that never
 * answers, an IndexedDB open that stays blocked) fails after a time limit with a message that says
 * what was awaited, instead of hanging until the runner's own timeout says nothing useful.
 */

/** Thrown when an awaited step did not settle in time. */
class DeadlineError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not settle within ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

/**
 * `promise`, or a rejection with DeadlineError after `ms` milliseconds. The timer is cleared once
 * the promise settles, so it never keeps a process alive.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(what, ms)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
