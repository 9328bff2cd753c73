/**
 * The shared links' wire contract (docs/sync.md "Shared links"), declared once for the app, the
 * viewer page, the host and the tests: what the host stores for a link (a sealed copy of a note it
 * cannot open), what the owner's calls carry and answer, and the limits. The host never receives a
 * key: the link's key stays in the link's fragment, and the copy's content key travels only inside
 * the account's sealed events. Web-standard code only.
 *
 * The viewer page imports this file for its types only (`import type`): the app's first screen
 * reaches the catalog, and the viewer shares no module with it (scripts/firstScreenChunks.ts).
 */
import type { SealedShare } from './wireSchemas';

/** A sealed copy, a listed link and a read's answer: shapes declared once as schemas. */
export type { SealedShare, ShareAnswer, ShareListing } from './wireSchemas';

const MIB = 1_048_576;

/** The version of a sealed copy's format: what `v` says, and what its associated data binds. */
export const SEALED_SHARE_VERSION = 1;

/** `PUT /functions/v1/sync/share` body: a new copy (`share`), or only new options of a stored one (no `share`). */
export interface SharePutBody {
  deviceId: string;
  id: string;
  /** When the host stops serving it (ISO-8601), or null: never. */
  expiresAt: string | null;
  /** An opaque fingerprint of what the copy holds (the device's HMAC under the content key): the device compares it, the host keeps it. */
  tag: string;
  share?: SealedShare;
}

/** A copy's JSON on the wire and as stored, in UTF-8 bytes: a note's images make it large. */
export const MAX_SHARE_BYTES = 8 * MIB;
/** Links an account may have live (not stopped, not expired) at once. */
export const MAX_SHARES_PER_ACCOUNT = 100;
/** The latest expiry the host accepts: the app offers at most 30 days; a day more allows for a device's clock. */
export const MAX_SHARE_LIFETIME_MS = 31 * 86_400_000;
/** A fingerprint: 32 bytes in base64url. */
export const SHARE_TAG_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Where the viewer page answers: `/s/<id>#<link key>`. */
export const SHARE_PATH_PREFIX = '/s/';
