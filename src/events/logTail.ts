/** Waits before reading the log's tail again after a read failed (ms); the last repeats until a read works. */
const TAIL_RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

/** What reading the tail needs of the log (docs/architecture.md "IndexedDB log"). */
export interface TailSource {
  /** Raw stored records after `seq`, in seq order (LogStorage.readAfter). */
  readAfter(seq: number): Promise<unknown[]>;
  /** The seq the log has folded up to. */
  confirmedSeq(): number;
  /** Fold records read from the tail. */
  foldTail(raws: unknown[]): Promise<void>;
  /** The outcome of a read (null: it worked), for `LogStatus.readError`. */
  reportRead(error: Error | null): void;
}

/**
 * The log's reads of storage, folded in order one at a time: the tail (what this and other tabs
 * made durable) and, through `after`, the server order (ServerSync). A failed read of the tail is
 * reported and tried again by itself after a wait that grows (TAIL_RETRY_MS).
 */
export class TailReads {
  /** The chain of reads: each waits for the one before, so folds happen in seq order. */
  private reads: Promise<void> = Promise.resolve();
  /** The timer of the next read after a failed one (null: none waiting), and how many failed in a row. */
  private retry: { timer: ReturnType<typeof setTimeout> | null; failures: number } = { timer: null, failures: 0 };
  /** Once closed, a failed read schedules no retry. */
  private closed = false;

  constructor(private readonly source: TailSource) {}

  /** Run `work` after the reads before it, as one chain with them; resolves when it ran. */
  after(work: () => Promise<void>): Promise<void> {
    this.reads = this.reads.then(work);
    return this.reads;
  }

  /** Read events after the confirmed seq from storage (ours and other tabs') and fold them in order. */
  catchUp(): Promise<void> {
    return this.after(() => this.readTail());
  }

  /** Inside `after`: read the tail and fold it (what `catchUp` queues). */
  async readTail(): Promise<void> {
    let raws: unknown[];
    try {
      raws = await this.source.readAfter(this.source.confirmedSeq());
    } catch (error) {
      this.failed(error);
      return;
    }
    this.retry.failures = 0;
    this.source.reportRead(null);
    await this.source.foldTail(raws);
  }

  /** Forget the chain (the log is folded again from scratch). */
  reset(): void {
    this.reads = Promise.resolve();
  }

  /** Resolves once the reads queued so far have ended, failed or not. */
  settled(): Promise<void> {
    return this.reads.catch(() => undefined);
  }

  /** Stop reading again after failures. */
  close(): void {
    this.closed = true;
    if (this.retry.timer !== null) clearTimeout(this.retry.timer);
  }

  /**
   * A read of the tail failed: what it would have brought stays in storage, so report it
   * and read again after a wait that grows, instead of waiting for the next message.
   */
  private failed(error: unknown): void {
    const readError = error instanceof Error ? error : new Error(String(error));
    console.error('NotePad: could not read the log', readError);
    this.source.reportRead(readError);
    if (this.retry.timer !== null || this.closed) return;
    const wait = TAIL_RETRY_MS[Math.min(this.retry.failures, TAIL_RETRY_MS.length - 1)];
    this.retry.failures += 1;
    this.retry.timer = setTimeout(() => {
      this.retry.timer = null;
      void this.catchUp();
    }, wait);
  }
}
