import type { AppEvent } from '../../catalog';
import { foldApp } from './foldApp';
import { INITIAL_STATE, type AppState } from './notesState';

/**
 * States are kept every this many steps so jumping anywhere in a long log folds at most this many events.
 * @internal Test seam: exported for the tests and the bench only.
 */
export const REPLAY_CHECKPOINT_EVERY = 200;

/**
 * Step-by-step replay of a log (docs/product.md "Event log tools"): `stateAt(i)` is the projection after the first `i` events
 * (0 = before any). Pure folding only: replay never runs an effect.
 */
export class Replay {
  private checkpoints: AppState[];

  /** `start`: the state before the first event (a synced device's origin checkpoint; default empty). */
  constructor(
    readonly events: readonly AppEvent[],
    start: AppState = INITIAL_STATE,
  ) {
    this.checkpoints = [start];
  }

  /** The state after `count` events (clamped to the log's length). */
  stateAt(count: number): AppState {
    const n = Math.max(0, Math.min(count, this.events.length));
    const slot = Math.floor(n / REPLAY_CHECKPOINT_EVERY);
    while (this.checkpoints.length <= slot) {
      const i = this.checkpoints.length;
      const from = (i - 1) * REPLAY_CHECKPOINT_EVERY;
      this.checkpoints.push(foldApp(this.checkpoints[i - 1], this.events.slice(from, from + REPLAY_CHECKPOINT_EVERY)));
    }
    return foldApp(this.checkpoints[slot], this.events.slice(slot * REPLAY_CHECKPOINT_EVERY, n));
  }

  /** The number of events with seq <= `seq` (for "state at seq"). */
  countUntilSeq(seq: number): number {
    let count = 0;
    while (count < this.events.length && this.events[count].seq <= seq) count++;
    return count;
  }
}
