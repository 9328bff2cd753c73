import { EVENT_SCHEMA_VERSION, type AppEvent, type EventPayloads, type EventType } from '../../catalog';

let seq = 0;
/** A valid event with the next seq, at `at` (default a fixed time), for folding in tests. */
export function ev<T extends EventType>(type: T, payload: EventPayloads[T], at = '2026-11-20T10:00:00.000Z'): AppEvent {
  seq += 1;
  return { v: EVENT_SCHEMA_VERSION, seq, id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, at, type, payload } as AppEvent;
}
