import { BehaviorSubject, Subject } from 'rxjs';
import {
  EVENT_SCHEMA_VERSION,
  NOTE_REF_EVENT_TYPES,
  IMPORT_RECORDS_KEY,
  assertValidEvent,
  readRecords,
  type AppEvent,
  type EventEnvelope,
  type EventPayloads,
  type EventType,
} from '../../catalog';
import type { LogStorage } from './logStorage';
import type { QuarantineRecord, Snapshot } from './logRecords';
import { webLogLock, type LogLock } from './logLock';
import { TabLink, type Channel } from './tabChannel';
import { DEFAULT_COMPACTION_POLICY, planCompaction, type CompactionPolicy } from './compactionPlan';
import { startOf, type ParsedLogFile, type StoredRecord } from './logFile';
import { EMPTY_SERVER_BASE, LogFold } from './logFold';
import type { SyncRecord } from './syncStorage';
import { ServerSync } from './serverSync';
import { WriteQueue } from './logWrites';
import { isOwnSnapshot, readSnapshot, readSnapshotHead, SNAPSHOT_STAMP } from './snapshotReading';
import { foldApp } from '../projections/foldApp';
import { shareEqual } from '../projections/structuralSharing';
import { INITIAL_STATE, type AppState } from '../projections/notesState';
import { isExactPreview, withPendingBodies, withReadBodies } from '../projections/pendingBodies';

/**
 * A snapshot is written after this many events since the last one (docs/architecture.md "Snapshots").
 * @internal Test seam: exported for the tests and the bench only.
 */
export const SNAPSHOT_EVERY_EVENTS = 500;
/** BroadcastChannel name; tabs of one origin announce appends on it. */
export const LOG_CHANNEL_NAME = 'notepad-log';
/** Waits before reading the log's tail again after a read failed (ms); the last repeats until a read works. */
const TAIL_RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

/** What the log reports about its health, for the UI's notices. */
export interface LogStatus {
  loaded: boolean;
  /** Records set aside at this start (reported once). */
  quarantinedNow: QuarantineRecord[];
  /** The last durable write failed; pending events are kept in memory and retried. */
  writeError: Error | null;
  /**
   * The last read of the log's tail (what other tabs, or this one, made durable) failed: the tab
   * shows the log up to the last event it read, and reads again by itself until a read works.
   */
  readError: Error | null;
  /**
   * A newer build's schema version met in the log or on the tab channel: this build has stopped
   * writing (docs/architecture.md "Versions and tabs"); null while it may write.
   */
  newerVersion: number | null;
}

/** Options for `EventLog`; everything with an effect is injectable so tests and replay can swap it. */
export interface EventLogOptions {
  storage: LogStorage;
  channel?: Channel | null;
  now?: () => Date;
  newId?: () => string;
  /**
   * The lock of whole-log writes across tabs (docs/architecture.md "Compaction"); default the
   * origin's Web Lock. Tests give two logs one lock to act as two tabs.
   */
  lock?: LogLock;
}

/**
 * The event log (docs/architecture.md "The event envelope"): the source of truth, held in memory and made
 * durable in IndexedDB. `append` applies an event at once (so the UI never waits on storage) and
 * resolves once its write transaction completed. Other tabs' appends arrive through a
 * BroadcastChannel and are read back from storage in seq order. On a synced device the notes
 * follow the server's order (LogFold). A build that meets a newer schema version keeps what it
 * can fold and stops writing.
 */
export class EventLog {
  readonly state$ = new BehaviorSubject<AppState>(INITIAL_STATE);
  /** Every event once it is durable, local, from another tab or from the sync server, in the order it became so. */
  readonly events$ = new Subject<AppEvent>();
  readonly status$ = new BehaviorSubject<LogStatus>({
    loaded: false,
    quarantinedNow: [],
    writeError: null,
    readError: null,
    newerVersion: null,
  });
  /** The account this device syncs with (docs/architecture.md "Sync"), or null. */
  readonly account$ = new BehaviorSubject<SyncRecord | null>(null);
  /** The log's side of the server sync: outbox, server order, set-aside and unreadable events. */
  readonly serverSync: ServerSync;

