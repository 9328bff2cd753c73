// Kept apart from the ky client so code that only checks failures (the AI helpers' toasts) does
// not put ky in the first chunk.

/**
 * Why a call failed: `offline` (the browser is offline or the host cannot be reached), `timeout`
 * (no answer within the configured time), `http` (a non-2xx answer; `status` and the host's
 * `{error}` message), `invalid-response` (2xx but not the documented shape).
 */
export type FunctionsErrorKind = 'offline' | 'timeout' | 'http' | 'invalid-response';

/** A failed function call: which function, why, and the host's message when it sent one. */
export class FunctionsError extends Error {
  constructor(
    readonly fn: string,
    readonly kind: FunctionsErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FunctionsError';
  }
}

/** True when a failure means the functions cannot be reached (browser offline, host unreachable). */
export const isOfflineError = (error: unknown): boolean => error instanceof FunctionsError && error.kind === 'offline';
