/**
 * What the sync handlers are built from and what each endpoint gets (docs/sync.md "Wiring"):
 * everything with an effect — the store, the authentication, the clock, the trusted origins — is
 * injected, as for the other functions.
 */
import type { Logger } from '../_shared/http.ts';
import type { Authenticate, Identity } from './access.ts';
import type { SyncLimits } from './limits.ts';
import type { SyncStore } from './store.ts';

/** Dependencies of the sync handler. */
export interface SyncDeps {
  store: SyncStore;
  /** Resolves the caller from a session cookie or a bearer JWT (see access.ts). */
  authenticate: Authenticate;
  /** Origins whose cookie requests are accepted (read per request: the host's own is known after it listens). */
  trustedOrigins: () => readonly string[];
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
  limits?: Partial<SyncLimits>;
  log?: Logger;
  /**
   * Subscribes to "sessions of this user may have ended" (sign-out, revocation, account deletion in
   * this process): live streams of the user check their credential at once instead of at the next
   * heartbeat. @returns the unsubscribe function.
   */
  onSessionsChanged?: (listener: (userId: string) => void) => () => void;
}

/** One authenticated call, as an endpoint sees it. */
export interface SyncCall {
  req: Request;
  url: URL;
  identity: Identity;
  store: SyncStore;
  limits: SyncLimits;
  now: () => Date;
  log: Logger;
  /** Headers every answer carries (security headers, CORS for a trusted origin). */
  headers: Record<string, string>;
  /** The client accepts gzip answers. */
  gzip: boolean;
}

/** An endpoint: an authenticated call in, an answer out (throws HttpError for 4xx). */
export type Endpoint = (call: SyncCall) => Promise<Response>;
