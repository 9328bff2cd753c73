import type { AppEvent } from '../../catalog';
import { foldApp } from './foldApp';
import { INITIAL_STATE, type AppState } from './notesState';

/**
 * Folded states (checkpoints) are kept at least this many events apart.
 * @internal Test seam: used here; the tests read this constant.
 */
export const REPLAY_CHECKPOINT_EVERY = 200;
/**
 * At most this many checkpoints are kept: a long log spaces them wider. Each holds its own copy of
 * the notes' containers (order, meta, bodies, revs: a few MB at 10,000 notes), so their number is
 * what the view's memory grows with; a step folds at most the events between two of them.
 * @internal Test seam: used here; the tests read this constant.
 */
export const REPLAY_MAX_CHECKPOINTS = 64;
/**
 * States kept one event apart just before the position shown (`prepareNear`), so a *Step back* finds its
 * state folded: at 10,000 notes a fold that changes the notes costs a copy of their containers (meta,
 * bodies, revs: tens of ms each time, whatever the number of events folded), not the events.
 * @internal Test seam: used here; the tests read this constant.
 */
export const REPLAY_NEAR_BEHIND = 16;
/** States kept after the position shown (those stepped back over), for a *Step forward*. */
const NEAR_AHEAD = 4;
/** States `prepareNear` folds from one base: the nearest ones first, a chunk at a time. */
const NEAR_CHUNK = 8;

/**
 * Step-by-step replay of a log (docs/product.md "Event log tools"): `stateAt(i)` is the projection
 * after the first `i` events (0 = before any). A state is folded from the nearest checkpoint at or
 * before it, or from the last state asked for when that lies in between (stepping forward, playing),
 * so once `prepare` has folded the checkpoints a step or a jump costs the events since that point,
 * not the log; `prepareNear` keeps the states one event apart just before the position shown, so a
 * step back costs no fold. Memory: the checkpoints (at most REPLAY_MAX_CHECKPOINTS states) and at most
 * REPLAY_NEAR_BEHIND + NEAR_AHEAD + 1 near states; neighbouring near states share every
 * container their event leaves alone. Pure folding only: replay never runs an effect.
 */
export class Replay {
  /** Events between two checkpoints. */
  readonly every: number;
  private checkpoints: AppState[];
  private last: { count: number; state: AppState };
  /** States by event count, near the position last prepared for (`prepareNear`). */
  private near = new Map<number, AppState>();

  /** `start`: the state before the first event (a synced device's origin checkpoint; default empty). */
  constructor(
    readonly events: readonly AppEvent[],
    start: AppState = INITIAL_STATE,
  ) {
    this.every = Math.max(REPLAY_CHECKPOINT_EVERY, Math.ceil(events.length / REPLAY_MAX_CHECKPOINTS));
    this.checkpoints = [start];
    this.last = { count: 0, state: start };
  }

  /**
   * The state after `count` events (clamped to the log's length), folded from the nearest point
   * already there: the last state asked for, or the checkpoint at or before `count`. A fold that
   * passes checkpoints not folded yet keeps them on its way (`prepare`), so the first state shown
   * (the log's end) folds the log once and leaves every checkpoint a step back needs.
   */
  stateAt(count: number): AppState {
    const n = Math.max(0, Math.min(count, this.events.length));
    const kept = this.near.get(n);
    if (kept) {
      this.last = { count: n, state: kept };
      return kept;
    }
    this.last = { count: n, state: this.foldTo(n) };
    return this.last.state;
  }

  /** The state after `n` events folded from the nearest state there is at or before `n` (it keeps checkpoints on its way). */
  private foldTo(n: number): AppState {
    const highest = (this.checkpoints.length - 1) * this.every;
    // From the last state only when it is past every checkpoint folded: else the fold passes them.
    if (Math.floor(n / this.every) >= this.checkpoints.length && !(this.last.count > highest && this.last.count <= n))
      this.prepare(Math.floor(n / this.every));
    const slot = Math.min(Math.floor(n / this.every), this.checkpoints.length - 1);
    const at = slot * this.every;
    let from = this.last.count <= n && this.last.count >= at ? this.last : { count: at, state: this.checkpoints[slot] };
    for (const [count, state] of this.near) if (count <= n && count > from.count) from = { count, state };
    return foldApp(from.state, this.events.slice(from.count, n));
  }

  /**
   * Fold the states one event apart for the REPLAY_NEAR_BEHIND steps before `count` (the position
   * shown), the nearest first, stopping once `budgetMs` has passed; true when they are all there. Near
   * states more than NEAR_AHEAD after `count` or before those are dropped, so the window follows the
   * position; the state shown (the last asked for, when it is `count`'s) is kept too. Lets the view fold them in idle time: a *Step back* then shows a kept state.
   */
  prepareNear(count: number, budgetMs = Infinity, now: () => number = () => performance.now()): boolean {
    const n = Math.max(0, Math.min(count, this.events.length));
    const low = Math.max(0, n - REPLAY_NEAR_BEHIND);
    for (const key of this.near.keys()) if (key > n + NEAR_AHEAD || key < low) this.near.delete(key);
    // The state shown stays for a step forward back to it.
    if (this.last.count === n) this.near.set(n, this.last.state);
    const deadline = budgetMs === Infinity ? Infinity : now() + budgetMs;
    for (;;) {
      let top = n - 1;
      while (top >= low && this.near.has(top)) top--;
      if (top < low) return true;
      // A chunk ending at the nearest missing state: its first state folded from a base, the rest one event at a time.
      const bottom = Math.max(low, top - NEAR_CHUNK + 1);
      let state = this.near.get(bottom) ?? this.foldTo(bottom);
      this.near.set(bottom, state);
      for (let k = bottom + 1; k <= top; k++) {
        if (now() > deadline) return false;
        state = this.near.get(k) ?? foldApp(state, this.events.slice(k - 1, k));
        this.near.set(k, state);
      }
      if (now() > deadline) return false;
    }
  }

  /**
   * Fold checkpoints up to `slot` (all of them by default) that are not folded yet, stopping once
   * `budgetMs` has passed; true when they are all there. Lets the view fold them in idle time.
   */
  prepare(slot = Math.floor(this.events.length / this.every), budgetMs = Infinity, now: () => number = () => performance.now()): boolean {
    const deadline = budgetMs === Infinity ? Infinity : now() + budgetMs;
    while (this.checkpoints.length <= slot) {
      const i = this.checkpoints.length;
      const from = (i - 1) * this.every;
      this.checkpoints.push(foldApp(this.checkpoints[i - 1], this.events.slice(from, from + this.every)));
      if (now() > deadline) return this.checkpoints.length > slot;
    }
    return true;
  }

  /** The number of events with seq <= `seq` (for "state at seq"). */
  countUntilSeq(seq: number): number {
    let count = 0;
    while (count < this.events.length && this.events[count].seq <= seq) count++;
    return count;
  }
}
