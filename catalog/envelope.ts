/**
 * The one envelope every stored event has (docs/architecture.md "Events").
 *
 * - `v`: schema version of this event type's payload; older versions are upcast on read.
 * - `seq`: position in the log, assigned by IndexedDB at append (monotonic, starts at 1).
 * - `id`: unique id (UUID) so an event can be recognised across tabs, journals and imports.
 * - `at`: ISO-8601 time the event happened.
 * - `type`: `domain.verb-in-past-tense`.
 * - `payload`: plain JSON.
 */
export interface EventEnvelope<T extends string = string, P = unknown> {
  v: number;
  seq: number;
  id: string;
  at: string;
  type: T;
  payload: P;
}

/** An event before the log gave it a position: what `append` takes. */
export type UnsequencedEvent<E extends EventEnvelope = EventEnvelope> = Omit<E, 'seq'> & { seq?: number };

/** Current schema version of every event type written by this build. */
export const EVENT_SCHEMA_VERSION = 1;
