import { BehaviorSubject, debounceTime, filter, Subscription } from 'rxjs';
import { EVENT_SCHEMA_VERSION, readRecord, SYNCED_EVENT_TYPES } from '../../../catalog';
import type { EventLog } from '../../events/eventLog';
import type { NoteBody } from '../../projections/notesState';
import type { ServerOrdered } from '../../events/logFold';
import type { UnreadableEntry } from '../../events/syncStorage';
import { checkpointBody, checkpointNotes } from './checkpointNotes';
import { ALTERED_REASON } from './e2ee/seal';
import { CHECKPOINT_FORMAT, PUSH_BATCH_EVENTS, type OpenedPage, type PushAnswer } from './syncProtocol';
import { refusesBatch, SyncError, type SyncTransport } from './transport';
import { nextBatch } from './wireBatch';

/** What a person sees of sync (docs/product.md "Account and sync"). */
type SyncState = 'syncing' | 'synced' | 'offline' | 'signed-out' | 'paused' | 'error';

/** The engine's status: its state, this device's changes not on the server yet, the last full sync. */
export interface SyncStatus {
  state: SyncState;
  pending: number;
  lastSyncedAt: string | null;
  /** Changes the server refused for good (kept on this device). */
  setAside: number;
  /** Events of the account's order this build could not read: skipped, the rest is folded. */
  unreadable: number;
  /** Of those, the ones whose ciphertext did not open: altered, or another event's or account's. */
  altered: number;
  message: string | null;
}

/** Timing of the engine (ms); tests shorten them. */
export interface SyncTiming {
  /** Quiet time after a local change before pushing: never on the keystroke path, and changes go together. */
  pushDelayMs: number;
  /** First retry delay after a failure; doubles per failure up to `maxRetryMs`, with jitter. */
  retryMs: number;
  maxRetryMs: number;
  /** A cycle runs at least this often, in case the live stream missed something. */
  pollMs: number;
  /** Upload a checkpoint for new devices after this many server events since the last one. */
  checkpointEvery: number;
}

const DEFAULT_SYNC_TIMING: SyncTiming = {
  pushDelayMs: 150,
  retryMs: 1000,
  maxRetryMs: 60_000,
  pollMs: 60_000,
  checkpointEvery: 1000,
};

/** What the engine needs besides the log and the transport; tests pass fakes. */
export interface SyncEngineOptions {
  deviceId: string;
  timing?: Partial<SyncTiming>;
  random?: () => number;
  now?: () => Date;
  /** Called for each cycle's failure, for the console. */
  logError?: (message: string) => void;
}

/** Why a device the host told its events were dropped cannot go on (SyncEngine.restartFromCheckpoint). */
const DROPPED_REFUSAL = { message: 'The account’s older changes were replaced by a checkpoint this device cannot read', status: 410 };
/** Why a device whose stored checkpoint did not read cannot go on (SyncEngine.restartFromCheckpoint). */
const LOST_ORIGIN_REFUSAL = {
  message: 'This device’s copy of the account’s checkpoint does not open, and the account has none this version of NotePad can read',
  status: null,
};

/**
 * The sync engine of the one tab that talks to the server (docs/architecture.md "Sync"): pushes
 * this device's outbox in order (batched, idempotent: a retry after a lost answer duplicates
 * nothing), pulls the account's events after the folded head, folds them through the log, and
 * uploads a checkpoint for new devices now and then. A cycle runs after local changes (never on
 * the keystroke path), when the live stream says the head moved, when the browser comes online,
 * and on a slow poll; failures retry with exponential backoff and jitter.
 */
export class SyncEngine {
  readonly status$: BehaviorSubject<SyncStatus>;
  private readonly timing: SyncTiming;
  private readonly random: () => number;
  private readonly now: () => Date;
  private running = false;
  private cycling: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closeLive: (() => void) | null = null;
  private subscriptions = new Subscription();
  /** The account's checkpoint, as last asked for or uploaded (null: not asked yet). */
  private checkpointHead: number | null = null;
  /** A lower bound of it without asking: the newest this device started from, uploaded or read (0 for none). */
  private checkpointFloor: number | null = null;

