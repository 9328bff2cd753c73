import { EVENT_CATALOG, EVENT_TYPES, type EventScope, type TypesOfScope } from '../../catalog';

/**
 * Entries of a fold map (`{ [type]: fold | null }`) for every event type of `scopes`, each `null`: the
 * fold leaves them alone (docs/architecture.md "Projections"). A map spreads this for the scopes it
 * ignores and lists the rest itself, so a new event of a scope it handles does not compile until it
 * is listed, while one of an ignored scope is ignored by its declaration.
 */
export function ignoring<S extends EventScope>(...scopes: S[]): { [K in TypesOfScope<S>]: null } {
  const wanted: readonly EventScope[] = scopes;
  return Object.fromEntries(EVENT_TYPES.filter((type) => wanted.includes(EVENT_CATALOG[type].scope)).map((type) => [type, null])) as {
    [K in TypesOfScope<S>]: null;
  };
}