  private fold = new LogFold(INITIAL_STATE);
  private pending: AppEvent[] = [];
  /** The durable writes of appends, one batch at a time. */
  private readonly writes: WriteQueue;
  /** While above 0 no snapshot is written after a write (a bulk import writes one when it ends). */
  private snapshotsDeferred = 0;
  /** Reads of storage folded in order, one at a time: the tail, and the server order (ServerSync). */
  private reads: Promise<void> = Promise.resolve();
  private lastSnapshotSeq = 0;
  /** The newest snapshot did not read and was set aside: load() writes a fresh one. */
  private snapshotSetAside = false;
  /** The snapshot read at start was another build's (upcast and parsed): one of this build's replaces it. */
  private snapshotForeign = false;
  /**
   * Whole-log writes of this tab, one at a time: compaction, checkpoints, and replacing the log
   * (an import, beginning or ending sync). A compaction or checkpoint begun on the log being replaced
   * would otherwise land after the replacement (deleting its events by seq, or a snapshot of the old
   * notes above them), and the next start would fold the old notes back. Across tabs the same
   * writes take `lock` too (see oneAtATime).
   */
  private maintenance: Promise<unknown> = Promise.resolve();
  /** Folds of the whole stored log (load, reload), one at a time: a checkpoint waits for the one under way. */
  private folding: Promise<void> = Promise.resolve();
  /**
   * The epoch of the log this tab's fold was read from (Snapshot.epoch; '' for a log never
   * replaced). Set together with the fold; whole-log writes name it, and storage refuses them once
   * another tab has replaced the log, before this tab has heard of it.
   */
  private epoch = '';
  /** The next read of the tail after a failed one, and how many failed in a row. */
  private tailRetry: { timer: ReturnType<typeof setTimeout> | null; failures: number } = { timer: null, failures: 0 };
  private closed = false;
  /** A checkpoint is waiting for the lock: the writes meanwhile need no second one. */
  private snapshotWaiting = false;
  private readonly lock: LogLock;
  /**
   * What `preview` read and showed: the records after the snapshot head's seq, and the state folded
   * from them, for `load` to complete with the bodies instead of reading and folding them again.
   */
  private preread: { after: number; raws: unknown[]; shown: AppState | null } | null = null;
  private readonly tabs: TabLink | null;
  private readonly storage: LogStorage;
  private readonly now: () => Date;
  private readonly newId: () => string;

  constructor(options: EventLogOptions) {
    this.storage = options.storage;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.lock = options.lock ?? webLogLock();
    // Listening starts now, before load() reads storage: what other tabs append meanwhile is held, not missed.
    this.tabs = options.channel
      ? new TabLink(options.channel, {
          appended: () => void this.catchUp(),
          replaced: () => void this.reload(),
          newerVersion: (version) => this.meetNewerVersion(version),
          ordered: () => void this.serverSync.advance(),
        })
      : null;
    this.serverSync = new ServerSync({
      storage: this.storage,
      account$: this.account$,
      tabs: () => this.tabs,
      fold: () => this.fold,
      publish: () => this.publish(),
      writable: () => this.writable,
      afterReads: (work) => (this.reads = this.reads.then(work)),
      catchUp: () => this.catchUp(),
      checkpoint: (options) => this.checkpoint(options),
      freshen: () => this.freshen(),
      replaceLog: (events, snapshot) => this.replaceLog(events, snapshot),
      oneAtATime: (work) => this.oneAtATime(work),
      reload: () => this.reload(),
    });
    this.writes = new WriteQueue({
      storage: this.storage,
      writable: () => this.writable,
      written: (stored) => this.confirmWritten(stored),
      flushed: () => void this.maybeSnapshot(),
      reportWrite: (writeError) => {
        if (this.status$.value.writeError !== writeError) this.status$.next({ ...this.status$.value, writeError });
      },
    });
    this.storage.onNewerBuild(() => this.meetNewerVersion(EVENT_SCHEMA_VERSION + 1));
  }

  get state(): AppState {
    return this.state$.value;
  }

  /** Whether this build may write: false once a newer schema version was met. */
  get writable(): boolean {
    return this.status$.value.newerVersion === null;
  }