  constructor(
    private readonly log: EventLog,
    private readonly transport: SyncTransport,
    private readonly options: SyncEngineOptions,
  ) {
    this.timing = { ...DEFAULT_SYNC_TIMING, ...options.timing };
    this.random = options.random ?? Math.random;
    this.now = options.now ?? (() => new Date());
    this.status$ = new BehaviorSubject<SyncStatus>({
      state: 'syncing',
      pending: log.serverSync.outbox().length,
      lastSyncedAt: null,
      setAside: 0,
      unreadable: 0,
      altered: 0,
      message: null,
    });
  }

  /** Start syncing: a first cycle now, then on every trigger. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.subscriptions.add(
      this.log.events$
        .pipe(
          filter((e) => SYNCED_EVENT_TYPES.has(e.type) && e.sseq === undefined),
          debounceTime(this.timing.pushDelayMs),
        )
        .subscribe(() => void this.request()),
    );
    this.subscriptions.add(this.log.status$.subscribe((s) => s.newerVersion !== null && this.setStatus({ state: 'paused' })));
    this.openLive();
    // Changes set aside or skipped before this page started still count: the status says so.
    void this.log.serverSync.setAsideCount().then((count) => count > this.status$.value.setAside && this.setStatus({ setAside: count }));
    void this.countUnreadable();
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
    void this.request();
  }

  /** Stop: no more cycles or streams (sign-out, another tab took over, the page closes). */
  stop(): void {
    this.running = false;
    this.subscriptions.unsubscribe();
    this.subscriptions = new Subscription();
    this.closeLive?.();
    this.closeLive = null;
    if (this.timer) clearTimeout(this.timer);
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
  }

  /** Run a cycle soon (coalesced with one already running). Resolves when the cycles it caused are done. */
  request(): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (this.cycling) {
      this.again = true;
      return this.cycling;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // The cycle starts in a microtask, once `cycling` is set: a request made while it begins (a
    // transport that calls back at once) joins it instead of running a second cycle beside it.
    this.cycling = Promise.resolve().then(async () => {
      do {
        this.again = false;
        await this.cycle();
      } while (this.again && this.running);
      this.cycling = null;
    });
    return this.cycling;
  }

  private readonly onOnline = () => {
    this.failures = 0;
    void this.request();
  };

  private openLive(): void {
    this.closeLive = this.transport.live(
      this.options.deviceId,
      (head) => {
        if (head > (this.log.serverSync.serverBase()?.head ?? 0)) void this.request();
      },
      // The stream ended (network, host restart): the next cycle's success opens it again.
      () => (this.closeLive = null),
    );
  }

  private async cycle(): Promise<void> {
    if (!this.running) return;
    if (!this.log.writable) {
      this.setStatus({ state: 'paused' });
      return;
    }
    if (!this.log.serverSync.serverBase()) {
      // The log names the account before its fold follows the server (enterSync reads the outbox
      // in between): a pull now would start from 0 instead of the checkpoint. Try again shortly.
      this.schedule(this.timing.pushDelayMs);
      return;
    }
    this.setStatus({ state: 'syncing' });
    try {
      if (this.log.serverSync.lostOrigin() !== null) await this.restartFromCheckpoint(0, LOST_ORIGIN_REFUSAL);
      // Pulling never waits on the push: a device whose push fails still folds other devices' changes.
      const pushFailure = await this.pushOutbox().then(
        () => null,
        (error: unknown) => {
          if (error instanceof SyncError && (error.failure === 'offline' || error.failure === 'signed-out')) throw error;
          return { error };
        },
      );
      await this.pullAll();
      if (pushFailure) {
        this.fail(pushFailure.error);
        return;
      }
      await this.maybeCheckpoint();
      this.failures = 0;
      if (!this.closeLive && this.running) this.openLive();
      const pending = this.log.serverSync.outbox().length;
      this.setStatus(pending ? { state: 'syncing' } : { state: 'synced', lastSyncedAt: this.now().toISOString(), message: null });
      // Changes made during the cycle trigger the next one themselves; this only guards the rest.
      this.schedule(pending ? this.timing.retryMs : this.timing.pollMs);
    } catch (error) {
      this.fail(error);
    }
  }

