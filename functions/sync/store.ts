/**
 * The sync store's interface (docs/sync.md "Stores"): every user's event log, devices and latest
 * snapshot, always addressed by the user id the caller authenticated. The handlers only see this
 * interface; the Node host implements it on SQLite (server/sync/sqliteStore.ts) and on Postgres
 * (server/sync/postgresStore.ts), and tests/sync/store.test.ts runs the same cases on both.
 */

/** An event to store: its id and its JSON exactly as it will be served (the envelope without `seq`). */
export interface IncomingEvent {
  id: string;
  /** The event's JSON text. */
  body: string;
  /** UTF-8 length of `body`. */
  bytes: number;
}

/** An event in clear replaced by its sealed form: where it is, its id, the sealed JSON and its UTF-8 length. */
export interface ResealedEvent extends IncomingEvent {
  serverSeq: number;
}

/**
 * SQL condition on `body` (a stored event's JSON) that holds for an event in clear: only a clear
 * event has the key `type` (a sealed event's keys are checked by push; inside a JSON string every
 * quote is escaped, so `"type":` can only be a key). A checkpoint in clear is a JSON object (a
 * sealed one is a JSON string).
 */
export const IN_CLEAR_SQL = `body LIKE '%"type":%'`;
export const SNAPSHOT_IN_CLEAR_SQL = `body LIKE '{%'`;

/**
 * The stored body of a dropped event: empty (a stored event's JSON never is), so a page that
 * raced a drop is recognised by it (functions/sync/pull.ts).
 */
export const DROPPED_BODY = '';

/** An event's place in the user's log. */
export interface EventPosition {
  id: string;
  serverSeq: number;
}

/** What one push did: events stored now, events the user already had (with their first serverSeq), the head after it. */
interface PushResult {
  accepted: EventPosition[];
  duplicates: EventPosition[];
  head: number;
}

/** One stored event as pulled: `body` is its JSON text, unchanged. */
interface StoredEvent {
  serverSeq: number;
  deviceId: string;
  body: string;
}

/**
 * A page of the store's log after some serverSeq, each event's body still its stored JSON text:
 * the pull endpoint (functions/sync/pull.ts) splices the bodies unchanged into the wire's page,
 * `catalog/wire.ts` `PullPage`.
 */
export interface StoredPage {
  events: StoredEvent[];
  head: number;
  /** True when events after the page's last one exist (the page stopped at its count or byte bound). */
  more: boolean;
}

/** A device of the account. `name` is null (only builds before end-to-end encryption named devices here). Times are ISO-8601 UTC. */
export interface DeviceRecord {
  deviceId: string;
  name: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** Where a page of the device list starts: after this device in the list's order (created, then id). */
export interface DeviceCursor {
  createdAt: string;
  deviceId: string;
}

/** The latest snapshot of a user: `state` is the JSON text of the uploaded state object. */
export interface SnapshotRecord {
  serverSeq: number;
  format: string;
  state: string;
  createdAt: string;
}

/**
 * Why a snapshot was not stored: `proof` (the account has a checkpoint verifier and the upload's
 * proof is missing or does not hash to it), `unregistered` (a proof for an account without a
 * verifier), `ahead` (serverSeq > head) or `stale` (below the stored snapshot's or the floor).
 */
type SnapshotRefusal = 'proof' | 'unregistered' | 'ahead' | 'stale';

/**
 * What a snapshot upload proves (docs/sync.md "snapshot"): `proofDigest` is the base64url SHA-256
 * of the checkpoint proof sent, or null for none; with one that matches the account's verifier,
 * the events the snapshot covers stored at or before `dropUpTo` are dropped.
 */
export interface SnapshotProof {
  proofDigest: string | null;
  dropUpTo: Date;
}

/**
 * Persistent sync data. Every method takes the authenticated user id and touches only that user's
 * rows. Methods reject on storage errors (the handlers answer 503).
 */
export interface SyncStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Binds `deviceId` to `userId` on first use and records that it was seen at `now`. A first use
   * that takes the user past `maxDevices` releases the user's devices seen longest ago, so the
   * user keeps at most `maxDevices` (docs/sync.md "device and devices"; no cap when omitted).
   * @returns false when the device id is bound to another user (nothing is changed then).
   */
  useDevice(userId: string, deviceId: string, now: Date, maxDevices?: number): Promise<boolean>;
  /**
   * Events of the user still in clear: stored by a build before end-to-end encryption (a clear
   * event has a `type` key; a sealed one cannot: IN_CLEAR_SQL). docs/sync.md "Upgrade".
   */
  countInClear(userId: string): Promise<number>;
  /**
   * Replace events in clear by their sealed form, in place: the same serverSeq and id, so the
   * account's order is untouched. An entry whose event is not in clear, or has another id, is left.
   * @returns how many were replaced.
   */
  reseal(userId: string, events: readonly ResealedEvent[]): Promise<number>;
  /** Remove what a build before end-to-end encryption left in clear beside the events: a checkpoint in clear and the device names. */
  forgetClearData(userId: string): Promise<void>;
  /** The user's devices, oldest first (created, then id): all, or at most `page.limit` after `page.after`. */
  listDevices(userId: string, page?: { after: DeviceCursor | null; limit: number }): Promise<DeviceRecord[]>;
  /**
   * Stores the events the user does not have yet, in one transaction, each with the next serverSeq
   * (no gaps, commit order). Events already stored (same id) come back as duplicates with their
   * original serverSeq. Ids inside `events` must be distinct.
   */
  push(userId: string, deviceId: string, events: readonly IncomingEvent[], now: Date): Promise<PushResult>;
  /** Events with serverSeq > `after` in order: at most `limit`, stopping once `maxBytes` of bodies are in (at least one). */
  pull(userId: string, after: number, limit: number, maxBytes: number): Promise<StoredPage>;
  /** The user's last serverSeq (0 before any event). */
  head(userId: string): Promise<number>;
  /**
   * Stores the user's snapshot, replacing the previous one, if serverSeq is within [max(stored
   * serverSeq, floor), head] and `proof` passes (an account with a verifier needs its proof; no
   * `proof`: none sent). With a proof that matches, in the same transaction: the longest run of
   * events from the floor up to the snapshot's serverSeq stored at or before `proof.dropUpTo` is
   * dropped (their bodies emptied, their ids and serverSeqs kept so a re-push is a duplicate) and
   * the floor moves to its end.
   */
  putSnapshot(
    userId: string,
    snapshot: Omit<SnapshotRecord, 'createdAt'>,
    now: Date,
    proof?: SnapshotProof,
  ): Promise<SnapshotRefusal | null>;
  /** The highest serverSeq of the user whose event was dropped (0 when none ever was). */
  floor(userId: string): Promise<number>;
  /** Sets (replacing) or, with null, forgets the user's checkpoint verifier (base64url SHA-256 of the checkpoint proof). */
  setCheckpointVerifier(userId: string, verifier: string | null): Promise<void>;
  /** The user's snapshot, or null. */
  getSnapshot(userId: string): Promise<SnapshotRecord | null>;
  /** Removes every row of the user: events, head, devices, snapshot, verifier and floor (account deletion). */
  deleteUser(userId: string): Promise<void>;
  /**
   * Calls `listener` with the user's new head whenever a push through any host process sharing
   * this store moves it. @returns a function that stops the calls.
   */
  watchHead(userId: string, listener: (head: number) => void): () => void;
  /** Closes what the store opened (SQLite: its file; Postgres: its LISTEN connection, the pool is the caller's); pending calls may reject. */
  close(): Promise<void>;
}
