import type { AppEvent } from '../../catalog';
import { inNextTask } from '../lib/scheduler';
import type { LogStorage } from './logStorage';

/** What the write queue needs of the log it writes for (docs/architecture.md "IndexedDB log"). */
export interface WriteTarget {
  readonly storage: Pick<LogStorage, 'append' | 'existingIds' | 'readByIds'>;
  /** Whether this build may write: while it may not, queued events are held (they stay pending). */
  writable(): boolean;
  /**
   * A batch is durable: `stored` holds its events in append order with their seqs, some perhaps
   * stored before by another tab. Resolves once they are folded.
   */
  written(stored: AppEvent[]): Promise<void>;
  /** A batch's appends have resolved: a snapshot may be due. */
  flushed(): void;
  /** The outcome of the last write, for `LogStatus.writeError` (null: it worked). */
  reportWrite(error: Error | null): void;
}

/** One append's events and the settling of its promise. */
interface Waiting {
  events: AppEvent[];
  resolve: (stored: AppEvent[]) => void;
  reject: (error: Error) => void;
}

/**
 * The durable side of `append` (docs/architecture.md "IndexedDB log"): what is appended until the
 * next task is written in one transaction, one batch at a time, so seq order is append order.
 */
export class WriteQueue {
  /** Appended events waiting for the next flush; every append joins the one batch of that flush. */
  private queue: Waiting[] = [];
  /** A flush is scheduled in a task of its own: guards against scheduling a second one meanwhile. */
  private flushScheduled = false;
  /** The flush under way, chained after the ones before it: the next waits for it. */
  private flushing: Promise<void> = Promise.resolve();
  /** Ids of the batch being written: a retry must not write them a second time. */
  private readonly inFlight = new Set<string>();

  constructor(private readonly target: WriteTarget) {}

  /**
   * Write `events` with the next batch. Resolves with them as stored (seq assigned, append order)
   * once their transaction completed; rejects with the write's error (then they stay pending).
   */
  enqueue(events: AppEvent[]): Promise<AppEvent[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ events, resolve, reject });
      if (this.flushScheduled) return;
      this.flushScheduled = true;
      // One transaction for everything appended until then: far faster than a transaction per
      // event. In a task of its own: IndexedDB serializes (and clones, to read the index keys) a
      // value synchronously in add(), which for a long note's body is a long task that must not
      // add up with the capture and the fold that appended it.
      inNextTask(() => {
        this.flushing = this.flushing.then(() => this.flush());
      });
    });
  }

  /** Ids of events queued or being written: what a retry leaves alone. */
  waitingIds(): Set<string> {
    return new Set([...this.inFlight, ...this.queue.flatMap((q) => q.events.map((e) => e.id))]);
  }

  /** Write what is queued now (unless this build may not write) and wait for every write under way. */
  async drain(): Promise<void> {
    if (this.queue.length && this.target.writable()) await (this.flushing = this.flushing.then(() => this.flush()));
    await this.flushing;
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    // A newer build writes to this log: hold everything (it stays pending and goes to the journal).
    if (!this.target.writable()) return;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const events = batch.flatMap((b) => b.events);
    for (const e of events) this.inFlight.add(e.id);
    try {
      const stored = await appendOnce(this.target.storage, events);
      this.target.reportWrite(null);
      await this.target.written(stored);
      let at = 0;
      for (const b of batch) {
        b.resolve(stored.slice(at, at + b.events.length));
        at += b.events.length;
      }
      this.target.flushed();
    } catch (error) {
      // The events stay pending (in the state, and in the page-hide journal) so nothing typed is lost.
      const err = error instanceof Error ? error : new Error(String(error));
      this.target.reportWrite(err);
      batch.forEach((b) => b.reject(err));
    } finally {
      for (const e of events) this.inFlight.delete(e.id);
    }
  }
}

/**
 * Append `events` in one transaction, each id once. Another tab, or a closing page, may have stored
 * one of them meanwhile (the same page-hide journal recovered twice): the unique id index then
 * refuses the whole transaction. Those already stored are durable, so they are dropped from the
 * batch and the rest is written again. Returns every event in `events` order with its stored seq.
 * @throws the storage's error when none of the refused batch's ids is stored (a full disk ...).
 */
async function appendOnce(storage: WriteTarget['storage'], events: AppEvent[]): Promise<AppEvent[]> {
  const stored = new Map<string, number>();
  let rest = events;
  while (rest.length) {
    try {
      const written = await storage.append(rest.map((e) => ({ ...e, seq: undefined })));
      for (const e of written) stored.set(e.id, e.seq);
      break;
    } catch (error) {
      const held = await storedSeqs(storage, rest).catch(() => new Map<string, number>());
      if (held.size === 0) throw error;
      for (const [id, seq] of held) stored.set(id, seq);
      rest = rest.filter((e) => !held.has(e.id));
    }
  }
  return events.map((e) => ({ ...e, seq: stored.get(e.id)! }));
}

/** The seqs of those of `events` the log already holds, by id. */
async function storedSeqs(storage: WriteTarget['storage'], events: AppEvent[]): Promise<Map<string, number>> {
  const held = await storage.existingIds(events.map((e) => e.id));
  if (held.size === 0) return new Map();
  const raws = (await storage.readByIds([...held])) as { id: string; seq: number }[];
  return new Map(raws.map((r) => [r.id, r.seq]));
}
