import { BehaviorSubject, Subject } from 'rxjs';
import {
  EVENT_SCHEMA_VERSION,
  assertValidEvent,
  readRecords,
  type AppEvent,
  type EventPayloads,
  type EventType,
  type UnsequencedEvent,
} from './catalog';
import { inNextTask } from './nextTask';
import type { LogStorage, QuarantineRecord, Snapshot } from './logStorage';
import { TabLink, type Channel } from './tabChannel';
import type { StoredRecord } from './logFile';
import { DEFAULT_COMPACTION_POLICY, planCompaction, type CompactionPolicy } from './compaction';
import { foldApp } from '../projections/foldApp';
import { shareEqual } from '../projections/shareEqual';
import { INITIAL_STATE, type AppState } from '../projections/notesState';

/** A snapshot is written after this many events since the last one (docs/architecture.md "Snapshots"). */
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
 * The event log (docs/architecture.md "Events"): the source of truth, held in memory and made
 * durable in IndexedDB. `append` applies an event at once (so the UI never waits on storage) and
 * resolves once its write transaction completed. Other tabs' appends arrive through a
 * BroadcastChannel and are read back from storage in seq order, so every tab folds the same total
 * order. A build that meets a newer schema version keeps what it can fold and stops writing.
 */
export class EventLog {
  readonly state$ = new BehaviorSubject<AppState>(INITIAL_STATE);
  /** Every event once it is durable, local or from another tab, in seq order. */
  readonly events$ = new Subject<AppEvent>();
  readonly status$ = new BehaviorSubject<LogStatus>({ loaded: false, quarantinedNow: [], writeError: null, newerVersion: null });