  /**
   * Push the outbox in order, in batches cut by count and by UTF-8 bytes (the server's measure).
   * Events over the server's per-event limit, and those the server refuses, are set aside; a batch
   * refused for what it holds as a whole (413, or 422 from an older host) is split in halves, and an
   * event refused alone is set aside. @throws SyncError for any other failure (retried by the cycle).
   */
  private async pushOutbox(): Promise<void> {
    const done = new Set<string>();
    let most = PUSH_BATCH_EVENTS;
    for (;;) {
      const outbox = this.log.serverSync.outbox().filter((e) => !done.has(e.id));
      if (!outbox.length) return;
      const { batch, tooBig } = nextBatch(outbox, this.options.deviceId, most);
      if (tooBig.length) {
        await this.setAside(tooBig);
        tooBig.forEach((t) => done.add(t.id));
      }
      if (!batch.length) continue;
      let answer: PushAnswer;
      try {
        answer = await this.transport.push(this.options.deviceId, batch);
      } catch (error) {
        if (!refusesBatch(error)) throw error;
        if (batch.length > 1) {
          most = Math.ceil(batch.length / 2);
          continue;
        }
        await this.setAside([{ id: batch[0].id, reason: error.message }]);
        done.add(batch[0].id);
        continue;
      }
      const sent = new Set(batch.map((e) => e.id));
      const placed = [...answer.accepted, ...answer.duplicates].filter((a) => sent.has(a.id));
      const refused = answer.refused.filter((r) => sent.has(r.id));
      if (placed.length + refused.length < batch.length) {
        throw new SyncError('refused', 'the server answered a push without placing every event of it');
      }
      await this.log.serverSync.acknowledge(placed.map((a) => ({ id: a.id, sseq: a.serverSeq })));
      if (refused.length) await this.setAside(refused);
      sent.forEach((id) => done.add(id));
    }
  }

  /** Set events aside for good (kept and shown on this device, never pushed) and count them in the status. */
  private async setAside(refused: readonly { id: string; reason: string }[]): Promise<void> {
    await this.log.serverSync.setAside(refused);
    this.setStatus({ setAside: await this.log.serverSync.setAsideCount() });
  }

  /**
   * Pull and fold the account's events after the folded head, page by page. An event this build
   * cannot read (a newer schema, malformed) is skipped by the fold and listed, and the status counts
   * it: the rest of the account keeps syncing (docs/architecture.md "Sync").
   */
  private async pullAll(): Promise<void> {
    for (;;) {
      const head = this.log.serverSync.serverBase()?.head ?? 0;
      let page: OpenedPage;
      try {
        page = await this.transport.pull(this.options.deviceId, head);
      } catch (error) {
        if (!(error instanceof SyncError && error.status === 410)) throw error;
        await this.restartFromCheckpoint(head, DROPPED_REFUSAL);
        continue;
      }
      const entries: ServerOrdered[] = [];
      const unreadable: UnreadableEntry[] = [];
      for (const { serverSeq, event, id: sealedId, unreadable: sealedReason } of page.events) {
        const outcome = sealedReason === undefined ? readRecord(event, { requireSeq: false }) : null;
        if (outcome?.kind === 'event' && SYNCED_EVENT_TYPES.has(outcome.event.type)) {
          entries.push({ sseq: serverSeq, event: outcome.event });
          continue;
        }
        const id = sealedId ?? (event as { id?: unknown } | null)?.id;
        const reason =
          outcome === null
            ? (sealedReason ?? ALTERED_REASON)
            : outcome.kind === 'newer'
              ? `schema version ${outcome.version} is newer than this build's (${EVENT_SCHEMA_VERSION})`
              : outcome.kind === 'malformed'
                ? outcome.reason
                : `${outcome.event.type} events stay on their device (only note events sync)`;
        unreadable.push({ sseq: serverSeq, id: typeof id === 'string' ? id.slice(0, 64) : null, reason });
      }
      await this.log.serverSync.receive(entries, unreadable);
      if (unreadable.length) await this.countUnreadable();
      const moved = (this.log.serverSync.serverBase()?.head ?? 0) > head;
      if (!page.more || !moved || !this.log.writable) return;
    }
  }

