import { BehaviorSubject, Subject } from 'rxjs';
import {
  EVENT_SCHEMA_VERSION,
  IMPORT_RECORDS_KEY,
  assertValidEvent,
  readRecords,
  type AppEvent,
  type EventPayloads,
  type EventType,
} from '../../catalog';
import { inNextTask } from '../lib/scheduler';
import type { LogStorage } from './logStorage';
import type { QuarantineRecord, Snapshot } from './logRecords';
import { TabLink, type Channel } from './tabChannel';
import { DEFAULT_COMPACTION_POLICY, planCompaction, type CompactionPolicy } from './compactionPlan';
import { startOf, type ParsedLogFile, type StoredRecord } from './logFile';
import { LogFold } from './logFold';
import type { SyncRecord } from './syncStorage';
import { ServerSync } from './serverSync';
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

/** What the log reports about its health, for the UI's notices. */
export interface LogStatus {
  loaded: boolean;
  /** Records set aside at this start (reported once). */
  quarantinedNow: QuarantineRecord[];
  /** The last durable write failed; pending events are kept in memory and retried. */
  writeError: Error | null;
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
  readonly status$ = new BehaviorSubject<LogStatus>({ loaded: false, quarantinedNow: [], writeError: null, newerVersion: null });
  /** The account this device syncs with (docs/architecture.md "Sync"), or null. */
  readonly account$ = new BehaviorSubject<SyncRecord | null>(null);
  /** The log's side of the server sync: outbox, server order, set-aside and unreadable events. */
  readonly serverSync: ServerSync;

  private fold = new LogFold(INITIAL_STATE);
  private pending: AppEvent[] = [];
  /** Appended events waiting for the next write, each append's events together with its promise. */
  private queue: { events: AppEvent[]; resolve: (stored: AppEvent[]) => void; reject: (e: Error) => void }[] = [];
  /** While above 0 no snapshot is written after a write (a bulk import writes one when it ends). */
  private snapshotsDeferred = 0;
  private flushScheduled = false;
  private flushing: Promise<void> = Promise.resolve();
  private inFlight = new Set<string>();
  /** Reads of storage folded in order, one at a time: the tail, and the server order (ServerSync). */
  private reads: Promise<void> = Promise.resolve();
  private lastSnapshotSeq = 0;
  /**
   * Whole-log writes of this tab, one at a time: compaction, checkpoints, and replacing the log
   * (an import, leaving sync). A compaction or checkpoint begun on the log being replaced would
   * otherwise land after the replacement (deleting its events by seq, or a snapshot of the old
   * notes above them), and the next start would fold the old notes back.
   */
  private maintenance: Promise<unknown> = Promise.resolve();
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
      writeSnapshot: () => this.writeSnapshot(),
      oneAtATime: (work) => this.oneAtATime(work),
      reload: () => this.reload(),
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
    const [head, record] = await Promise.all([this.storage.latestSnapshotHead(), this.storage.sync.read()]);
    if (!head || head.v !== EVENT_SCHEMA_VERSION || record) return false;
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