  private confirmed: AppState = INITIAL_STATE;
  private pending: AppEvent[] = [];
  private queue: { event: AppEvent; resolve: (e: AppEvent) => void; reject: (e: Error) => void }[] = [];
  private flushScheduled = false;
  private flushing: Promise<void> = Promise.resolve();
  private inFlight = new Set<string>();
  private syncing: Promise<void> = Promise.resolve();
  private lastSnapshotSeq = 0;
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
          appended: () => void this.sync(),
          replaced: () => void this.reload(),
          newerVersion: (version) => this.meetNewerVersion(version),
        })
      : null;
  }

  get state(): AppState {
    return this.state$.value;
  }

  /** Whether this build may write: false once a newer schema version was met. */
  get writable(): boolean {
    return this.status$.value.newerVersion === null;
  }

  /**
   * Load the newest snapshot and fold the events after it; quarantine records that are malformed,
   * keep newer builds' records untouched. Nothing is written before this finished, so a half-loaded
   * tab cannot erase data.
   */
  async load(): Promise<void> {
    this.tabs?.announce();
    const snapshot = await this.storage.latestSnapshot();
    const base = snapshot && snapshot.v === EVENT_SCHEMA_VERSION ? snapshot.state : INITIAL_STATE;
    const raws = await this.storage.readAfter(base.seq);
    this.confirmed = this.passed(foldApp(base, await this.readStored(raws)), raws);
    this.lastSnapshotSeq = base.seq;
    this.publish();
    this.status$.next({ ...this.status$.value, loaded: true });
    this.tabs?.open();
  }

  /** Fold the stored log again from scratch (after another tab replaced it). Pending events are dropped with the old log. */
  async reload(): Promise<void> {
    this.pending = [];
    this.confirmed = INITIAL_STATE;
    this.syncing = Promise.resolve();
    const snapshot = await this.storage.latestSnapshot();
    const base = snapshot && snapshot.v === EVENT_SCHEMA_VERSION ? snapshot.state : INITIAL_STATE;
    const raws = await this.storage.readAfter(base.seq);
    this.confirmed = this.passed(foldApp(base, await this.readStored(raws)), raws);
    this.lastSnapshotSeq = base.seq;
    this.publish();
  }

  /**
   * Replace the whole log with an imported one (validated beforehand by parseLogFile), record the
   * import as a log.imported event, and tell other tabs to reload. One transaction: on failure
   * nothing changed.
   * @throws when this build has stopped writing (a newer version's records would be lost).
   */
  async replaceWith(events: AppEvent[], snapshot: Snapshot | null): Promise<void> {
    if (!this.writable) throw new Error('NotePad was updated elsewhere: reload before importing a log.');
    await this.storage.replaceAll(events, snapshot);
    await this.reload();
    const notes = this.state.notes.order.length;
    await this.append('log.imported', { events: events.length, notes, mode: 'replace' });
    this.tabs?.replaced();
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

  /** Build a current-version event envelope (not yet appended). */
  create<T extends EventType>(type: T, payload: EventPayloads[T]): AppEvent<T> {
    return { v: EVENT_SCHEMA_VERSION, seq: 0, id: this.newId(), at: this.now().toISOString(), type, payload } as AppEvent<T>;
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
    assertValidEvent({ ...event, seq: undefined }, false);
    if (!this.status$.value.loaded) throw new Error('EventLog.append before load() finished');
    this.pending.push(event);
    this.publish();
    const written = this.enqueueWrite(event);
    // Callers that do not wait (`void log.append(...)`) must not raise an unhandled rejection when
    // storage is full: the failure is reported through status$.writeError and the event is kept.
    written.catch(() => {});
    return written;
  }

  private enqueueWrite(event: AppEvent): Promise<AppEvent> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // One transaction for everything appended until then: batching is ~25x faster than a
        // transaction per event. In a task of its own: IndexedDB serializes (and clones, to read
        // the index keys) a value synchronously in add(), which for a 5,000-block body is tens of
        // ms that must not add up with the capture and the fold that appended it.
        inNextTask(() => (this.flushing = this.flushing.then(() => this.flush())));
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
    for (const b of batch) this.inFlight.add(b.event.id);
    try {
      const stored = await this.storage.append(batch.map((b) => ({ ...b.event, seq: undefined }) as UnsequencedEvent));
      if (this.status$.value.writeError) this.status$.next({ ...this.status$.value, writeError: null });
      await this.confirmWritten(stored as AppEvent[]);
      this.tabs?.appended(stored[stored.length - 1].seq);
      batch.forEach((b, i) => b.resolve(stored[i] as AppEvent));
      void this.maybeSnapshot();
    } catch (error) {
      // The events stay pending (in the state, and in the page-hide journal) so nothing typed is lost.
      const err = error instanceof Error ? error : new Error(String(error));
      this.status$.next({ ...this.status$.value, writeError: err });
      batch.forEach((b) => b.reject(err));
    } finally {
      for (const b of batch) this.inFlight.delete(b.event.id);
    }
  }

  /** Retry durable writes of events still pending after a failed write (e.g. once storage has room). */
  retryPending(): Promise<AppEvent[]> {
    const waiting = new Set([...this.inFlight, ...this.queue.map((q) => q.event.id)]);
    return Promise.all(this.pending.filter((e) => !waiting.has(e.id)).map((e) => this.enqueueWrite(e)));
  }

  /** Read events after the confirmed seq from storage (ours and other tabs') and fold them in order. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.readTail());
    return this.syncing;
  }

  /**
   * Confirm this tab's events that were just written (`stored`, seq assigned). When they directly
   * follow the confirmed seq they are folded from memory: reading a just-written event back costs
   * a structured-clone deserialization (~36 ms for a 5,000-block note). When another tab's events
   * lie in between (a gap in seq), the tail is read from storage so the total order holds.
   */
  private confirmWritten(stored: AppEvent[]): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      const fresh = stored.filter((e) => e.seq > this.confirmed.seq);
      if (fresh.length === 0) return; // a sync for another tab's message already read them
      if (fresh.some((e, i) => e.seq !== this.confirmed.seq + 1 + i)) return this.readTail();
      this.foldConfirmed(fresh);
    });
    return this.syncing;
  }

  private async readTail(): Promise<void> {
    const raws = await this.storage.readAfter(this.confirmed.seq);
    this.foldConfirmed(await this.readStored(raws));
    const passed = this.passed(this.confirmed, raws);
    if (passed !== this.confirmed) {
      this.confirmed = passed;
      this.publish();
    }
  }

  /** `state` moved past the last of `raws`: a newer build's record is not folded, but it is not read again at every sync. */
  private passed(state: AppState, raws: unknown[]): AppState {
    const last = (raws.at(-1) as { seq?: unknown } | undefined)?.seq;
    return typeof last === 'number' && last > state.seq ? { ...state, seq: last } : state;
  }

  /** Fold durable events (seq order, after the confirmed seq) into the confirmed state and drop them from pending. */
  private foldConfirmed(events: AppEvent[]): void {
    if (events.length === 0) return;
    const ownIds = new Set(this.pending.map((e) => e.id));
    let state = this.confirmed;
    // Fold runs of own / other tabs' events: other tabs' view events must not move this tab's view.
    for (let i = 0; i < events.length;) {
      const own = ownIds.has(events[i].id);
      let j = i;
      while (j < events.length && ownIds.has(events[j].id) === own) j++;
      state = foldApp(state, events.slice(i, j), own ? 'this-tab' : 'elsewhere');
      i = j;
    }
    this.confirmed = state;
    const confirmedIds = new Set(events.map((e) => e.id));
    this.pending = this.pending.filter((e) => !confirmedIds.has(e.id));
    this.publish();
    for (const e of events) this.events$.next(e);
  }

  private publish(): void {
    const current = this.state$.value;
    // Confirming folds events again from the durable state: keep the published objects where equal.
    const next = shareEqual(current, this.pending.length ? foldApp(this.confirmed, this.pending) : this.confirmed);
    if (next !== current) this.state$.next(next);
  }

  private async maybeSnapshot(): Promise<void> {
    if (this.confirmed.seq - this.lastSnapshotSeq >= SNAPSHOT_EVERY_EVENTS) await this.writeSnapshot();
  }

  /** Checkpoint the durable state (never pending events, which have no seq yet). Not while a newer build writes. */
  async writeSnapshot(): Promise<void> {
    if (!this.writable) return;
    this.lastSnapshotSeq = this.confirmed.seq;
    await this.storage.writeSnapshot({
      v: EVENT_SCHEMA_VERSION,
      seq: this.confirmed.seq,
      at: this.now().toISOString(),
      state: this.confirmed,
    });
  }

  /** One note's events in seq order, read through the one reader: its history (docs/product.md "History"). */
  async noteEvents(noteId: string): Promise<AppEvent[]> {
    return readRecords(await this.storage.readNote(noteId)).events;
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
   * Every stored record in seq order for an export: this build's events (upcast) and newer builds'
   * records as they are stored, so an export from an older tab loses nothing.
   */
  async storedRecords(): Promise<StoredRecord[]> {
    const records: StoredRecord[] = [];
    for (const raw of await this.storage.readAfter(0)) {
      const { events, newer } = readRecords([raw]);
      if (events.length) records.push(events[0]);
      else if (newer.length) records.push(raw as Record<string, unknown>);
    }
    return records;
  }

  /**
   * Drop superseded body revisions per `policy` (docs/architecture.md "Compaction") and write a
   * fresh snapshot. Does nothing while a newer build writes. Returns how many events were dropped.
   */
  async compact(now = this.now(), policy: CompactionPolicy = DEFAULT_COMPACTION_POLICY): Promise<number> {
    if (!this.writable) return 0;
    const { events } = readRecords(await this.storage.readAfter(0));
    const drop = planCompaction(events, now, policy);
    if (drop.length) await this.storage.deleteEvents(drop);
    await this.writeSnapshot();
    return drop.length;
  }

  /**
   * Stop listening to other tabs, wait for the writes already queued, then close storage. Writes
   * held because a newer build writes to the log are not waited for (they stay in the journal).
   */
  async close(): Promise<void> {
    this.tabs?.close();
    if (this.queue.length && this.writable) await (this.flushing = this.flushing.then(() => this.flush()));
    await this.flushing;
    await this.syncing.catch(() => undefined);
    this.storage.close();
  }
}
