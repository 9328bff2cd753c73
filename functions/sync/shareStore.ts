/**
 * Where the host keeps the sealed copies of shared notes (docs/sync.md "Shared links"): one row per
 * link with its owner, times, size, fingerprint and the copy's JSON, which the host cannot open.
 * Implemented on SQLite (server/sync/sqliteShares.ts) and Postgres (server/sync/postgresShares.ts);
 * tests/sync/shareStore.test.ts runs the same cases on both. Times are Dates in, ISO-8601 strings out.
 */
import type { ShareListing } from '../../catalog/index.ts';

/**
 * A copy to store: `body` the sealed copy's JSON (null: keep the stored copy, change the options only) and its UTF-8 length.
 * @internal Test seam: used here; the tests type their cases with it.
 */
export interface ShareWrite {
  id: string;
  expiresAt: Date | null;
  tag: string;
  body: string | null;
  bytes: number;
}

/**
 * What a write did: `created` (a new link), `replaced` (a new copy of the owner's link), `updated`
 * (its options only); or why nothing was written: `not-yours` (the id is another account's),
 * `too-many` (the owner has `maxLive` live links already), `missing` (no copy to change the options
 * of), `expired` (its copy was deleted at its expiry; only a new copy brings it back).
 */
export type ShareWriteResult = 'created' | 'replaced' | 'updated' | 'not-yours' | 'too-many' | 'missing' | 'expired';

/** What a read found: the copy's JSON and when it was last replaced; or `expired` (gone at its expiry) or `missing` (stopped, or never made). */
type ShareReadResult = { body: string; updatedAt: string } | 'expired' | 'missing';

/** Persistent shared links. Every method rejects on storage errors (the handlers answer 503). */
export interface ShareStore {
  /**
   * Stores a copy (or new options) of `userId`'s link `share.id` at `now`, in one transaction:
   * a new link only while the owner has fewer than `maxLive` live links (not expired at `now`).
   */
  write(userId: string, share: ShareWrite, now: Date, maxLive: number): Promise<ShareWriteResult>;
  /** The copy of link `id` for anyone who has the id; a copy past its expiry at `now` is deleted here and answers `expired`. */
  read(id: string, now: Date): Promise<ShareReadResult>;
  /** Deletes `userId`'s link `id` (its copy and its row). @returns false when the account has no such link. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Every link of `userId`, oldest first, with whether it expired at `now`. */
  list(userId: string, now: Date): Promise<ShareListing[]>;
  /** Deletes the copies of every link past its expiry at `now` (their rows stay, answering `expired`). @returns how many. */
  expire(now: Date): Promise<number>;
  /** Deletes every link of `userId` (account deletion). */
  deleteUser(userId: string): Promise<void>;
  /** Closes what the store opened (SQLite: its connection; Postgres: nothing, the pool is the caller's). */
  close(): Promise<void>;
}