  /**
   * Load the newest snapshot and fold the events after it (on a synced device: the server order,
   * the outbox and the view); quarantine records that are malformed, keep newer builds' records
   * untouched. Nothing is written before this finished, so a half-loaded tab cannot erase data.
   */
  async load(): Promise<void> {
    this.tabs?.announce();
    await this.readAll();
    this.status$.next({ ...this.status$.value, loaded: true });
    this.tabs?.open();
    if (this.snapshotSetAside && this.writable) {
      this.snapshotSetAside = false;
      await this.writeSnapshot();
    } else if (this.snapshotForeign && this.writable) {
      // Another build's snapshot was upcast and parsed: this build's own, written once the tab is
      // usable, lets the next start use it as it is (docs/architecture.md "Reading states").
      this.snapshotForeign = false;
      void this.writeSnapshot().catch((error: unknown) => console.warn('NotePad could not write a snapshot of this build', error));
    }
  }

  /**
   * Show the list before the bodies (docs/architecture.md "Start-up order"): fold the events after
   * the newest snapshot head onto it, every body standing in as PENDING_BODY, and publish that
   * state. Returns false, publishing nothing, where that list could differ from the real one: no
   * head, a synced device (the server order comes first), a search to run over bodies, a conflict
   * decided on a body not read, a newer build's record. Call `load()` after it either way: only
   * then are the bodies in, and only then may anything read them or append.
   */
  async preview(): Promise<boolean> {
    const [stored, record] = await Promise.all([this.storage.latestSnapshotHead(), this.storage.sync.read()]);
    // A head that does not read is left to load(), which reads its whole snapshot and sets it aside.
    const reading = stored && !record ? readSnapshotHead(stored) : null;
    if (!reading?.ok) return false;
    const head = reading.state;
    const raws = await this.storage.readAfter(head.state.seq);
    this.preread = { after: head.state.seq, raws, shown: null };
    const { events, newer } = readRecords(raws);
    if (newer.length) return false;
    const start = withPendingBodies(head.state);
    const state = foldApp(start, events, 'this-tab');
    if (state.view.search !== '' || !isExactPreview(start.notes, state.notes)) return false;
    this.preread.shown = state;
    this.state$.next(state);
    return true;
  }

  /** Fold the stored log again from scratch (another tab replaced it, or began or ended sync). Pending events are dropped. */
  async reload(): Promise<void> {
    this.pending = [];
    this.reads = Promise.resolve();
    await this.readAll();
  }

  /** Fold the whole stored log, after any fold of it under way (see `folding`). */
  private readAll(): Promise<void> {
    const run = this.folding.then(() => this.foldStored());
    this.folding = run.catch(() => undefined);
    return run;
  }

  private async foldStored(): Promise<void> {
    const [stored, record] = await Promise.all([this.storage.latestSnapshot(), this.storage.sync.read()]);
    const snapshot = stored ? await this.usableSnapshot(stored) : null;
    const epoch = stored?.epoch ?? '';
    const initial = snapshot?.state ?? INITIAL_STATE;
    const preread = this.preread?.after === initial.seq ? this.preread : null;
    this.preread = null;
    const raws = preread ? preread.raws : await this.storage.readAfter(initial.seq);
    const events = await this.readStored(raws, epoch);
    this.fold = new LogFold(initial);
    this.epoch = epoch;
    this.account$.next(record);
    if (record) {
      // The server's order first: the view's selection may be a note only those events hold.
      // Without a snapshot, the checkpoint this device started from: its log holds no event before it.
      const base = snapshot?.server ?? (await this.serverSync.origin()) ?? EMPTY_SERVER_BASE;
      await this.serverSync.load(base, record.ackedThrough);
      this.fold.confirmView(events, 'this-tab');
    } else if (preread?.shown) {
      // The preview folded these very events onto this snapshot's head: add the bodies instead of folding again.
      this.fold.confirmed = withReadBodies(preread.shown, initial.notes.bodies);
    } else {
      this.fold.confirmLocal(events, 'this-tab');
    }
    this.fold.confirmed = this.passed(this.fold.confirmed, raws);
    this.lastSnapshotSeq = initial.seq;
    this.publish();
  }

