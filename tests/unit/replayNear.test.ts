import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { Replay, REPLAY_NEAR_BEHIND } from '../../src/projections/replay';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE } from '../../src/projections/notesState';
import { ev } from './helpers';

/**
 * The replay view's steps near the position shown (docs/architecture.md "Export and import", the
 * replay view): `Replay.prepareNear` keeps the states just before it, and every state the replay
 * gives, kept or folded, is the fold of that prefix from nothing.
 */

/** A log of `length` events over a dozen notes: saves, renames, moves, stars, selections, deletes and new notes. */
function mixedLog(length: number): AppEvent[] {
  let r = 7;
  const rand = () => (r = (r * 16807) % 2147483647) / 2147483647;
  const events: AppEvent[] = [];
  const live: string[] = [];
  let next = 1000;
  const create = () => {
    const id = String(next++);
    live.push(id);
    events.push(ev('note.created', { id, title: `n${id}` }));
  };
  while (events.length < length) {
    const x = rand();
    const id = live[Math.floor(rand() * live.length)];
    if (live.length < 4 || x < 0.05) create();
    else if (x < 0.55) events.push(ev('note.body-saved', { id, html: `<p>${events.length}</p>` }));
    else if (x < 0.7) events.push(ev('note.renamed', { id, title: `t${events.length}` }));
    else if (x < 0.78) events.push(ev('note.moved', { id, direction: rand() < 0.5 ? 'up' : 'down' }));
    else if (x < 0.84) events.push(ev(rand() < 0.5 ? 'note.starred' : 'note.unstarred', { id }));
    else if (x < 0.97) events.push(ev('note.selected', { id }));
    else {
      live.splice(live.indexOf(id), 1);
      events.push(ev('note.deleted', { id }));
    }
  }
  return events;
}

/** Counts the events `Replay` folds, by watching the slices it takes of `events`. */
function countFolds(events: AppEvent[]): { folded: number } {
  const count = { folded: 0 };
  const slice = events.slice.bind(events);
  events.slice = (start?: number, end?: number) => {
    const part = slice(start, end);
    count.folded += part.length;
    return part;
  };
  return count;
}

const prefix = (events: readonly AppEvent[], i: number) => foldApp(INITIAL_STATE, events.slice(0, i));

describe('replay steps near the position shown', () => {
  const events = mixedLog(2000);

  it('gives the prefix fold at every step going backwards, each a kept state once the states before it are prepared', () => {
    const replay = new Replay(events);
    const count = countFolds(events);
    expect(replay.stateAt(events.length)).toEqual(prefix(events, events.length));
    for (let i = events.length; i > 0; i--) {
      // Prepared every few steps, the window is refolded a chunk at a time.
      if (i % 8 === 0 || i === events.length) expect(replay.prepareNear(i)).toBe(true);
      count.folded = 0;
      const state = replay.stateAt(i - 1);
      // A step back shows a kept state: it folds nothing.
      expect(count.folded).toBe(0);
      expect(state).toEqual(prefix(events, i - 1));
    }
    // A hang guard, not a speed check: 2,000 folds from nothing on a busy 2-core machine.
  }, 180_000);

  it('gives the prefix fold stepping forward, playing and jumping with the near states partly prepared', () => {
    const replay = new Replay(events);
    const asked: number[] = [events.length, 1800, 1799, 1798, 1799, 1800, 1801, 1802, 1785, 1790, 40, 39, 41, 0, 1, 2, 1200];
    for (let i = 0; i < 30; i++) asked.push(1200 - i, 1200 - i + (i % 3));
    let clock = 0;
    for (const [i, step] of asked.entries()) {
      expect(replay.stateAt(step)).toEqual(prefix(events, step));
      // Slices of a few folds (a clock that ticks at each look): the window is left part-folded for the next step.
      replay.prepareNear(step, i % 5, () => clock++);
    }
  });

  it('keeps a bounded window that follows the position', () => {
    const replay = new Replay(events);
    replay.stateAt(events.length);
    replay.prepareNear(events.length);
    replay.stateAt(1000);
    replay.prepareNear(1000);
    const count = countFolds(events);
    for (let i = 1; i <= REPLAY_NEAR_BEHIND; i++) replay.stateAt(1000 - i);
    expect(count.folded).toBe(0);
    // The window near the end is gone: the state there is folded again.
    replay.stateAt(events.length - 1);
    expect(count.folded).toBeGreaterThan(0);
  });
});
