import { EVENT_SCHEMA_VERSION, readRecords, type EventEnvelope } from '../../catalog';
import { foldApp } from '../projections/foldApp';
import { loadChainEngineFor } from '../projections/changes/chainEngine';
import { INITIAL_STATE } from '../projections/notesState';
import { DEFAULT_COMPACTION_POLICY, planCompaction, type CompactionPolicy } from './compactionPlan';
import { startOf, type ParsedLogFile } from './logFile';
import type { LogFold } from './logFold';
import { oneAtATime, type LogLock } from './logLock';
import type { Snapshot } from './logRecords';
import type { LogStorage } from './logStorage';
import { SNAPSHOT_STAMP } from './snapshotReading';
import type { TabLink } from './tabChannel';

/** What the whole-log writes need of the log they write for. */
export interface WholeLogTarget {
  readonly storage: LogStorage;
  now(): Date;
  newId(): string;
  /** The log's current durable fold (what a checkpoint writes). */
  fold(): LogFold;
  /** Whether this build may write (no newer schema version met). */
  writable(): boolean;
  /** Whether the device syncs (it then never compacts). */
  synced(): boolean;
  /** Resolves once the fold of the whole stored log under way (if any) ended. */
  foldsDone(): Promise<void>;
  /** Fold the stored log again from scratch. */
  reload(): Promise<void>;
  /** A snapshot at `seq` is being written (SnapshotSchedule.taken). */
  snapshotTaken(seq: number): void;
  /** After a checkpoint: remember how far the server has this device's events (ServerSync.saveProgress). */
  checkpointed(): Promise<void>;
  /** The log's tab link, to tell other tabs the log was replaced, or null. */
  readonly tabs: Pick<TabLink, 'replaced'> | null;
}

/**
 * The log's whole-log writes (docs/architecture.md "Compaction"): checkpoints, compaction,
 * replacing the log, and the rebase that beginning or ending sync needs. One at a time in this tab
 * and, through `lock`, across tabs; each written only while the stored epoch is the one this tab
 * folded. The one owner of that epoch.
 */
