/**
 * The sync server's protocol as the app uses it (docs/sync.md has every endpoint): shapes of the
 * answers, and the names of what the app sends.
 */
import { MAX_PUSH_BODY_BYTES } from '../../events/catalog';
import type { NotesState } from '../../projections/notesState';

/** An event on the wire: the app's event without its local `seq` (and without `sseq`). */
export type WireEvent = Record<string, unknown> & { id: string };

/**
 * `push` answered 200: where the server put each event it stored now or already had, and the events
 * it refused for good, with the reason (docs/sync.md "push").
 */
export interface PushAnswer {
  accepted: { id: string; serverSeq: number }[];
  duplicates: { id: string; serverSeq: number }[];
  refused: { id: string; reason: string }[];
}

/** `pull`: the account's events after a sequence number, in order. */
export interface PullPage {
  events: { serverSeq: number; deviceId: string; event: unknown }[];
  head: number;
  more: boolean;
}

/** The account's checkpoint for new devices: its folded notes at a sequence number. */
export interface Checkpoint {
  serverSeq: number;
  format: string;
  state: NotesState;
}

/**
 * The format of checkpoints this build writes and reads: the notes projection of event schema 2,
 * bodies without their BlockNote document (a new device reopens them from HTML). A checkpoint of
 * another format is not used: the device pulls from the start instead.
 */
export const CHECKPOINT_FORMAT = 'notes-state/2';

/**
 * A body save goes with its BlockNote document while the event stays within 2 MiB of JSON (UTF-8); a
 * larger one goes as HTML only (the other devices open it from HTML), so each save of a long note
 * uploads about half as much: a minute of writing in a 5,000-paragraph note stays near 3 MB.
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