  /**
   * `stored` as this build's snapshot (docs/architecture.md "Reading states"), or null: a newer
   * build's is left alone; one that does not parse is set aside with its reason (reported like a
   * quarantined event) and the events are folded instead, after which a fresh snapshot replaces it.
   */
  private async usableSnapshot(stored: Snapshot): Promise<Snapshot | null> {
    const reading = readSnapshot(stored);
    if (reading.ok) {
      this.snapshotForeign = !isOwnSnapshot(stored);
      return reading.state;
    }
    if ('newer' in reading) return null;
    const at = this.now().toISOString();
    const record: QuarantineRecord = {
      seq: null,
      reason: `snapshot at seq ${stored.seq}: ${reading.reason}`,
      raw: { v: stored.v, writer: stored.writer, seq: stored.seq, at: stored.at },
      at,
    };
    await this.storage.quarantine([record]);
    this.status$.next({ ...this.status$.value, quarantinedNow: [...this.status$.value.quarantinedNow, record] });
    this.snapshotSetAside = true;
    return null;
  }

  /**
   * Replace the whole log with an imported file (validated beforehand by parseLogFile), record the
   * import as a log.imported event, and tell other tabs to reload. One transaction: on failure
   * nothing changed. A synced device's export (server-ordered events, an origin checkpoint) is
   * stored with a snapshot of its fold in file order, so this device shows what that one showed.
   * @throws when this build has stopped writing (a newer version's records would be lost).
   */
  async replaceWith(file: ParsedLogFile): Promise<void> {
    await this.oneAtATime(() => this.replaceStored(file));
    const notes = this.state.notes.order.length;
    await this.append('log.imported', { events: file.events.length, notes, mode: 'replace' });
    this.tabs?.replaced();
  }

