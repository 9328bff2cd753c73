/**
 * The sync protocol as the app's engine uses it (docs/sync.md has every endpoint; catalog/wire.ts
 * declares the wire forms once for the app and the host): events and checkpoints in clear, before
 * sealing and after opening (src/services/sync/sealingTransport.ts), and the app's push batches.
 */
import { MAX_PUSH_BODY_BYTES } from '../../../catalog';
import type { OriginBytes } from '../../events/syncStorage';
import type { NotesState } from '../../projections/notesState';

export { CHECKPOINT_FORMAT, type PushAnswer } from '../../../catalog';

/** An event before it is sealed: the app's event without its local `seq` (and without `sseq`). */
export type WireEvent = Record<string, unknown> & { id: string };

/**
 * A pull page once opened: each event in clear, or, for one that does not open (altered, moved
 * from another event or account), `event` null, the id its envelope names and the reason in `unreadable`.
 */
export interface OpenedPage {
  events: { serverSeq: number; deviceId: string; event: unknown; id?: string; unreadable?: string }[];
  head: number;
  more: boolean;
}

/**
 * The account's checkpoint for new devices, in clear: its folded notes at a sequence number. `opened`,
 * on one read from the server: its notes as they came (gzip JSON of schema `v`), which a new device
 * stores as its origin instead of copying `state`'s objects (docs/architecture.md "Sync").
 */
export interface Checkpoint {
  serverSeq: number;
  format: string;
  state: NotesState;
  opened?: OriginBytes;
}

/**
 * A body save goes with its BlockNote document while its JSON stays within this many bytes (UTF-8); a
 * larger one goes as HTML only (the other devices open it from HTML), so each save of a long note
 * uploads about half as much (docs/benchmarks.md has the figures).
 */
export const MAX_DOCUMENT_WIRE_BYTES = 2 * 1_048_576;
/** Events per push (the server takes 500). */
export const PUSH_BATCH_EVENTS = 200;
/**
 * A push's body in UTF-8 bytes before compression, envelope included: half the server's limit, so
 * a batch stays well under it. One event alone may be larger (up to MAX_WIRE_EVENT_BYTES, which with
 * the envelope still fits the server's limit).
 */
export const PUSH_BATCH_BYTES = MAX_PUSH_BODY_BYTES / 2;
