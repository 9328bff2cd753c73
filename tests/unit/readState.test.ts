import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION, readAppState, readNotesState, type AppEvent } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { buildLogFile, LogFileError, parseLogFile } from '../../src/events/logFile';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import type { Snapshot } from '../../src/events/logRecords';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { ev } from './helpers';
import { recordSnapshotWrites } from '../support/snapshotWrites';

/**
 * States from outside this build's own fold are upcast and parsed before use, and one that fails
 * is set aside with its reason while the events are folded instead (docs/architecture.md "Reading states").
 */

const A = '1764100000001';
const events = (): AppEvent[] => [
  ev('note.created', { id: A, title: 'Untitled Note' }),
  ev('note.renamed', { id: A, title: 'Plans' }),
  ev('note.body-saved', { id: A, html: '<p>kept</p>' }),
];

describe('reading a state', () => {
  it('upcasts a state of schema 3 and says what is wrong with a broken one', () => {
    const folded = foldApp(INITIAL_STATE, events());
    const {
      origins: _o,
      remaps: _r,
      notebooks: _n,
      goneNotebooks: _g,
      notebookAliases: _a,
      filed: _f,
      tags: _t,
      tagged: _d,
      ...old
    } = folded.notes;
    const { filter: _filter, ...oldView } = folded.view;
    const read = readAppState(3, { ...folded, notes: old, view: oldView });
    expect(read.ok && read.state.notes.meta[A].title).toBe('Plans');
    expect(read.ok && read.state.notes.tags).toEqual({});
    // A note still at the revision that made it names that event as its origin; one saved since is unknown.
    expect(read.ok && read.state.notes.origins).toEqual({});
    expect(readNotesState(4, { ...folded.notes, order: [A, A] })).toEqual({ ok: false, reason: `note ${A} is listed twice` });
    expect(readNotesState(4, { ...folded.notes, meta: { [A]: { title: 7 } } })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^bad meta\./),
    });
    const newer = EVENT_SCHEMA_VERSION + 1;
    expect(readNotesState(newer, folded.notes)).toEqual({ ok: false, reason: `written by a newer NotePad (schema version ${newer})` });
    expect(readAppState(4, 'nonsense')).toMatchObject({ ok: false });
  });
});

describe('snapshots from another build', () => {
  async function startWith(snapshot: Snapshot): Promise<{ log: EventLog; written: Snapshot[] }> {
    const storage = createMemoryLogStorage(events().map((e, i) => ({ ...e, seq: i + 1 })));
    await storage.writeSnapshot(snapshot);
    const written = recordSnapshotWrites(storage);
    const log = new EventLog({ storage });
    await log.load();
    return { log, written };
  }

  it('sets a broken snapshot aside with its reason, folds the events instead and writes a fresh snapshot', async () => {
    const good = foldApp(
      INITIAL_STATE,
      events().map((e, i) => ({ ...e, seq: i + 1 })),
    );
    const broken: Snapshot = {
      v: 4,
      writer: 'another-build',
      seq: 3,
      at: '2026-11-26T00:00:00.000Z',
      state: { ...good, notes: { ...good.notes, bodies: {} } },
    };
    const { log, written } = await startWith(broken);
    expect(toStorageKeys(log.state.notes)).toEqual(toStorageKeys(good.notes));
    const [aside] = log.status$.value.quarantinedNow;
    expect(aside.reason).toBe(`snapshot at seq 3: note ${A} has no body`);
    expect(aside.raw).toEqual({ v: 4, writer: 'another-build', seq: 3, at: '2026-11-26T00:00:00.000Z' });
    expect(written).toHaveLength(1);
    expect(written[0].state.notes.bodies[A].html).toBe('<p>kept</p>');
  });

  it('uses a snapshot another build of this schema wrote once it parses, and one this build wrote as it is', async () => {
    const good = foldApp(
      INITIAL_STATE,
      events().map((e, i) => ({ ...e, seq: i + 1 })),
    );
    const other = await startWith({ v: 4, writer: 'another-build', seq: 3, at: '2026-11-26T00:00:00.000Z', state: good });
    expect(other.log.state.notes.meta[A].title).toBe('Plans');
    expect(other.log.status$.value.quarantinedNow).toEqual([]);
    // This build trusts its own fold's output: a title it folded shows as it is, unparsed.
    const mine = {
      ...good,
      notes: { ...good.notes, meta: { [A]: { title: 'From the snapshot', modified: good.notes.meta[A].modified } } },
    };
    const own = await startWith({ v: 4, writer: 'unbuilt', seq: 3, at: '2026-11-26T00:00:00.000Z', state: mine });
    expect(own.log.state.notes.meta[A].title).toBe('From the snapshot');
    expect(own.written).toEqual([]);
  });
});

describe('log files', () => {
  const file = (snapshot: unknown, origin?: unknown) =>
    JSON.stringify({
      ...buildLogFile(
        events().map((e, i) => ({ ...e, seq: i + 1 })),
        null,
        new Date(),
      ),
      snapshot,
      ...(origin ? { origin } : {}),
    });

  it('leaves out a snapshot that does not parse, whatever it says of its writer, and folds the events', () => {
    const good = foldApp(INITIAL_STATE, events());
    const parsed = parseLogFile(
      file({ v: 4, writer: 'unbuilt', seq: 3, at: '2026-11-26T00:00:00.000Z', state: { ...good, notes: { ...good.notes, order: 'x' } } }),
    );
    expect(parsed.snapshot).toBeNull();
    expect(parsed.events).toHaveLength(3);
    expect(parseLogFile(file({ v: 4, seq: 3, at: '2026-11-26T00:00:00.000Z', state: good })).snapshot?.state.notes.meta[A].title).toBe(
      'Plans',
    );
  });

  it('refuses a file whose origin checkpoint does not parse, saying why', () => {
    expect(() => parseLogFile(file(null, { head: 3, notes: { order: [] } }))).toThrow(LogFileError);
    expect(() => parseLogFile(file(null, { head: 3, notes: { order: [] } }))).toThrow(
      /The checkpoint the file starts from is not readable \(bad /,
    );
  });
});
