import { describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../catalog';
import { LogFold, type ServerOrdered } from '../../src/events/logFold';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, INITIAL_STATE } from '../../src/projections/notesState';

vi.mock('../../src/projections/foldNotes', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/projections/foldNotes')>();
  return { ...original, foldNotes: vi.fn(original.foldNotes) };
});

/**
 * Folding the server's events on a synced device (docs/architecture.md "Sync"): a page of pulled
 * events is folded as one batch. Folded one at a time, every event copied the notes' containers
 * (10,000 entries each for a 10,000-note account): a new device spent seconds on a 500-event tail
 * (docs/benchmarks.md "Sync figures").
 */

let seq = 0;
const event = (type: string, payload: Record<string, unknown>): AppEvent =>
  ({
    v: 2,
    seq: ++seq,
    id: `event-${String(seq).padStart(8, '0')}`,
    at: new Date(1_764_000_000_000 + seq).toISOString(),
    type,
    payload,
  }) as AppEvent;

describe('LogFold.advance', () => {
  it('folds a run of server events in one batch, to the same notes as one at a time', () => {
    const notes = 200;
    const created = Array.from({ length: notes }, (_, i) =>
      event('note.created', { id: String(1_700_000_000_000 + i), title: `Note ${i}` }),
    );
    const base = { head: created.length, notes: foldNotes(EMPTY_NOTES, created) };
    const tail = Array.from({ length: 300 }, (_, k) =>
      k % 3 === 0
        ? event('note.renamed', { id: String(1_700_000_000_000 + ((k * 7) % notes)), title: `Renamed ${k}` })
        : event('note.body-saved', { id: String(1_700_000_000_000 + ((k * 13) % notes)), html: `<p>text ${k}</p>` }),
    );
    const entries: ServerOrdered[] = tail.map((e, i) => ({ sseq: base.head + 1 + i, event: e }));
    const expected = tail.reduce((state, e) => foldNotes(state, [e]), base.notes);

    const fold = new LogFold(INITIAL_STATE);
    fold.enterSync(base, []);
    vi.mocked(foldNotes).mockClear();
    expect(fold.advance(entries)).toBe(tail.length);
    expect(fold.serverBase!.head).toBe(base.head + tail.length);
    expect(fold.serverBase!.notes).toEqual(expected);
    expect(fold.confirmed.notes).toEqual(expected);
    // One fold of the server's events (and none of an empty outbox), not one per event.
    expect(vi.mocked(foldNotes).mock.calls.filter(([, events]) => events.length > 0)).toHaveLength(1);
  });

  it('stops at a gap and skips what it already holds', () => {
    const a = event('note.created', { id: '1700000000001', title: 'A' });
    const b = event('note.created', { id: '1700000000002', title: 'B' });
    const c = event('note.created', { id: '1700000000003', title: 'C' });
    const fold = new LogFold(INITIAL_STATE);
    fold.enterSync({ head: 1, notes: foldNotes(EMPTY_NOTES, [a]) }, []);
    expect(
      fold.advance([
        { sseq: 1, event: a },
        { sseq: 2, event: b },
        { sseq: 4, event: c },
      ]),
    ).toBe(1);
    expect(fold.serverBase!.head).toBe(2);
    expect(fold.serverBase!.notes.order).toEqual(['1700000000002', '1700000000001']);
  });

  it('own events the server ordered leave the outbox; another device’s event before them folds the outbox again on top', () => {
    const mine = event('note.created', { id: '1700000000010', title: 'Mine' });
    const theirs = event('note.created', { id: '1700000000020', title: 'Theirs' });
    const fold = new LogFold(INITIAL_STATE);
    fold.enterSync({ head: 0, notes: EMPTY_NOTES }, [mine]);
    expect(
      fold.advance([
        { sseq: 1, event: theirs },
        { sseq: 2, event: mine },
      ]),
    ).toBe(2);
    expect(fold.unordered).toEqual([]);
    expect(fold.confirmed.notes.order).toEqual(['1700000000010', '1700000000020']);
  });

  it('an unreadable server event moves the head past it and changes nothing; the events around it fold, the outbox stays on top', () => {
    const before = event('note.created', { id: '1700000000030', title: 'Before' });
    const after = event('note.renamed', { id: '1700000000030', title: 'After' });
    const mine = event('note.starred', { id: '1700000000030' });
    const fold = new LogFold(INITIAL_STATE);
    fold.enterSync({ head: 0, notes: EMPTY_NOTES }, [mine]);
    expect(
      fold.advance([
        { sseq: 1, event: before },
        { sseq: 2, event: null },
        { sseq: 3, event: after },
      ]),
    ).toBe(3);
    expect(fold.serverBase!.head).toBe(3);
    expect(fold.serverBase!.notes).toEqual(foldNotes(EMPTY_NOTES, [before, after]));
    expect(fold.unordered).toEqual([mine]);
    expect(fold.confirmed.notes).toEqual(foldNotes(EMPTY_NOTES, [before, after, mine]));
    // Unreadable events alone still move the head, so the next pull starts after them.
    expect(fold.advance([{ sseq: 4, event: null }])).toBe(1);
    expect(fold.serverBase!.head).toBe(4);
    expect(fold.confirmed.notes).toEqual(foldNotes(EMPTY_NOTES, [before, after, mine]));
  });

  it('an own event the server ordered before this fold confirmed it is folded once, and its confirmation only moves the seq and the view', () => {
    const mine = event('note.created', { id: '1700000000040', title: 'Written in another tab of this device' });
    const theirs = event('note.created', { id: '1700000000050', title: 'Pulled' });
    const fold = new LogFold(INITIAL_STATE);
    fold.enterSync({ head: 0, notes: EMPTY_NOTES }, []);
    // Stored with a server number: another device's, folded by order alone.
    fold.advance([
      { sseq: 1, event: mine },
      { sseq: 2, event: { ...theirs, sseq: 2 } },
    ]);
    expect(fold.orderedEarly).toEqual(new Set([mine.id]));
    fold.confirmLocal([mine, { ...theirs, sseq: 2 }], 'this-tab');
    expect(fold.confirmed.notes).toEqual(foldNotes(EMPTY_NOTES, [mine, theirs]));
    expect(fold.unordered).toEqual([]);
    expect(fold.orderedEarly.size).toBe(0);
    expect(fold.confirmed.seq).toBe(theirs.seq);
  });

  it('an own event already confirmed here that the server orders later is not held as early', () => {
    const mine = event('note.created', { id: '1700000000060', title: 'Pushed before a restart' });
    const fold = new LogFold({ ...INITIAL_STATE, seq: mine.seq });
    fold.enterSync({ head: 0, notes: EMPTY_NOTES }, []);
    fold.advance([{ sseq: 1, event: mine }]);
    expect(fold.orderedEarly.size).toBe(0);
    expect(fold.confirmed.notes).toEqual(foldNotes(EMPTY_NOTES, [mine]));
  });
});
