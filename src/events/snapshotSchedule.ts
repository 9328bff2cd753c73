/**
 * A snapshot is written after this many events since the last one (docs/architecture.md "Snapshots").
 * @internal Test seam: used here; the tests read this constant.
 */
export const SNAPSHOT_EVERY_EVENTS = 500;

/** What the schedule needs of the log it checkpoints. */
export interface SnapshotTarget {
  /** The seq the log has folded up to. */
  confirmedSeq(): number;
  /** Run `work` as one of the log's whole-log writes, holding its lock across tabs. */
  oneAtATime(work: () => Promise<unknown>): Promise<unknown>;
  /** Inside `oneAtATime`: write a checkpoint of the durable state. */
  checkpoint(): Promise<unknown>;
}

/**
 * When the next snapshot is due (docs/architecture.md "Snapshots"): every SNAPSHOT_EVERY_EVENTS
 * events, never while a bulk import holds snapshots back, and one at a time.
 */
export class SnapshotSchedule {
  /** The seq of the last snapshot written or started from. */
  private lastSeq = 0;
  /** While above 0 no snapshot is written after a write (a bulk import writes one when it ends). */
  private deferred = 0;
  /** A checkpoint is waiting for the lock: the writes meanwhile need no second one. */
  private waiting = false;

  constructor(private readonly target: SnapshotTarget) {}

  /** A snapshot at `seq` was written, or the log was folded from one. */
  taken(seq: number): void {
    this.lastSeq = seq;
  }

  /** Write a snapshot when one is due. */
  async maybe(): Promise<void> {
    if (this.deferred > 0 || this.waiting) return;
    if (this.target.confirmedSeq() - this.lastSeq < SNAPSHOT_EVERY_EVENTS) return;
    this.waiting = true;
    try {
      await this.target.oneAtATime(() => {
        this.waiting = false;
        return this.target.checkpoint();
      });
    } finally {
      this.waiting = false;
    }
  }

  /**
   * Hold snapshots until the returned function is called (once): a bulk import appends thousands of
   * events, and a snapshot every SNAPSHOT_EVERY_EVENTS of them would copy the whole growing state
   * again and again. Releasing writes one if it is due.
   */
  defer(): () => void {
    this.deferred += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.deferred -= 1;
      void this.maybe();
    };
  }
}
