import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION, type AppEvent } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import type { Snapshot, SnapshotHead } from '../../src/events/logRecords';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { headOf, storedHead } from '../../src/events/snapshotHeads';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE, type AppState } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { ev } from './helpers';
import { recordSnapshotWrites } from '../support/snapshotWrites';

/**
 * A snapshot another build wrote is checked before anything is shown from it (docs/architecture.md
 * "Reading states"): its head before the first rows, and then, at the load, only what the head lacks
 * (the bodies), the head's parts taken as they were checked. A snapshot that fails there is still
 * set aside, its events folded instead.
 */

const A = '1764100000001';
const B = '1764100000002';
const AT = '2026-11-26T00:00:00.000Z';
const events = (): AppEvent[] =>
  [
    ev('note.created', { id: A, title: 'Untitled Note' }),
    ev('note.renamed', { id: A, title: 'Plans' }),
    ev('note.body-saved', { id: A, html: '<p>kept</p>' }),
    ev('note.created', { id: B, title: 'Second' }),
    ev('note.body-saved', { id: B, html: '<p>second</p>' }),
  ].map((e, i) => ({ ...e, seq: i + 1 }));
const folded = (): AppState => foldApp(INITIAL_STATE, events());

/** Counts every walk of an object's keys (valibot's parse of a record walks them; a spread does too). */
function watchedKeys<T extends object>(target: T): { value: T; walks: () => number } {
  let walks = 0;
  const value = new Proxy(target, {
    ownKeys(t) {
      walks++;
      return Reflect.ownKeys(t);
    },
  });
  return { value, walks: () => walks };
}

/**
 * A log of `events()` with `snapshot` and `head` stored, as IndexedDB keeps a head beside each
 * snapshot (snapshotHeads.ts; the memory storage keeps none). Previewed, then loaded.
 */
async function start(snapshot: Snapshot, head: SnapshotHead): Promise<{ log: EventLog; written: Snapshot[]; shown: boolean }> {
  const storage = createMemoryLogStorage(events());
  await storage.writeSnapshot(snapshot);
  storage.latestSnapshotHead = async () => head;
  const written = recordSnapshotWrites(storage);
  const log = new EventLog({ storage });
  const shown = await log.preview();
  await log.load();
  return { log, written, shown };
}

const foreign = (state: AppState): Snapshot => ({ v: EVENT_SCHEMA_VERSION, writer: 'another-build', seq: 5, at: AT, state });

describe('a snapshot of another build, its head checked first', () => {
  it("takes the head's parts as the head's check read them and parses only the bodies of the snapshot", async () => {
    const good = folded();
    const head = headOf(storedHead(foreign(good)))!;
    // The snapshot's own copy of the titles: a second parse of them walks its keys.
    const meta = watchedKeys(good.notes.meta);
    const { log, shown } = await start(foreign({ ...good, notes: { ...good.notes, meta: meta.value } }), head);
    expect(shown).toBe(true);
    expect(meta.walks()).toBe(0);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(good.notes));
    expect(log.state.notes.bodies[A].html).toBe('<p>kept</p>');
    expect(log.status$.value.quarantinedNow).toEqual([]);
  });

  it('parses the whole snapshot when the head is not the one stored beside it', async () => {
    const good = folded();
    const head = headOf(storedHead({ ...foreign(good), at: '2026-11-25T00:00:00.000Z' }))!;
    const meta = watchedKeys(good.notes.meta);
    const { log } = await start(foreign({ ...good, notes: { ...good.notes, meta: meta.value } }), head);
    expect(meta.walks()).toBeGreaterThan(0);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(good.notes));
  });

  it('sets the snapshot aside when its bodies do not read, though its head did, and folds the events instead', async () => {
    const good = folded();
    const head = headOf(storedHead(foreign(good)))!;
    for (const [bodies, reason] of [
      [{ [B]: good.notes.bodies[B] }, `note ${A} has no body`],
      [{ ...good.notes.bodies, [A]: { html: 7 } }, `bad notes.bodies.${A}: `],
    ] as const) {
      const broken = foreign({ ...good, notes: { ...good.notes, bodies: bodies as AppState['notes']['bodies'] } });
      const { log, written } = await start(broken, head);
      expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(good.notes));
      const [aside] = log.status$.value.quarantinedNow;
      expect(aside.reason.slice(0, `snapshot at seq 5: ${reason}`.length)).toBe(`snapshot at seq 5: ${reason}`);
      expect(aside.raw).toEqual({ v: EVENT_SCHEMA_VERSION, writer: 'another-build', seq: 5, at: AT });
      // The fresh snapshot is the events' fold, not the head's.
      expect(written).toHaveLength(1);
      expect(written[0].state.notes.bodies[A].html).toBe('<p>kept</p>');
    }
  });
});
