import { afterEach, describe, expect, it } from 'vitest';
import { planCompaction } from '../../src/events/compactionPlan';
import { UPCASTERS, upcast, EVENT_SCHEMA_VERSION, type AppEvent } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { Replay, REPLAY_CHECKPOINT_EVERY, REPLAY_MAX_CHECKPOINTS } from '../../src/projections/replay';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE } from '../../src/projections/notesState';
import { ev } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-22T00:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY).toISOString();

/** A synthetic long log: `saves` body saves per note for `notes` notes, one a day going back. */
function longLog(notes: number, saves: number): AppEvent[] {
  const events: AppEvent[] = [];
  for (let n = 0; n < notes; n++) events.push(ev('note.created', { id: String(1000 + n), title: `n${n}` }, daysAgo(saves + 1)));
  for (let s = saves; s > 0; s--)
    for (let n = 0; n < notes; n++) events.push(ev('note.body-saved', { id: String(1000 + n), html: `<p>rev ${s}</p>` }, daysAgo(s)));
  return events;
}

describe('compaction', () => {
  it('shrinks a long log and keeps the notes exactly as the full log folds them', () => {
    const events = longLog(5, 100);
    const drop = new Set(planCompaction(events, now));
    const compacted = events.filter((e) => !drop.has(e.seq));
    expect(compacted.length).toBeLessThan(events.length / 2);
    expect(foldNotes(EMPTY_NOTES, compacted)).toEqual(foldNotes(EMPTY_NOTES, events));
  });

  it('keeps revisions inside the retention window and at least the last 20 per note', () => {
    const events = longLog(1, 100);
    const drop = new Set(planCompaction(events, now));
    const kept = events.filter((e) => e.type === 'note.body-saved' && !drop.has(e.seq));
    expect(kept.length).toBe(30);
    const few = longLog(1, 25);
    const keptFew = few.filter(
      (e) => e.type === 'note.body-saved' && !new Set(planCompaction(few, now, { retentionMs: 0, keepRevisionsPerNote: 20 })).has(e.seq),
    );
    expect(keptFew.length).toBe(20);
  });

  it('never drops the latest revision of a note, however old', () => {
    const events = longLog(1, 3);
    const drop = planCompaction(events, new Date('2099-01-01'), { retentionMs: 0, keepRevisionsPerNote: 0 });
    const latest = events.at(-1)!;
    expect(drop).not.toContain(latest.seq);
    expect(drop).toHaveLength(2);
  });
});

describe('replay', () => {
  const events = longLog(3, 150);

  it('gives the same state at every step as folding that prefix', () => {
    const replay = new Replay(events);
    for (const step of [0, 1, REPLAY_CHECKPOINT_EVERY - 1, REPLAY_CHECKPOINT_EVERY, 301, events.length]) {
      expect(replay.stateAt(step)).toEqual(foldApp(INITIAL_STATE, events.slice(0, step)));
    }
    expect(replay.stateAt(10).notes.order).toHaveLength(3);
    expect(replay.stateAt(2).notes.order).toHaveLength(2);
  });

  it('gives the prefix fold at every step asked in any order, before and after its checkpoints are folded', () => {
    const long = longLog(4, 3300);
    const replay = new Replay(long);
    expect(replay.every).toBeGreaterThan(REPLAY_CHECKPOINT_EVERY);
    expect(Math.ceil(long.length / replay.every)).toBeLessThanOrEqual(REPLAY_MAX_CHECKPOINTS);
    const asked = [long.length, long.length - 1, 5000, 5001, 5002, 12, 13_199, replay.every, replay.every - 1];
    // Asked first at an early step, the checkpoints after it are folded later, in slices.
    expect(replay.stateAt(12)).toEqual(foldApp(INITIAL_STATE, long.slice(0, 12)));
    let slices = 0;
    while (!replay.prepare(undefined, 0.01)) slices++;
    expect(slices).toBeGreaterThan(0);
    for (const step of asked) expect(replay.stateAt(step)).toEqual(foldApp(INITIAL_STATE, long.slice(0, step)));
    const fresh = new Replay(long);
    for (const step of asked) expect(fresh.stateAt(step)).toEqual(foldApp(INITIAL_STATE, long.slice(0, step)));
  });

  it('shows the end of the log folding each event once, keeping the checkpoints on the way, so steps and jumps fold little', () => {
    const long = longLog(4, 3300);
    const replay = new Replay(long);
    const folded: number[] = [];
    const slice = long.slice.bind(long);
    long.slice = (start?: number, end?: number) => {
      const part = slice(start, end);
      folded.push(part.length);
      return part;
    };
    replay.stateAt(long.length);
    expect(folded.reduce((sum, n) => sum + n, 0)).toBe(long.length);
    // Every checkpoint is there: preparing folds nothing more.
    folded.length = 0;
    expect(replay.prepare(undefined, 0)).toBe(true);
    expect(folded).toEqual([]);
    for (const step of [long.length - 1, long.length - 2, 100, 7777, 7778]) replay.stateAt(step);
    expect(Math.max(...folded)).toBeLessThan(replay.every);
  });

  it('counts the events up to a seq', () => {
    const replay = new Replay(events);
    expect(replay.countUntilSeq(events[9].seq)).toBe(10);
    expect(replay.countUntilSeq(0)).toBe(0);
  });
});

describe('upcasting', () => {
  afterEach(() => {
    for (const k of Object.keys(UPCASTERS)) delete UPCASTERS[Number(k)];
  });

  it('runs the upcaster chain from an older version to the current one', () => {
    // The schema is at version 1 and has no upcasters yet; register one for a pretend version 0.
    UPCASTERS[0] = (old) => ({ ...old, v: 1, payload: { id: old.noteId, title: old.name } });
    const old = { v: 0, seq: 1, id: 'aaaaaaaa-0', at: now.toISOString(), type: 'note.created', noteId: '5', name: 'From v0' };
    expect(upcast(old)).toMatchObject({ v: EVENT_SCHEMA_VERSION, payload: { id: '5', title: 'From v0' } });
  });

  it('leaves current and future versions alone for the validator to judge', () => {
    const current = ev('note.deleted', { id: '1' });
    expect(upcast(current)).toBe(current);
    expect(upcast({ ...current, v: 9 })).toMatchObject({ v: 9 });
  });
});
