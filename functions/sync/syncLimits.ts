/**
 * The sync protocol's limits (docs/sync.md "Limits"). Handlers take them injected, so tests can
 * shrink a limit (a short heartbeat, a small page) without changing the protocol's defaults. The
 * push limits are the catalog's, which the app cuts its pushes by too.
 */
import {
  MAX_PUSH_BODY_BYTES,
  MAX_PUSH_EVENTS,
  MAX_SHARE_BYTES,
  MAX_SHARES_PER_ACCOUNT,
  MAX_WIRE_EVENT_BYTES,
} from '../../catalog/index.ts';

/**
 * Sizes and counts the sync handlers enforce; bytes are UTF-8 bytes, times milliseconds. The values
 * are DEFAULT_SYNC_LIMITS's (docs/sync.md "Limits").
 */
export interface SyncLimits {
  /** Events in one push. */
  maxEventsPerPush: number;
  /** A push body, on the wire and after gzip inflation. */
  maxPushBytes: number;
  /** One event's JSON without `seq`: a larger one is refused alone, the rest of its push is stored. */
  maxEventBytes: number;
  /** Events in one pull page, also the default page size. */
  maxPullEvents: number;
  /** A pull page stops once this many bytes of events are in it; at least one event is sent. */
  maxPullBytes: number;
  /** A snapshot body, on the wire and inflated. */
  maxSnapshotBytes: number;
  /** Body of the small JSON requests (the key endpoints). */
  maxSmallBodyBytes: number;
  /** Comment heartbeat of the live stream; the session is checked again at each one. */
  heartbeatMs: number;
  /** A snapshot format's length in characters. */
  maxFormatLength: number;
  /**
   * Device ids bound to one account: binding one more releases the id seen longest ago
   * (docs/sync.md "device and devices").
   */
  maxDevicesPerAccount: number;
  /** Devices in one page of the device list, also the default page size. */
  maxDevicesPage: number;
  /** Live streams one account may hold open on one host process; beyond that 429. */
  maxLiveStreamsPerAccount: number;
  /** A request body must arrive within this many ms of the handler starting to read it; else 408. */
  bodyTimeoutMs: number;
  /** A shared link's `PUT` body, its sealed copy with it. */
  maxShareBytes: number;
  /** Live shared links of one account; one more is refused (409). */
  maxSharesPerAccount: number;
  /** Reads of shared copies from one address per window of `shareReadWindowS` seconds; beyond that 429. */
  shareReadsPerWindow: number;
  shareReadWindowS: number;
  /**
   * Days a sealed event is kept after it was stored even once a checkpoint with the account key's
   * proof covers it; 0 drops every covered event (docs/sync.md "snapshot").
   */
  keepDays: number;
}

const MIB = 1_048_576;

/** The protocol's limits as docs/sync.md states them. */
export const DEFAULT_SYNC_LIMITS: Readonly<SyncLimits> = {
  maxEventsPerPush: MAX_PUSH_EVENTS,
  maxPushBytes: MAX_PUSH_BODY_BYTES,
  maxEventBytes: MAX_WIRE_EVENT_BYTES,
  maxPullEvents: 1000,
  maxPullBytes: MIB,
  maxSnapshotBytes: 64 * MIB,
  maxSmallBodyBytes: 64 * 1024,
  heartbeatMs: 15_000,
  maxFormatLength: 64,
  maxDevicesPerAccount: 100,
  maxDevicesPage: 100,
  maxLiveStreamsPerAccount: 20,
  bodyTimeoutMs: 60_000,
  maxShareBytes: MAX_SHARE_BYTES,
  maxSharesPerAccount: MAX_SHARES_PER_ACCOUNT,
  shareReadsPerWindow: 60,
  shareReadWindowS: 60,
  keepDays: 30,
};

/** A device id: the catalog's rule (docs/sync.md "device and devices"), which the app's envelopes follow too. */
export { DEVICE_ID_PATTERN } from '../../catalog/index.ts';
