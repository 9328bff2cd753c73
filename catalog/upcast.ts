import { EVENT_SCHEMA_VERSION } from './envelope';

/**
 * Upcasters by the version they read: `UPCASTERS[n]` turns a version-n event into version n+1.
 * Add one here for every schema change instead of rewriting stored events (docs/architecture.md
 * "Schema versions").
 * 1 -> 2 only adds optional fields (`device`, `base`) and a new type, so a version-1 event reads
 * as it is. 2 -> 3 likewise (optional fields of `note.imported`, the import record types): a
 * version-2 import reads as an HTML-only import of no import, as it always was. 3 -> 4 likewise
 * (notebooks, tags, `ref`, the filter, a partner for `note.moved`, shared links): a version-3 event reads as it is.
 * 4 -> 5 adds a type only (`note.changed`): a version-4 event reads as it is.
 *
 * To change a payload shape: raise EVENT_SCHEMA_VERSION, add `UPCASTERS[old]`, and add
 * `tests/unit/fixtures/events-v{new}.json` (one stored event of every type). Never edit an older
 * fixture: tests/unit/upcast.test.ts fails when a step has no upcaster or any stored event of any
 * version no longer reads as a current event.
 * @internal Test seam: used here; the tests read this constant.
 */
export const UPCASTERS: Record<number, (event: Record<string, unknown>) => Record<string, unknown>> = {
  1: (event) => ({ ...event, v: 2 }),
  2: (event) => ({ ...event, v: 3 }),
  3: (event) => ({ ...event, v: 4 }),
  4: (event) => ({ ...event, v: 5 }),
};

/**
 * Bring a stored record up to the current schema version. Records that are not objects, have no
 * numeric `v`, or come from a newer version are returned unchanged (see read.ts for what happens to them).
 */
export function upcast(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  let event = raw as Record<string, unknown>;
  while (typeof event.v === 'number' && event.v < EVENT_SCHEMA_VERSION && UPCASTERS[event.v]) {
    event = UPCASTERS[event.v](event);
  }
  return event;
}