export class WholeLogWrites {
  /**
   * This tab's whole-log writes one at a time, each holding the lock across tabs. A compaction or
   * checkpoint begun on the log being replaced would otherwise land after the replacement (deleting
   * its events by seq, or a snapshot of the old notes above them), and the next start would fold
   * the old notes back.
   */
  readonly oneAtATime: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * The epoch of the log this tab's fold was read from (Snapshot.epoch; '' for a log never
   * replaced). Set together with the fold; whole-log writes name it, and storage refuses them once
   * another tab has replaced the log, before this tab has heard of it.
   */
  private foldedEpoch = '';

  constructor(
    private readonly log: WholeLogTarget,
    lock: LogLock,
  ) {
    this.oneAtATime = oneAtATime(lock);
  }

  /** The epoch of the log this tab folded (see `foldedEpoch`). */
  get epoch(): string {
    return this.foldedEpoch;
  }

  /** The log was folded from a stored log of `epoch`. */
  folded(epoch: string): void {
    this.foldedEpoch = epoch;
  }

  /** Checkpoint the durable state (never pending events, which have no seq yet). Not while a newer build writes. */
  async writeSnapshot(): Promise<void> {
    await this.oneAtATime(() => this.checkpoint());
  }

  /**
   * The work of writeSnapshot, for callers already inside `oneAtATime`. `newEpoch`: the snapshot
   * starts a new epoch (sync begun or ended: other tabs must fold again). Resolves with whether it
   * was written: not when another tab replaced the log after this fold (then this tab folds the
   * stored log again), nor while a newer build writes.
   */
  async checkpoint(options: { newEpoch?: boolean } = {}): Promise<boolean> {
    const { log } = this;
    // A fold of the stored log under way (another tab's message) would be snapshotted half done.
    await log.foldsDone();
    if (!log.writable()) return false;
    const { confirmed: state, serverBase: server } = log.fold();
    const epoch = options.newEpoch ? log.newId() : this.foldedEpoch;
    log.snapshotTaken(state.seq);
    const snapshot: Snapshot = {
      ...SNAPSHOT_STAMP,
      seq: state.seq,
      at: log.now().toISOString(),
      state,
      ...(server ? { server: { head: server.head, notes: server.notes } } : {}),
      ...(epoch ? { epoch } : {}),
    };
    if (!(await log.storage.writeSnapshot(snapshot, this.foldedEpoch))) {
      await log.reload();
      return false;
    }
    this.foldedEpoch = epoch;
    await log.checkpointed();
    return true;
  }

  /**
   * Replace the stored log with an imported file's events (and snapshot) and fold it again. A synced
   * device's export (server-ordered events, an origin checkpoint) is stored with a snapshot of its
   * fold in file order. Other tabs are not told yet (EventLog.replaceWith does, after its record).
   * @throws when this build has stopped writing (a newer version's records would be lost).
   */
  replace(file: ParsedLogFile): Promise<void> {
    return this.oneAtATime(async () => {
      const { log } = this;
      if (!log.writable()) throw new Error('NotePad was updated elsewhere: reload before importing a log.');
      const { events } = file;
      await loadChainEngineFor(events);
      const serverOrdered = file.origin !== undefined || events.some((e) => e.sseq !== undefined);
      const snapshot = serverOrdered
        ? {
            ...SNAPSHOT_STAMP,
            seq: events.reduce((max, e) => Math.max(max, e.seq), 0),
            at: log.now().toISOString(),
            state: foldApp(startOf(file), events),
          }
        : file.snapshot;
      await this.replaceLog(events, snapshot);
      await log.reload();
    });
  }

  /** SyncedLog.rebase: `change` on a fresh fold, then a checkpoint of a new epoch, then other tabs fold again. */
  async rebase(change: () => Promise<void>): Promise<void> {
    await this.oneAtATime(async () => {
      await this.freshen();
      await change();
      // The lock is held, so only a build without it can have replaced the log meanwhile.
      if (!(await this.checkpoint({ newEpoch: true }))) throw new Error('The log was replaced meanwhile: try again.');
    });
    this.log.tabs?.replaced();
  }

  /** SyncedLog.clear: the stored log replaced by nothing, `then`, a fold of it, and other tabs fold again. */
  async clear(then: () => Promise<void>): Promise<void> {
    await this.oneAtATime(async () => {
      await this.replaceLog([], null);
      await then();
      await this.log.reload();
    });
    this.log.tabs?.replaced();
  }

  /**
   * Drop superseded body revisions per `policy` (docs/architecture.md "Compaction") and write a
   * fresh snapshot. Does nothing while a newer build writes, or on a synced device. Returns how
   * many events were dropped.
   */
  compact(now: Date, policy: CompactionPolicy = DEFAULT_COMPACTION_POLICY): Promise<number> {
    return this.oneAtATime(async () => {
      const { log } = this;
      // The plan is made from the log as it is once this tab holds the lock, never from one read before.
      await this.freshen();
      if (!log.writable() || log.synced()) return 0;
      const { events } = readRecords(await log.storage.readAfter(0));
      const drop = planCompaction(events, now, policy);
      if (drop.length && !(await log.storage.deleteEvents(drop, this.foldedEpoch))) {
        // Replaced by a build that does not take the lock: the plan was of the old log.
        await log.reload();
        return 0;
      }
      await this.checkpoint();
      return drop.length;
    });
  }

  /**
   * Inside `oneAtATime`: when another tab replaced the log (or began or ended sync) while this one
   * waited for the lock, and its message has not arrived yet, fold the stored log again first.
   */
  private async freshen(): Promise<void> {
    await this.log.foldsDone();
    if ((await this.log.storage.epoch()) !== this.foldedEpoch) await this.log.reload();
  }

  /**
   * Inside `oneAtATime`: replace the stored log with `events` and `snapshot` (none: an empty one at
   * seq 0, which folds as no snapshot) under a new epoch, in one transaction.
   */
  private async replaceLog(events: EventEnvelope[], snapshot: Snapshot | null): Promise<void> {
    const base = snapshot ?? { v: EVENT_SCHEMA_VERSION, seq: 0, at: this.log.now().toISOString(), state: INITIAL_STATE };
    await this.log.storage.replaceAll(events, { ...base, epoch: this.log.newId() });
  }
}
