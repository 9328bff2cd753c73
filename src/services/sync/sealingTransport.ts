/**
 * End-to-end encryption between the engine and the wire (docs/sync.md "What the host can see"):
 * every event is sealed with the account key before it is pushed and opened after it is pulled,
 * and so is the checkpoint. What does not open (altered, or moved from another event or account)
 * comes to the engine as unreadable with the reason, never as an event.
 */
import * as v from 'valibot';
import { CHECKPOINT_FORMAT, readNotesState } from '../../../catalog';
import { SEALED_EVENT } from '../../../catalog/wireSchemas';
import type { CheckpointProofs } from './e2ee/deviceKeys';
import { checkpointJson, openCheckpointGzip, openEvent, sealCheckpoint, sealEvent, SealError } from './e2ee/seal';
import type { Checkpoint, OpenedPage } from './syncProtocol';
import { SyncError, type SealedTransport, type SyncTransport } from './transport';

/** The account key of the account this device syncs with, and that account's user id (bound into every ciphertext). */
export interface AccountKeyring {
  userId: string;
  key: CryptoKey;
  /**
   * The account's checkpoint proofs (docs/sync.md "snapshot"), made from its key bundle; absent or
   * null where they cannot be made (a checkpoint then goes without a proof and drops nothing).
   */
  proofs?: () => Promise<CheckpointProofs | null>;
}

/**
 * Said when this device has no account key: the person signs in again, which unlocks it (docs/product.md "Account and sync").
 * @internal Test seam: used here; the tests read this constant.
 */
export const LOCKED_MESSAGE = 'Sign in again to unlock your notes on this device';

/** Open one pulled event (a JSON object as the host stored it): in clear, or unreadable with the reason. */
async function openPulled(
  keyring: AccountKeyring,
  event: Record<string, unknown>,
): Promise<{ event: unknown; id?: string; unreadable?: string }> {
  const id = typeof event.id === 'string' ? event.id : undefined;
  const sealed = v.safeParse(SEALED_EVENT, event);
  // Not a sealed event's shape (one in clear, a field of another type): nothing to open, as for one altered.
  if (!sealed.success) return { event: null, id, unreadable: new SealError().message };
  try {
    return { event: await openEvent(keyring.key, keyring.userId, sealed.output) };
  } catch (error) {
    if (error instanceof SealError) return { event: null, id, unreadable: error.message };
    throw error;
  }
}

/**
 * The engine's transport over `inner`: seals what it pushes and uploads, opens what it pulls and
 * downloads, with the keyring `keys()` gives. A device without a key fails every call with a
 * `signed-out` SyncError (LOCKED_MESSAGE): nothing goes in clear, nothing is folded unopened.
 */
export function sealingTransport(inner: SealedTransport, keys: () => Promise<AccountKeyring | null>): SyncTransport {
  const registered = new Set<string>();
  const keyring = async (): Promise<AccountKeyring> => {
    const found = await keys();
    if (!found) throw new SyncError('signed-out', LOCKED_MESSAGE);
    return found;
  };
  return {
    async push(deviceId, events) {
      const k = await keyring();
      return inner.push(deviceId, await Promise.all(events.map((event) => sealEvent(k.key, k.userId, event))));
    },
    async pull(deviceId, after): Promise<OpenedPage> {
      const k = await keyring();
      const page = await inner.pull(deviceId, after);
      const events = await Promise.all(
        page.events.map(async ({ serverSeq, deviceId: from, event }) => ({ serverSeq, deviceId: from, ...(await openPulled(k, event)) })),
      );
      return { events, head: page.head, more: page.more };
    },
    async checkpoint(deviceId): Promise<Checkpoint | null> {
      const k = await keyring();
      const sealed = await inner.checkpoint(deviceId);
      if (!sealed) return null;
      try {
        const opened = await openCheckpointGzip(k.key, k.userId, sealed);
        if (opened === null) return null;
        // Parsed (and upcast) like every state from outside the page; one that does not read is not used.
        const reading = readNotesState(opened.v, await checkpointJson(opened.gzip));
        return reading.ok ? { serverSeq: sealed.serverSeq, format: CHECKPOINT_FORMAT, state: reading.state, opened } : null;
      } catch (error) {
        // A checkpoint that does not open is not used: the device folds the account's events instead.
        if (error instanceof SealError) return null;
        throw error;
      }
    },
    async putCheckpoint(deviceId, checkpoint) {
      const k = await keyring();
      const sealed = await sealCheckpoint(k.key, k.userId, checkpoint.serverSeq, checkpoint.state);
      const proofs = inner.registerCheckpointVerifier && k.proofs ? await k.proofs() : null;
      if (!proofs || !inner.registerCheckpointVerifier) return inner.putCheckpoint(deviceId, sealed);
      // Registered once per page and account: a recovery elsewhere makes a new recovery key, and the
      // host then asks for the proof again (403), which registers anew.
      if (!registered.has(k.userId)) {
        try {
          await inner.registerCheckpointVerifier(deviceId, proofs.recoveryProof, proofs.verifier);
        } catch (error) {
          // A host without the endpoint keeps every event: the checkpoint goes as before.
          if (error instanceof SyncError && error.status === 404) return inner.putCheckpoint(deviceId, sealed);
          throw error;
        }
        registered.add(k.userId);
      }
      try {
        await inner.putCheckpoint(deviceId, sealed, proofs.proof);
      } catch (error) {
        if (!(error instanceof SyncError && error.status === 403)) throw error;
        await inner.registerCheckpointVerifier(deviceId, proofs.recoveryProof, proofs.verifier);
        await inner.putCheckpoint(deviceId, sealed, proofs.proof);
      }
    },
    live: (deviceId, onHead, onLost) => inner.live(deviceId, onHead, onLost),
  };
}
