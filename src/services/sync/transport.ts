import type { PullPage, PushAnswer, SealedCheckpoint, SealedEvent } from '../../../catalog';
import type { Checkpoint, OpenedPage, WireEvent } from './syncProtocol';

/** Why a sync call failed, for the status a person sees (docs/product.md "Account and sync"). */
export type SyncFailure =
  /** 401: the session expired or was signed out elsewhere; local edits are kept. */
  | 'signed-out'
  /** No network, or the host did not answer. */
  | 'offline'
  /** 429 or 5xx: try again later. */
  | 'busy'
  /** Another 4xx: this device's request itself is wrong. */
  | 'refused';

/**
 * A failed sync call. `retryAfterMs` when the server said how long to wait; `status` the HTTP
 * status of the server's answer (null when there was none).
 */
export class SyncError extends Error {
  constructor(
    readonly failure: SyncFailure,
    message: string,
    readonly retryAfterMs: number | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SyncError';
  }
}

/**
 * Whether a push failed for what its batch holds: too large (413: the server's limit, or a proxy's),
 * or some of its events refused with the whole batch (422, an older host). The engine then splits
 * the batch, and sets aside an event refused alone (docs/architecture.md "Sync"). A 400 is not one:
 * the host answers it for the request itself (its body, its device id), never for an event, and
 * splitting would set aside every event for a fault of the request.
 */
export function refusesBatch(error: unknown): error is SyncError {
  return error instanceof SyncError && (error.status === 413 || error.status === 422);
}

/** Hearing when the account's head moves: `onHead` gets the new head, `onLost` when the stream ends by itself; returns its close. */
type Live = (deviceId: string, onHead: (head: number) => void, onLost: () => void) => () => void;

/**
 * The sync server as the engine uses it, with events and checkpoints in clear: `sealingTransport`
 * seals what goes and opens what comes over a SealedTransport.
 */
export interface SyncTransport {
  /** @throws SyncError */
  push(deviceId: string, events: WireEvent[]): Promise<PushAnswer>;
  /** @throws SyncError */
  pull(deviceId: string, after: number): Promise<OpenedPage>;
  /** The account's checkpoint, or null when it has none this build can read. @throws SyncError */
  checkpoint(deviceId: string): Promise<Checkpoint | null>;
  /** @throws SyncError */
  putCheckpoint(deviceId: string, checkpoint: Checkpoint): Promise<void>;
  live: Live;
}

/** The sync server as it is on the wire (catalog/wire.ts): `httpSyncTransport` speaks HTTP, tests use an in-memory server. */
export interface SealedTransport {
  /** @throws SyncError */
  push(deviceId: string, events: SealedEvent[]): Promise<PushAnswer>;
  /** @throws SyncError */
  pull(deviceId: string, after: number): Promise<PullPage>;
  /** The account's checkpoint, or null when it has none. @throws SyncError */
  checkpoint(deviceId: string): Promise<SealedCheckpoint | null>;
  /**
   * Upload a checkpoint; with `proof` (docs/sync.md "snapshot") the host may drop the events it
   * covers. @throws SyncError (403 for an account that takes checkpoints only with a proof)
   */
  putCheckpoint(deviceId: string, checkpoint: SealedCheckpoint, proof?: string): Promise<void>;
  /**
   * Register the verifier of the account's checkpoint proof, proving the recovery key (docs/sync.md
   * "Key endpoints"). Absent where the host cannot take it. @throws SyncError
   */
  registerCheckpointVerifier?(deviceId: string, recoveryProof: string, verifier: string): Promise<void>;
  live: Live;
}
