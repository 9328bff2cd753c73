/**
 * What the sync handlers are built from and what each endpoint gets (docs/sync.md "Wiring"):
 * everything with an effect — the store, the authentication, the clock, the trusted origins — is
 * injected, as for the other functions.
 */
import type { Logger } from '../_shared/http.ts';
import type { Authenticate, Identity } from './access.ts';
import type { AccountKeys } from './accountKeyStore.ts';
import type { RateLimiter } from '../_shared/rateLimit.ts';
import type { ShareStore } from './shareStore.ts';
import type { SyncLimits } from './syncLimits.ts';
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
  /** The accounts' keys (docs/sync.md "Keys"); without them the key endpoints answer 404. */
  keys?: AccountKeys;
  /** A header set by a trusted proxy naming the client (e.g. x-forwarded-for); null: the connection's address. */
  proxyIpHeader?: string | null;
  /** The shared links' copies (docs/sync.md "Shared links"); without it the share endpoints answer 404. */
  shares?: ShareStore;
  /** Reads of shared copies per client address (default: in memory, `limits.shareReadsPerWindow` per `shareReadWindowS`). */
  shareReads?: RateLimiter;
}

/** A call before anyone is authenticated, as an endpoint that needs no sign-in sees it (the salt, recovery). */
export interface OpenCall {
  req: Request;
  url: URL;
  store: SyncStore;
  limits: SyncLimits;
  now: () => Date;
  log: Logger;
  /** Headers every answer carries (security headers, CORS for a trusted origin). */
  headers: Record<string, string>;
  /** The client accepts gzip answers. */
  gzip: boolean;
  keys?: AccountKeys;
  /** The client's address as the limits count it (functions/_shared/clientAddress.ts). */
  clientAddress: string;
}

/** One authenticated call, as an endpoint sees it. */
export interface SyncCall extends OpenCall {
  identity: Identity;
}

/** An endpoint: an authenticated call in, an answer out (throws HttpError for 4xx). */
export type Endpoint = (call: SyncCall) => Promise<Response>;

/** An endpoint that needs no sign-in (throws HttpError for 4xx). */
export type OpenEndpoint = (call: OpenCall) => Promise<Response>;
