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
import * as v from 'valibot';
import { KDF_PARAMS } from './keys';
import { WIRE_COUNT } from './wire';

const MIB = 1_048_576;

/** The version of a sealed copy's format: what `v` says, and what its associated data binds. */
export const SEALED_SHARE_VERSION = 1;

/**
 * A copy of a note as the host keeps and serves it (all base64):
 * - `kdf`: the password's Argon2id parameters and salt, or null when the link needs no password;
 * - `wrap`: the content key sealed (AES-256-GCM) under a key derived from the link's key (and the
 *   password), with associated data binding the share id;
 * - `c`: the note (title, HTML, time) as JSON, sealed under the content key, with associated data
 *   binding the share id and `v`.
 */
const SEALED_SHARE = v.object({ v: v.number(), kdf: v.nullable(KDF_PARAMS), wrap: v.string(), c: v.string() });
export type SealedShare = v.InferOutput<typeof SEALED_SHARE>;

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

/**
 * One link of the account, as `GET /functions/v1/sync/shares` lists it (times ISO-8601):
 * `expired` true once the host deleted its copy at its expiry (the link answers 410), `bytes` the
 * UTF-8 bytes of the stored copy (0 once expired).
 */
const SHARE_LISTING = v.object({
  id: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  expiresAt: v.nullable(v.string()),
  expired: v.boolean(),
  bytes: WIRE_COUNT,
  tag: v.string(),
});
export type ShareListing = v.InferOutput<typeof SHARE_LISTING>;

/** `GET /functions/v1/sync/shares` answer: every link of the account. */
export const SHARE_LIST_ANSWER = v.object({ shares: v.array(SHARE_LISTING) });

/** `GET /functions/v1/sync/share?id=` answer: the copy and when it was last replaced. */
export const SHARE_ANSWER = v.object({ share: SEALED_SHARE, updatedAt: v.string() });
export type ShareAnswer = v.InferOutput<typeof SHARE_ANSWER>;

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
