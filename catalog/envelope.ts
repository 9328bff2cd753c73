/**
 * The one envelope every stored event has (docs/architecture.md "The event envelope").
 *
 * - `v`: schema version of this event type's payload; older versions are upcast on read.
 * - `seq`: position in this device's log, assigned by IndexedDB at append (monotonic, starts at 1).
 * - `id`: unique id (UUID) so an event can be recognised across tabs, journals, imports and devices.
 * - `at`: ISO-8601 time the event happened.
 * - `type`: `domain.verb-in-past-tense`.
 * - `payload`: plain JSON.
 * - `device` (optional): the id of the device that made the event, when it knows one
 *   (docs/architecture.md "Sync"); history shows it.
 * - `sseq` (optional): the account's server sequence number, once the sync server has ordered the
 *   event. Not part of what the event says: the server gives it, and the event goes on the wire
 *   without it.
 */
export interface EventEnvelope<T extends string = string, P = unknown> {
  v: number;
  seq: number;
  id: string;
  at: string;
  type: T;
  payload: P;
  device?: string;
  sseq?: number;
}

/** An event before the log gave it a position: what `append` takes. */
export type UnsequencedEvent<E extends EventEnvelope = EventEnvelope> = Omit<E, 'seq'> & { seq?: number };

/**
 * Current schema version of every event type written by this build.
 * 1: the first. 2: `device` on the envelope, `base` on body saves and restores (the revision an
 * edit started from, for conflicts), `device.named`. 3: `blocks`, `importId` and `file` on
 * `note.imported`, and the import records (`import.notes-added`, `import.finished`, `import.undone`).
 * 4: notebooks and tags (`notebook.*`, `tag.*`, `note.filed`, `note.tagged`, `note.untagged`, the
 * sidebar's `ui.filter-changed`, a notebook and tags on `note.imported`), `ref` on the events about a
 * note (docs/architecture.md "Note identity") and a partner for `note.moved`; shared links (`share.created`,
 * `share.changed`, `share.stopped`); the notebooks an import made on `import.notes-added`, and the record
 * `import.tag-lines-answered`. 5: saves as changes (`note.changed`, docs/architecture.md "Saves as changes").
 */
export const EVENT_SCHEMA_VERSION = 5;

/** A device id: 8-64 letters, digits, `_` or `-` (the sync server's rule too). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
