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
 * Step-by-step replay of a log (docs/product.md "Event log tools"): `stateAt(i)` is the projection
 * after the first `i` events (0 = before any). A state is folded from the nearest checkpoint at or
 * before it, or from the last state asked for when that lies in between (stepping forward, playing),
 * so once `prepare` has folded the checkpoints a step or a jump costs the events since that point,
 * not the log. Pure folding only: replay never runs an effect.
 */
export class Replay {
  /** Events between two checkpoints. */
  readonly every: number;
  private checkpoints: AppState[];
  private last: { count: number; state: AppState };

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
    const highest = (this.checkpoints.length - 1) * this.every;
    // From the last state only when it is past every checkpoint folded: else the fold passes them.
    if (Math.floor(n / this.every) >= this.checkpoints.length && !(this.last.count > highest && this.last.count <= n))
      this.prepare(Math.floor(n / this.every));
    const slot = Math.min(Math.floor(n / this.every), this.checkpoints.length - 1);
    const at = slot * this.every;
    const from = this.last.count <= n && this.last.count >= at ? this.last : { count: at, state: this.checkpoints[slot] };
    const state = foldApp(from.state, this.events.slice(from.count, n));
    this.last = { count: n, state };
    return state;
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
