import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION, EVENT_TYPES, UPCASTERS, upcast, explainInvalid, type EventEnvelope } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';

/**
 * The schema-version rule (docs/architecture.md "Schema versions"): a schema change raises
 * EVENT_SCHEMA_VERSION and adds an upcaster for the step, and every event ever stored still reads.
 * `tests/unit/fixtures/events-v{n}.json` holds events exactly as version n stored them; these tests
 * fail when the version is raised without an upcaster per step, or a payload rule changes so that
 * stored events of an old version (or the current one) no longer read.
 * The chain mechanism itself is tested in upcastChain.test.ts with a pretend version 3.
 */

const fixturePath = (version: number) => new URL(`./fixtures/events-v${version}.json`, import.meta.url);
const readFixture = (version: number) =>
  JSON.parse(readFileSync(fixturePath(version), 'utf8')) as { version: number; events: EventEnvelope[] };

/** The version steps `n -> n+1` below `current` that have no upcaster in `table`. */
function missingUpcasters(current: number, table: Record<number, unknown>): number[] {
  const missing: number[] = [];
  for (let v = 1; v < current; v++) if (typeof table[v] !== 'function') missing.push(v);
  return missing;
}

describe('schema versions', () => {
  it('every step from version 1 to the current version has an upcaster', () => {
    expect(missingUpcasters(EVENT_SCHEMA_VERSION, UPCASTERS)).toEqual([]);
  });

  it('has no upcaster for the current or a later version (it would never run, or run on data it does not know)', () => {
    expect(
      Object.keys(UPCASTERS)
        .map(Number)
        .filter((v) => v >= EVENT_SCHEMA_VERSION),
    ).toEqual([]);
  });

  it('every version up to the current one has a fixture of stored events', () => {
    for (let v = 1; v <= EVENT_SCHEMA_VERSION; v++) {
      expect(existsSync(fixturePath(v)), `tests/unit/fixtures/events-v${v}.json`).toBe(true);
      const fixture = readFixture(v);
      expect(fixture.version).toBe(v);
      expect(fixture.events.length).toBeGreaterThan(0);
      for (const e of fixture.events) expect(e.v, `${e.type} in events-v${v}.json`).toBe(v);
    }
  });

  it('every stored event of every version reads as a valid current event after upcasting', () => {
    for (let v = 1; v <= EVENT_SCHEMA_VERSION; v++) {
      const problems = readFixture(v)
        .events.map((raw) => [raw.type, explainInvalid(upcast(structuredClone(raw)))] as const)
        .filter(([, problem]) => problem !== null)
        .map(([type, problem]) => `events-v${v}.json ${type}: ${problem}`);
      expect(problems).toEqual([]);
    }
  });

  it('the current version’s fixture holds an event of every type in the catalog (add one when you add a type)', () => {
    const covered = new Set(readFixture(EVENT_SCHEMA_VERSION).events.map((e) => e.type));
    expect(EVENT_TYPES.filter((t) => !covered.has(t))).toEqual([]);
  });

  it('the check reports each version step that lacks an upcaster', () => {
    expect(missingUpcasters(1, {})).toEqual([]);
    expect(missingUpcasters(3, {})).toEqual([1, 2]);
    expect(missingUpcasters(4, { 1: () => ({}), 3: () => ({}) })).toEqual([2]);
  });
});

describe('reading stored records', () => {
  it('leaves a current event as it is (same object)', () => {
    const [event] = readFixture(EVENT_SCHEMA_VERSION).events;
    expect(upcast(event)).toBe(event);
  });

  it('leaves a newer version and non-events unchanged: upcasting never guesses', () => {
    const [event] = readFixture(EVENT_SCHEMA_VERSION).events;
    const future = { ...event, v: EVENT_SCHEMA_VERSION + 1 };
    expect(upcast(future)).toBe(future);
    expect(explainInvalid(upcast(future))).toBe(`unsupported schema version ${EVENT_SCHEMA_VERSION + 1}`);
    for (const raw of [null, 42, 'text', { type: 'note.created' }]) expect(upcast(raw)).toBe(raw);
  });

  it('a log with a newer-version event folds the rest, keeps that one in the log untouched and stops writing', async () => {
    const stored = readFixture(EVENT_SCHEMA_VERSION).events.slice(0, 4);
    const future = { ...stored[3], v: EVENT_SCHEMA_VERSION + 1, id: 'f0000000-0000-4000-8000-000000000099', seq: 99 };
    const storage = createMemoryLogStorage([...stored.slice(0, 3), future]);
    const log = new EventLog({ storage });
    await log.load();
    expect(log.state.notes.order).toEqual(['1763719200000', '1700000000001']);
    expect(log.state.notes.meta['1763719200000'].title).toBe('Plan');
    expect(await storage.quarantined()).toEqual([]);
    expect((await storage.readAfter(0)).at(-1)).toEqual(future);
    expect(log.status$.value.newerVersion).toBe(EVENT_SCHEMA_VERSION + 1);
    expect(log.writable).toBe(false);
  });
});

/**
 * Event types of the catalog. The catalog is a TypeScript type; at run time the validator knows
 * the types, so probe it with every type any fixture or the source of catalog.ts names.
 */