  /**
   * Runs `work` after this tab's earlier whole-log writes have ended (see `maintenance`), holding
   * the log's lock across tabs and windows (LogLock) while it runs (docs/architecture.md "Compaction").
   */
  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const locked = () => this.lock.exclusive(work);
    const run = this.maintenance.then(locked, locked);
    this.maintenance = run.catch(() => undefined);
    return run;
  }

  /**
   * Inside `oneAtATime`: when another tab replaced the log (or began or ended sync) while this one
   * waited for the lock, and its message has not arrived yet, fold the stored log again first.
   */
  private async freshen(): Promise<void> {
    await this.folding;
    if ((await this.storage.epoch()) !== this.epoch) await this.reload();
  }

  /**
   * Inside `oneAtATime`: replace the stored log with `events` and `snapshot` (none: an empty one at
   * seq 0, which folds as no snapshot) under a new epoch, in one transaction.
   */
  private async replaceLog(events: EventEnvelope[], snapshot: Snapshot | null): Promise<void> {
    const base = snapshot ?? { v: EVENT_SCHEMA_VERSION, seq: 0, at: this.now().toISOString(), state: INITIAL_STATE };
    await this.storage.replaceAll(events, { ...base, epoch: this.newId() });
  }

  /** The stored part of replaceWith: the file's events (and snapshot) in place of the log, folded again. */
  private async replaceStored(file: ParsedLogFile): Promise<void> {
    if (!this.writable) throw new Error('NotePad was updated elsewhere: reload before importing a log.');
    const { events } = file;
    const serverOrdered = file.origin !== undefined || events.some((e) => e.sseq !== undefined);
    const snapshot = serverOrdered
      ? {
          ...SNAPSHOT_STAMP,
          seq: events.reduce((max, e) => Math.max(max, e.seq), 0),
          at: this.now().toISOString(),
          state: foldApp(startOf(file), events),
        }
      : file.snapshot;
    await this.replaceLog(events, snapshot);
    await this.reload();
  }

  /**
   * Read stored records through the catalog's one reader: return this build's events; quarantine
   * malformed records (reported once); leave newer builds' records in place and stop writing.
   */
  private async readStored(raws: unknown[], epoch: string): Promise<AppEvent[]> {
    const { events, malformed, newestVersion } = readRecords(raws);
    if (newestVersion !== null) this.meetNewerVersion(newestVersion);
    if (malformed.length) {
      const at = this.now().toISOString();
      const records: QuarantineRecord[] = malformed.map(({ raw, reason }) => {
        const seq = (raw as { seq?: unknown } | null)?.seq;
        return { seq: typeof seq === 'number' ? seq : null, reason, raw, at };
      });
      // Only in the log `raws` were read from: after a replacement their seqs name other records,
      // and the fold of the new log (a reload follows) sets aside what it holds.
      if (await this.storage.quarantine(records, epoch))
        this.status$.next({ ...this.status$.value, quarantinedNow: [...this.status$.value.quarantinedNow, ...records] });
    }
    return events;
  }

  /**
   * A newer build (schema `version`) writes to this log: stop writing. Queued events stay pending,
   * so they are shown and go to the page-hide journal for the newer build.
   */
  meetNewerVersion(version: number): void {
    if (version <= EVENT_SCHEMA_VERSION) return;
    const current = this.status$.value.newerVersion;
    if (current !== null && current >= version) return;
    this.status$.next({ ...this.status$.value, newerVersion: version });
  }

  /**
   * Build a current-version event envelope (not yet appended), naming this device when it syncs and,
   * for an event about a note, the event that made the note as this device knows it (`ref`,
   * docs/architecture.md "Note identity").
   */
  create<T extends EventType>(type: T, payload: EventPayloads[T]): AppEvent<T> {
    const device = this.account$.value?.deviceId;
    return {
      v: EVENT_SCHEMA_VERSION,
      seq: 0,
      id: this.newId(),
      at: this.now().toISOString(),
      type,
      payload: this.withRef(type, payload),
      ...(device ? { device } : {}),
    };
  }

  /** `payload` naming its note's making event, where the type takes one and the state knows it. */
  private withRef<T extends EventType>(type: T, payload: EventPayloads[T]): EventPayloads[T] {
    if (!NOTE_REF_EVENT_TYPES.has(type)) return payload;
    const { id, ref } = payload as { id: string; ref?: string };
    const origin = this.state.notes.origins[id];
    return ref !== undefined || origin === undefined ? payload : { ...payload, ref: origin };
  }

  /**
   * Append an event: validated, applied to the state at once, written durably in a batched transaction.
   * Resolves with the stored event (seq assigned) after the transaction completed. While a newer
   * build writes to the log the event is applied and kept pending, not written: the promise then
   * settles only once a write is possible again, which in practice is never before the tab reloads.
   * @throws InvalidEventError (synchronously) when the event does not match the catalog; nothing is applied.
   */
  append<T extends EventType>(type: T, payload: EventPayloads[T]): Promise<AppEvent<T>> {
    return this.appendEvent(this.create(type, payload) as AppEvent) as Promise<AppEvent<T>>;
  }

  /** Append an already built envelope (journal recovery, imports). Same guarantees as `append`. */
  appendEvent(event: AppEvent): Promise<AppEvent> {
    const written = this.appendBatch([event]).then((stored) => stored[0]);
    // As appendBatch's own promise: a caller that does not wait raises no unhandled rejection.
    written.catch(() => {});
    return written;
  }

  /**
   * Append built envelopes (`create`) as one batch (docs/architecture.md "Import pipeline"): every
   * event is validated before any is applied, all are applied with one fold and one publish of the
   * state, and written in one IndexedDB transaction, so they are durable together or not at all.
   * Resolves with the stored events (seq assigned) once that transaction completed; rejects as
   * `append` does when it fails (the events stay pending and are retried).
   * @throws InvalidEventError (synchronously) when any event does not match the catalog; nothing is applied.
   */
  appendBatch(events: readonly AppEvent[]): Promise<AppEvent[]> {
    for (const event of events) assertValidEvent({ ...event, seq: undefined }, false);
    if (!this.status$.value.loaded) throw new Error('EventLog.append before load() finished');
    if (events.length === 0) return Promise.resolve([]);
    this.pending.push(...events);
    this.publish();
    const written = this.writes.enqueue([...events]);
    // Callers that do not wait (`void log.append(...)`) must not raise an unhandled rejection when
    // storage is full: the failure is reported through status$.writeError and the events are kept.
    written.catch(() => {});
    return written;
  }

  /**
   * Hold snapshots until the returned function is called (once): a bulk import appends thousands of
   * events, and a snapshot every SNAPSHOT_EVERY_EVENTS of them would copy the whole growing state
   * again and again. Releasing writes one if it is due.
   */
  deferSnapshots(): () => void {
    this.snapshotsDeferred += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.snapshotsDeferred -= 1;
      void this.maybeSnapshot();
    };
  }

  /** Events applied in memory but not yet durable (what a page-hide journal must keep). */
  pendingEvents(): readonly AppEvent[] {
    return this.pending;
  }

  /** Retry durable writes of events still pending after a failed write (e.g. once storage has room). */
  retryPending(): Promise<AppEvent[]> {
    const waiting = this.writes.waitingIds();
    const retried = this.pending.filter((e) => !waiting.has(e.id));
    // One write for all of them: a batch appended together (an import's) stays in one transaction.
    return retried.length ? this.writes.enqueue(retried) : Promise.resolve([]);
  }

  /** Read events after the confirmed seq from storage (ours and other tabs') and fold them in order. */
  catchUp(): Promise<void> {
    this.reads = this.reads.then(() => this.readTail());
    return this.reads;
  }

  /**
   * Confirm this tab's events that were just written (`stored`, seq assigned), announce them, and
   * resolve once folded. When they directly follow the confirmed seq they are folded from memory:
   * reading a just-written event back costs a structured-clone deserialization, long for a long
   * note. When another tab's events lie in between (a gap in seq), the tail is read from storage
   * so the total order holds.
   */
  private async confirmWritten(written: AppEvent[]): Promise<void> {
    const stored = [...written].sort((a, b) => a.seq - b.seq);
    this.reads = this.reads.then(async () => {
      const seq = this.fold.confirmed.seq;
      // Folded already by a read for another tab's message, or stored by another tab before this one wrote them.
      this.dropPending(stored.filter((e) => e.seq <= seq));
      const fresh = stored.filter((e) => e.seq > seq);
      if (fresh.length === 0) return;
      if (fresh.some((e, i) => e.seq !== seq + 1 + i)) return this.readTail();
      this.foldConfirmed(fresh);
    });
    await this.reads;
    this.tabs?.appended(stored[stored.length - 1].seq);
  }

  /** Take `folded` (events the fold holds) out of pending, and show the state without them on top. */
  private dropPending(folded: AppEvent[]): void {
    const ids = new Set(folded.map((e) => e.id));
    const before = this.pending.length;
    this.pending = this.pending.filter((e) => !ids.has(e.id));
    if (this.pending.length !== before) this.publish();
  }

  private async readTail(): Promise<void> {
    let raws: unknown[];
    try {
      raws = await this.storage.readAfter(this.fold.confirmed.seq);
    } catch (error) {
      this.tailReadFailed(error);
      return;
    }
    this.tailRetry.failures = 0;
    if (this.status$.value.readError) this.status$.next({ ...this.status$.value, readError: null });
    this.foldConfirmed(await this.readStored(raws, this.epoch));
    const passed = this.passed(this.fold.confirmed, raws);
    if (passed !== this.fold.confirmed) {
      this.fold.confirmed = passed;
      this.publish();
    }
  }

  /**
   * A read of the tail failed: what it would have brought stays in storage, so report it (status$)
   * and read again after a wait that grows (TAIL_RETRY_MS), instead of waiting for the next message.
   */
  private tailReadFailed(error: unknown): void {
    const readError = error instanceof Error ? error : new Error(String(error));
    console.error('NotePad: could not read the log', readError);
    this.status$.next({ ...this.status$.value, readError });
    if (this.tailRetry.timer !== null || this.closed) return;
    const wait = TAIL_RETRY_MS[Math.min(this.tailRetry.failures, TAIL_RETRY_MS.length - 1)];
    this.tailRetry.failures += 1;
    this.tailRetry.timer = setTimeout(() => {
      this.tailRetry.timer = null;
      void this.catchUp();
    }, wait);
  }

  /** `state` moved past the last of `raws`: a newer build's record is not folded, but it is not read again at every catch-up. */
  private passed(state: AppState, raws: unknown[]): AppState {
    const last = (raws.at(-1) as { seq?: unknown } | undefined)?.seq;
    return typeof last === 'number' && last > state.seq ? { ...state, seq: last } : state;
  }

  /** Fold durable events (seq order, after the confirmed seq) and drop them from pending. */
  private foldConfirmed(events: AppEvent[]): void {
    if (events.length === 0) return;
    const ownIds = new Set(this.pending.map((e) => e.id));
    // Fold runs of own / other tabs' events: other tabs' view events must not move this tab's view.
    for (let i = 0; i < events.length;) {
      const own = ownIds.has(events[i].id);
      let j = i;
      while (j < events.length && ownIds.has(events[j].id) === own) j++;
      this.fold.confirmLocal(events.slice(i, j), own ? 'this-tab' : 'elsewhere');
      i = j;
    }
    const confirmedIds = new Set(events.map((e) => e.id));
    this.pending = this.pending.filter((e) => !confirmedIds.has(e.id));
    this.publish();
    for (const e of events) this.events$.next(e);
  }

  private publish(): void {
    const current = this.state$.value;
    const confirmed = this.fold.confirmed;
    // Confirming folds events again from the durable state: keep the published objects where equal.
    const next = shareEqual(current, this.pending.length ? foldApp(confirmed, this.pending) : confirmed);
    if (next !== current) this.state$.next(next);
  }

  private async maybeSnapshot(): Promise<void> {
    if (this.snapshotsDeferred > 0 || this.snapshotWaiting) return;
    if (this.fold.confirmed.seq - this.lastSnapshotSeq < SNAPSHOT_EVERY_EVENTS) return;
    this.snapshotWaiting = true;
    try {
      await this.oneAtATime(() => {
        this.snapshotWaiting = false;
        return this.checkpoint();
      });
    } finally {
      this.snapshotWaiting = false;
    }
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
  private async checkpoint(options: { newEpoch?: boolean } = {}): Promise<boolean> {
    // A fold of the stored log under way (another tab's message) would be snapshotted half done.
    await this.folding;
    if (!this.writable) return false;
    const state = this.fold.confirmed;
    const server = this.fold.serverBase;
    const epoch = options.newEpoch ? this.newId() : this.epoch;
    this.lastSnapshotSeq = state.seq;
    const snapshot: Snapshot = {
      ...SNAPSHOT_STAMP,
      seq: state.seq,
      at: this.now().toISOString(),
      state,
      ...(server ? { server: { head: server.head, notes: server.notes } } : {}),
      ...(epoch ? { epoch } : {}),
    };
    if (!(await this.storage.writeSnapshot(snapshot, this.epoch))) {
      await this.reload();
      return false;
    }
    this.epoch = epoch;
    await this.serverSync.saveProgress();
    return true;
  }

  /**
   * The events about one note in seq order, read through the one reader: its history (docs/product.md
   * "History"). A note whose id was taken when it was made (docs/architecture.md "Note identity") also
   * has events under the id it was made with: they are read too (`noteRevisions` tells them apart).
   */
  async noteEvents(noteId: string): Promise<AppEvent[]> {
    const { remaps } = this.state.notes;
    const making = Object.keys(remaps).filter((eventId) => remaps[eventId] === noteId);
    const madeAs = making.length
      ? readRecords(await this.storage.readByIds(making)).events.map((e) => (e.payload as { id: string }).id)
      : [];
    const ids = [...new Set([noteId, ...madeAs])];
    const raws = (await Promise.all(ids.map((id) => this.storage.readNote(id)))).flat();
    const events = readRecords(raws).events;
    return ids.length > 1 ? events.sort((a, b) => a.seq - b.seq) : events;
  }

  /**
   * The durable import records (`import.*` events, docs/architecture.md "Import pipeline") in seq
   * order, read through the log's index of `payload.id` under IMPORT_RECORDS_KEY: the summaries of
   * past imports and what Undo removes, without reading the whole log.
   */
  async importRecords(): Promise<AppEvent[]> {
    return readRecords(await this.storage.readNote(IMPORT_RECORDS_KEY)).events;
  }

  /** Which of `ids` the log already holds (durable). */
  holds(ids: string[]): Promise<Set<string>> {
    return this.storage.existingIds(ids);
  }

  /** Records set aside since the log was created, for inspection and export. */
  quarantined(): Promise<QuarantineRecord[]> {
    return this.storage.quarantined();
  }

  /**
   * The newest snapshot, as stored, without this browser's epoch (for an export); null when there is
   * none, or only the empty one a replacement leaves at seq 0, which folds as none.
   */
  async latestSnapshot(): Promise<Snapshot | null> {
    const stored = await this.storage.latestSnapshot();
    if (!stored || (stored.seq === 0 && !stored.server)) return null;
    const { epoch: _epoch, ...snapshot } = stored;
    return snapshot;
  }

  /**
   * Every stored record for an export: this build's events (upcast) and newer builds' records as
   * they are stored, so an export from an older tab loses nothing. On a synced device the events
   * the server ordered come first, in its order and with their `sseq`, then the rest in this
   * device's order: folding the file in that order gives what this device shows.
   */
  async storedRecords(): Promise<StoredRecord[]> {
    return (await this.foldOrdered(true)).map(({ record }) => record);
  }

  /**
   * This build's events for the replay view (docs/product.md "Event log tools"), in the fold order
   * of an export (see storedRecords), without their BlockNote documents: the view shows and folds the
   * HTML, and leaving the documents out of the read halves what is parsed for a long history.
   */
  async replayEvents(): Promise<AppEvent[]> {
    return (await this.foldOrdered(false)).flatMap(({ event }) => (event ? [event] : []));
  }

  /** Every stored record in fold order, each with this build's event when it reads it (null: a newer build's record). */
  private async foldOrdered(documents: boolean): Promise<{ record: StoredRecord; event: AppEvent | null; sseq?: number }[]> {
    const records: { record: StoredRecord; event: AppEvent | null; sseq?: number }[] = [];
    const raws = await this.storage.readAfter(0, { documents });
    const order = this.account$.value ? await this.storage.sync.orderedAfter(0) : [];
    const sseqOf = new Map(order.map((o) => [o.id, o.sseq]));
    for (const raw of raws) {
      const { events, newer } = readRecords([raw]);
      const { sseq: _stale, ...event } = (events[0] ?? raw) as unknown as Record<string, unknown>;
      if (!events.length && !newer.length) continue;
      const sseq = sseqOf.get(event.id as string);
      const record = sseq !== undefined ? { ...event, sseq } : event;
      records.push({ record, event: events.length ? (record as unknown as AppEvent) : null, sseq });
    }
    return [
      ...records.filter((r) => r.sseq !== undefined).sort((a, b) => a.sseq! - b.sseq!),
      ...records.filter((r) => r.sseq === undefined),
    ];
  }

  /**
   * Drop superseded body revisions per `policy` (docs/architecture.md "Compaction") and write a
   * fresh snapshot. Does nothing while a newer build writes, or on a synced device (the server
   * keeps the account's history; new devices start from its checkpoint). Returns how many events
   * were dropped.
   */
  compact(now = this.now(), policy: CompactionPolicy = DEFAULT_COMPACTION_POLICY): Promise<number> {
    return this.oneAtATime(async () => {
      // The plan is made from the log as it is once this tab holds the lock, never from one read before.
      await this.freshen();
      if (!this.writable || this.account$.value) return 0;
      const { events } = readRecords(await this.storage.readAfter(0));
      const drop = planCompaction(events, now, policy);
      if (drop.length && !(await this.storage.deleteEvents(drop, this.epoch))) {
        // Replaced by a build that does not take the lock: the plan was of the old log.
        await this.reload();
        return 0;
      }
      await this.checkpoint();
      return drop.length;
    });
  }

  /**
   * Stop listening to other tabs, wait for the writes already queued, then close storage. Writes
   * held because a newer build writes to the log are not waited for (they stay in the journal).
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.tailRetry.timer !== null) clearTimeout(this.tailRetry.timer);
    this.tabs?.close();
    await this.writes.drain();
    await this.reads.catch(() => undefined);
    this.storage.close();
  }
}
