import { BehaviorSubject, Subject } from 'rxjs';
import {
  EVENT_SCHEMA_VERSION,
  type UnsequencedEvent,
  type AppEvent,
  type EventPayloads,
  type EventType,
  assertValidEvent,
  explainInvalid,
  upcast,
} from './catalog';
import { inNextTask } from '../lib/scheduler';
import type { LogStorage, QuarantineRecord, Snapshot } from './logStorage';
import { foldApp } from '../projections/foldApp';
import { shareEqual } from '../projections/shareEqual';
import { INITIAL_STATE, type AppState } from '../projections/notesState';

/** A snapshot is written after this many events since the last one (ARCHITECTURE.md "Snapshots"). */
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
}

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((ev: MessageEvent) => void) | null };

/** Options for `EventLog`; everything with an effect is injectable so tests and replay can swap it. */
export interface EventLogOptions {
  storage: LogStorage;
  channel?: Channel | null;
  now?: () => Date;
  newId?: () => string;
}

/**
 * The event log (ARCHITECTURE.md "Events"): the source of truth, held in memory and made durable
 * in IndexedDB. `append` applies an event at once (so the UI never waits on storage) and resolves
 * once its write transaction completed. Other tabs' appends arrive through a BroadcastChannel and
 * are read back from storage in seq order, so every tab folds the same total order.
 */
export class EventLog {
  readonly state$ = new BehaviorSubject<AppState>(INITIAL_STATE);
  /** Every event once it is durable, local or from another tab, in seq order. */
  readonly events$ = new Subject<AppEvent>();
  readonly status$ = new BehaviorSubject<LogStatus>({ loaded: false, quarantinedNow: [], writeError: null });

  private confirmed: AppState = INITIAL_STATE;
  private pending: AppEvent[] = [];
  private queue: { event: AppEvent; resolve: (e: AppEvent) => void; reject: (e: Error) => void }[] = [];
  private flushScheduled = false;
  private inFlight = new Set<string>();
  private syncing: Promise<void> = Promise.resolve();
  private lastSnapshotSeq = 0;
  private readonly now: () => Date;
  private readonly newId: () => string;

  constructor(readonly options: EventLogOptions) {
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  get state(): AppState {
    return this.state$.value;
  }

  /**
   * Load the newest snapshot and fold the events after it; quarantine records that fail validation.
   * Nothing is written before this finished, so a half-loaded tab cannot erase data.
   */
  async load(): Promise<void> {
    const { storage } = this.options;
    const snapshot = await storage.latestSnapshot();
    const base = snapshot && snapshot.v === EVENT_SCHEMA_VERSION ? snapshot.state : INITIAL_STATE;
    const { events, bad } = this.readValid(await storage.readAfter(base.seq));
    if (bad.length) await storage.quarantine(bad);
    this.confirmed = foldApp(base, events, true);
    this.lastSnapshotSeq = base.seq;
    this.publish();
    if (this.options.channel) {
      this.options.channel.onmessage = (message) => void (message.data?.type === 'replaced' ? this.reload() : this.sync());
    }
    this.status$.next({ ...this.status$.value, loaded: true, quarantinedNow: [...this.status$.value.quarantinedNow, ...bad] });
  }

  /** Fold the stored log again from scratch (after another tab replaced it). Pending events are dropped with the old log. */
  async reload(): Promise<void> {
    this.pending = [];
    this.confirmed = INITIAL_STATE;
    this.syncing = Promise.resolve();
    await this.load();
  }

  /**
   * Replace the whole log with an imported one (validated beforehand by parseLogFile), record the
   * import as a log.imported event, and tell other tabs to reload. One transaction: on failure
   * nothing changed.
   */
  async replaceWith(events: AppEvent[], snapshot: Snapshot | null): Promise<void> {
    await this.options.storage.replaceAll(events, snapshot);
    await this.reload();
    const notes = this.state.notes.order.length;
    await this.append('log.imported', { events: events.length, notes, mode: 'replace' });
    this.options.channel?.postMessage({ type: 'replaced' });
  }

  /** Records that fail upcasting/validation become quarantine records instead of events. */
  private readValid(raws: unknown[]): { events: AppEvent[]; bad: QuarantineRecord[] } {
    const events: AppEvent[] = [];
    const bad: QuarantineRecord[] = [];
    const at = this.now().toISOString();
    for (const raw of raws) {
      const event = upcast(raw);
      const reason = explainInvalid(event);
      const seq = typeof (raw as { seq?: unknown })?.seq === 'number' ? (raw as { seq: number }).seq : null;
      if (reason) bad.push({ seq, reason, raw, at });
      else events.push(event as AppEvent);
    }
    return { events, bad };
  }

  /** Build a current-version event envelope (not yet appended). */
  create<T extends EventType>(type: T, payload: EventPayloads[T]): AppEvent<T> {
    return { v: EVENT_SCHEMA_VERSION, seq: 0, id: this.newId(), at: this.now().toISOString(), type, payload } as AppEvent<T>;
  }

  /**
   * Append an event: validated, applied to the state at once, written durably in a batched transaction.
   * Resolves with the stored event (seq assigned) after the transaction completed.
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
        inNextTask(() => void this.flush());
      }
    });
  }

  /** Events applied in memory but not yet durable (what a page-hide journal must keep). */
  pendingEvents(): readonly AppEvent[] {
    return this.pending;
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    for (const b of batch) this.inFlight.add(b.event.id);
    try {
      const stored = await this.options.storage.append(batch.map((b) => ({ ...b.event, seq: undefined }) as UnsequencedEvent));
      if (this.status$.value.writeError) this.status$.next({ ...this.status$.value, writeError: null });
      await this.confirmWritten(stored as AppEvent[]);
      this.options.channel?.postMessage({ type: 'appended', seq: stored[stored.length - 1].seq });
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
    const { events, bad } = this.readValid(await this.options.storage.readAfter(this.confirmed.seq));
    if (bad.length) {
      await this.options.storage.quarantine(bad);
      this.status$.next({ ...this.status$.value, quarantinedNow: [...this.status$.value.quarantinedNow, ...bad] });
    }
    this.foldConfirmed(events);
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
      state = foldApp(state, events.slice(i, j), own);
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
    const next = shareEqual(current, this.pending.length ? foldApp(this.confirmed, this.pending, true) : this.confirmed);
    if (next !== current) this.state$.next(next);
  }

  private async maybeSnapshot(): Promise<void> {
    if (this.confirmed.seq - this.lastSnapshotSeq >= SNAPSHOT_EVERY_EVENTS) await this.writeSnapshot();
  }

  /** Checkpoint the durable state (never pending events, which have no seq yet). */
  async writeSnapshot(): Promise<void> {
    this.lastSnapshotSeq = this.confirmed.seq;
    await this.options.storage.writeSnapshot({
      v: EVENT_SCHEMA_VERSION,
      seq: this.confirmed.seq,
      at: this.now().toISOString(),
      state: this.confirmed,
    });
  }

  /** Stop listening to other tabs and close storage; pending writes already queued still complete. */
  close(): void {
    if (this.options.channel) this.options.channel.onmessage = null;
    this.options.channel?.close();
    this.options.storage.close();
  }
}