  private async readAll(): Promise<void> {
    const [stored, record] = await Promise.all([this.storage.latestSnapshot(), this.storage.sync.read()]);
    const snapshot = stored && stored.v === EVENT_SCHEMA_VERSION ? stored : null;
    const initial = snapshot?.state ?? INITIAL_STATE;
    const preread = this.preread?.after === initial.seq ? this.preread : null;
    this.preread = null;
    const raws = preread ? preread.raws : await this.storage.readAfter(initial.seq);
    const events = await this.readStored(raws);
    this.fold = new LogFold(initial);
    this.account$.next(record);
    if (record) {
      // The server's order first: the view's selection may be a note only those events hold.
      await this.serverSync.load(snapshot?.server ?? null, record.ackedThrough);
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

  /** Runs `work` after this tab's earlier whole-log writes have ended (see `maintenance`). */
  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = this.maintenance.then(work, work);
    this.maintenance = run.catch(() => undefined);
    return run;
  }

  /** The stored part of replaceWith: the file's events (and snapshot) in place of the log, folded again. */
  private async replaceStored(file: ParsedLogFile): Promise<void> {
    if (!this.writable) throw new Error('NotePad was updated elsewhere: reload before importing a log.');
    const { events } = file;
    const serverOrdered = file.origin !== undefined || events.some((e) => e.sseq !== undefined);
    const snapshot = serverOrdered
      ? {
          v: EVENT_SCHEMA_VERSION,
          seq: events.reduce((max, e) => Math.max(max, e.seq), 0),
          at: this.now().toISOString(),
          state: foldApp(startOf(file), events),
        }
      : file.snapshot;
    await this.storage.replaceAll(events, snapshot);
    await this.reload();
  }

  /**
   * Read stored records through the catalog's one reader: return this build's events; quarantine
   * malformed records (reported once); leave newer builds' records in place and stop writing.
   */
  private async readStored(raws: unknown[]): Promise<AppEvent[]> {
    const { events, malformed, newestVersion } = readRecords(raws);
    if (newestVersion !== null) this.meetNewerVersion(newestVersion);
    if (malformed.length) {
      const at = this.now().toISOString();
      const records: QuarantineRecord[] = malformed.map(({ raw, reason }) => {
        const seq = (raw as { seq?: unknown } | null)?.seq;
        return { seq: typeof seq === 'number' ? seq : null, reason, raw, at };
      });
      await this.storage.quarantine(records);
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

  /** Build a current-version event envelope (not yet appended), naming this device when it syncs. */
  create<T extends EventType>(type: T, payload: EventPayloads[T]): AppEvent<T> {
    const device = this.account$.value?.deviceId;
    return {
      v: EVENT_SCHEMA_VERSION,
      seq: 0,
      id: this.newId(),
      at: this.now().toISOString(),
      type,
      payload,
      ...(device ? { device } : {}),
    };
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
    const written = this.enqueueWrite([...events]);
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

  private enqueueWrite(events: AppEvent[]): Promise<AppEvent[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ events, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // One transaction for everything appended until then: far faster than a transaction per
        // event. In a task of its own: IndexedDB serializes (and clones, to read the index keys) a
        // value synchronously in add(), which for a long note's body is a long task that must not
        // add up with the capture and the fold that appended it.
        inNextTask(() => {
          this.flushing = this.flushing.then(() => this.flush());
        });
      }
    });
  }

  /** Events applied in memory but not yet durable (what a page-hide journal must keep). */
  pendingEvents(): readonly AppEvent[] {
    return this.pending;
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    // A newer build writes to this log: hold everything (it stays pending and goes to the journal).
    if (!this.writable) return;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const events = batch.flatMap((b) => b.events);
    for (const e of events) this.inFlight.add(e.id);
    try {
      const stored = (await this.storage.append(events.map((e) => ({ ...e, seq: undefined })))) as AppEvent[];
      if (this.status$.value.writeError) this.status$.next({ ...this.status$.value, writeError: null });
      await this.confirmWritten(stored);
      this.tabs?.appended(stored[stored.length - 1].seq);
      let at = 0;
      for (const b of batch) {
        b.resolve(stored.slice(at, at + b.events.length));
        at += b.events.length;
      }
      void this.maybeSnapshot();
    } catch (error) {
      // The events stay pending (in the state, and in the page-hide journal) so nothing typed is lost.
      const err = error instanceof Error ? error : new Error(String(error));
      this.status$.next({ ...this.status$.value, writeError: err });
      batch.forEach((b) => b.reject(err));
    } finally {
      for (const e of events) this.inFlight.delete(e.id);
    }
  }

  /** Retry durable writes of events still pending after a failed write (e.g. once storage has room). */
  retryPending(): Promise<AppEvent[]> {
    const waiting = new Set([...this.inFlight, ...this.queue.flatMap((q) => q.events.map((e) => e.id))]);
    const retried = this.pending.filter((e) => !waiting.has(e.id));
    // One write for all of them: a batch appended together (an import's) stays in one transaction.
    return retried.length ? this.enqueueWrite(retried) : Promise.resolve([]);
  }

  /** Read events after the confirmed seq from storage (ours and other tabs') and fold them in order. */
  catchUp(): Promise<void> {
    this.reads = this.reads.then(() => this.readTail());
    return this.reads;
  }

  /**
   * Confirm this tab's events that were just written (`stored`, seq assigned). When they directly
   * follow the confirmed seq they are folded from memory: reading a just-written event back costs
   * a structured-clone deserialization, long for a long note. When another tab's events
   * lie in between (a gap in seq), the tail is read from storage so the total order holds.
   */
  private confirmWritten(stored: AppEvent[]): Promise<void> {
    this.reads = this.reads.then(async () => {
      const seq = this.fold.confirmed.seq;
      const fresh = stored.filter((e) => e.seq > seq);
      if (fresh.length === 0) return; // a read for another tab's message already folded them
      if (fresh.some((e, i) => e.seq !== seq + 1 + i)) return this.readTail();
      this.foldConfirmed(fresh);
    });
    return this.reads;
  }

  private async readTail(): Promise<void> {
    const raws = await this.storage.readAfter(this.fold.confirmed.seq).catch(() => []);
    this.foldConfirmed(await this.readStored(raws));
    const passed = this.passed(this.fold.confirmed, raws);
    if (passed !== this.fold.confirmed) {
      this.fold.confirmed = passed;
      this.publish();
    }
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
    if (this.snapshotsDeferred > 0) return;
    if (this.fold.confirmed.seq - this.lastSnapshotSeq >= SNAPSHOT_EVERY_EVENTS) await this.writeSnapshot();
  }

  /** Checkpoint the durable state (never pending events, which have no seq yet). Not while a newer build writes. */
  writeSnapshot(): Promise<void> {
    return this.oneAtATime(() => this.checkpoint());
  }

  /** The work of writeSnapshot, for callers already inside `oneAtATime`. */
  private async checkpoint(): Promise<void> {
    if (!this.writable) return;
    const state = this.fold.confirmed;
    const server = this.fold.serverBase;
    this.lastSnapshotSeq = state.seq;
    await this.storage.writeSnapshot({
      v: EVENT_SCHEMA_VERSION,
      seq: state.seq,
      at: this.now().toISOString(),
      state,
      ...(server ? { server: { head: server.head, notes: server.notes } } : {}),
    });
    await this.serverSync.saveProgress();
  }

  /** One note's events in seq order, read through the one reader: its history (docs/product.md "History"). */
  async noteEvents(noteId: string): Promise<AppEvent[]> {
    return readRecords(await this.storage.readNote(noteId)).events;
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

  /** The newest snapshot, as stored. */
  latestSnapshot(): Promise<Snapshot | null> {
    return this.storage.latestSnapshot();
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
      if (!this.writable || this.account$.value) return 0;
      const { events } = readRecords(await this.storage.readAfter(0));
      const drop = planCompaction(events, now, policy);
      if (drop.length) await this.storage.deleteEvents(drop);
      await this.checkpoint();
      return drop.length;
    });
  }

  /**
   * Stop listening to other tabs, wait for the writes already queued, then close storage. Writes
   * held because a newer build writes to the log are not waited for (they stay in the journal).
   */
  async close(): Promise<void> {
    this.tabs?.close();
    if (this.queue.length && this.writable) await (this.flushing = this.flushing.then(() => this.flush()));
    await this.flushing;
    await this.reads.catch(() => undefined);
    this.storage.close();
  }
}