  /**
   * Fold again from the account's checkpoint, this device's unsent events on top: after the host dropped
   * events after `head` that a checkpoint covers (410, docs/sync.md "pull"), or, with `head` 0, when this
   * device's stored checkpoint did not read (docs/architecture.md "Reading states"). @throws SyncError
   * with `refusal` when there is no checkpoint beyond `head` this build can read (nothing changes then,
   * and no checkpoint is made of the notes as they are).
   */
  private async restartFromCheckpoint(head: number, refusal: { message: string; status: number | null }): Promise<void> {
    const checkpoint = await this.transport.checkpoint(this.options.deviceId);
    if (!checkpoint || checkpoint.serverSeq <= head) throw new SyncError('refused', refusal.message, null, refusal.status);
    await this.log.serverSync.restartFrom({ head: checkpoint.serverSeq, notes: checkpoint.state }, checkpoint.opened);
    this.checkpointHead = checkpoint.serverSeq;
    await this.log.serverSync.knowCheckpoint(checkpoint.serverSeq);
  }

  /** Count the events of the account's order this device skipped, and those of them that did not open, in the status. */
  private async countUnreadable(): Promise<void> {
    const skipped = await this.log.serverSync.unreadableEntries();
    this.setStatus({ unreadable: skipped.length, altered: skipped.filter((u) => u.reason === ALTERED_REASON).length });
  }

  /** Upload the account's folded notes for new devices when enough has happened since the last checkpoint. */
  private async maybeCheckpoint(): Promise<void> {
    const base = this.log.serverSync.serverBase();
    if (!base || base.head === 0 || this.log.serverSync.outbox().length) return;
    // Notes folded without their starting checkpoint are not the account's: never offered as its checkpoint.
    if (this.log.serverSync.lostOrigin() !== null) return;
    // Checkpoints only move forward, so the one this device started from, and the newest it uploaded
    // or read (kept in the sync record across pages), are lower bounds of the account's: while they
    // show none is due, the account's (megabytes for 10,000 notes) is not downloaded just to read its
    // serverSeq, on any page of the device that uploaded it. The record's is never below the one this
    // device started from (beginning sync records it): the stored origin, as large as the checkpoint
    // and parsed whole, is read only for a record that has none.
    const floor =
      this.checkpointHead ??
      (this.checkpointFloor ??= this.log.account$.value?.checkpointSeq ?? (await this.log.serverSync.origin())?.head ?? 0);
    if (base.head - floor < this.timing.checkpointEvery) return;
    if (this.checkpointHead === null) {
      this.checkpointHead = (await this.transport.checkpoint(this.options.deviceId))?.serverSeq ?? 0;
      await this.log.serverSync.knowCheckpoint(this.checkpointHead);
    }
    if (base.head - this.checkpointHead < this.timing.checkpointEvery) return;
    try {
      // Bodies a start left unread are read a slice at a time and kept only as the checkpoint carries them, not put
      // into the state: an upload does not bring every document back into the heap (docs/architecture.md "Documents by reference").
      const made = new Map<NoteBody, NoteBody>();
      await this.log.eachWhole(Object.values(base.notes.bodies), (body, whole) => made.set(body, checkpointBody(whole)));
      await this.transport.putCheckpoint(this.options.deviceId, {
        serverSeq: base.head,
        format: CHECKPOINT_FORMAT,
        state: checkpointNotes(base.notes, made),
      });
    } catch (error) {
      // Refused (the account takes checkpoints only with a proof this device could not make now): a
      // checkpoint only spares new devices time, so syncing goes on and the next is tried later.
      if (!(error instanceof SyncError && error.status === 403)) throw error;
      this.options.logError?.(`NotePad sync: the checkpoint was refused (${error.message})`);
      this.checkpointHead = base.head;
      return;
    }
    this.checkpointHead = base.head;
    await this.log.serverSync.knowCheckpoint(base.head);
  }

  private fail(error: unknown): void {
    const sync = error instanceof SyncError ? error : new SyncError('refused', error instanceof Error ? error.message : String(error));
    this.options.logError?.(`NotePad sync: ${sync.message}`);
    this.failures++;
    if (sync.failure === 'signed-out') {
      // Local edits are kept; syncing resumes once the person signs in again.
      this.setStatus({ state: 'signed-out', message: sync.message });
      return;
    }
    this.setStatus({ state: sync.failure === 'offline' ? 'offline' : 'error', message: sync.message });
    const backoff = Math.min(this.timing.maxRetryMs, this.timing.retryMs * 2 ** (this.failures - 1));
    this.schedule(sync.retryAfterMs ?? backoff * (0.5 + this.random()));
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.request();
    }, ms);
  }

  private setStatus(part: Partial<SyncStatus>): void {
    this.status$.next({ ...this.status$.value, pending: this.log.serverSync.outbox().length, ...part });
  }
}
