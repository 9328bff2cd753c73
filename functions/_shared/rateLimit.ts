/**
 * Requests per client address for the functions that spend a provider's budget (README
 * "Functions": `summarize`, `find-resources`). The limiter is an injected part: the Node host and
 * the Deno entries use the in-memory one here, a deployment may pass one that shares its counts.
 * Web-standard code only.
 */

/** One request's verdict: allowed, or refused for `retryAfterS` more seconds. */
type RateDecision = { allowed: true } | { allowed: false; retryAfterS: number };

/** Counts requests per key (a client address) and says whether one more is allowed. */
export interface RateLimiter {
  take(key: string): RateDecision | Promise<RateDecision>;
}

/** A limiter that decides at once (no storage to wait on). */
export interface MemoryRateLimiter extends RateLimiter {
  take(key: string): RateDecision;
}

/** At most `max` requests per key in each window of `windowS` seconds. */
export interface RateLimitSettings {
  max: number;
  windowS: number;
}

/** `settings` when FUNCTIONS_RATE_MAX / FUNCTIONS_RATE_WINDOW_S are unset (docs/sync.md "Limits"). */
export const DEFAULT_RATE_LIMIT: Readonly<RateLimitSettings> = { max: 30, windowS: 60 };

/**
 * A fixed-window limiter in this process's memory: a key's window starts at its first request and
 * an allowed request never extends it. Keys whose window ended are dropped as new ones come, so the
 * map holds at most the keys seen in one window (and never more than `maxKeys`: beyond that the
 * oldest windows are dropped first). `now` is the clock in ms.
 */
export function createMemoryRateLimiter(settings: RateLimitSettings, now: () => number = Date.now, maxKeys = 100_000): MemoryRateLimiter {
  const windowMs = settings.windowS * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  let sweptAt = now();
  const sweep = (at: number) => {
    if (at - sweptAt < windowMs && windows.size < maxKeys) return;
    sweptAt = at;
    // Insertion order is window order: the first live window ends the sweep.
    for (const [key, window] of windows) {
      if (at - window.start < windowMs && windows.size < maxKeys) break;
      windows.delete(key);
    }
  };
  return {
    take(key): RateDecision {
      const at = now();
      sweep(at);
      const window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        windows.delete(key);
        windows.set(key, { start: at, count: 1 });
        return { allowed: true };
      }
      if (window.count >= settings.max)
        return { allowed: false, retryAfterS: Math.max(1, Math.ceil((window.start + windowMs - at) / 1000)) };
      window.count += 1;
      return { allowed: true };
    },
  };
}
