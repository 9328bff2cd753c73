/**
 * `track-app-usage` (docs/product.md "Calls"): POST {app_name, source, session_id}
 * -> 200 {ok: true} after the record is stored with the server's time; 503 when the store fails.
 */
import { createJsonFunction, type FunctionHandler, type Logger } from '../_shared/http.ts';
import { HttpError } from '../_shared/httpError.ts';
import { parseUsageBody, type UsageStore } from '../_shared/usage.ts';

/** What the tracking handler is built from; `now` is the clock (tests pass a fixed one). */
export interface TrackUsageDeps {
  anonKey: string;
  store: UsageStore;
  now?: () => Date;
  maxBodyBytes?: number;
  log?: Logger;
}

/** Creates the track-app-usage handler. */
export function createTrackUsageHandler(deps: TrackUsageDeps): FunctionHandler {
  const now = deps.now ?? (() => new Date());
  return createJsonFunction({
    name: 'track-app-usage',
    anonKey: deps.anonKey,
    maxBodyBytes: deps.maxBodyBytes,
    log: deps.log,
    async handle(body) {
      const usage = parseUsageBody(body);
      try {
        await deps.store.record({ at: now().toISOString(), ...usage });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        (deps.log ?? console).error(`[track-app-usage] the usage store failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new HttpError(503, 'Usage could not be stored right now');
      }
      return { ok: true };
    },
  });
}
