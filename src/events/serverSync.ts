import type { BehaviorSubject } from 'rxjs';
import { SYNCED_EVENT_TYPES, readRecords, type AppEvent } from '../../catalog';
import type { LogStorage } from './logStorage';
import type { TabLink } from './tabChannel';
import { EMPTY_SERVER_BASE, type LogFold, type ServerBase, type ServerOrdered } from './logFold';
import { withEveryPart } from '../projections/notesState';
import type { SyncRecord, UnreadableEntry } from './syncStorage';

/** What the server-sync half needs of the event log it belongs to; `EventLog` hands it these. */
export interface SyncedLogParts {
  readonly storage: LogStorage;
  /** The account this device syncs with, or null; the log's own subject, which this half writes. */
  readonly account$: BehaviorSubject<SyncRecord | null>;
  /** The log's tab link, or null without a channel. */
  tabs(): TabLink | null;
  /** The log's current fold (a load makes a new one). */
  fold(): LogFold;
  /** Publish the fold's state (with the pending events on top). */
  publish(): void;
  /** Whether this build may write (no newer schema version met). */
  writable(): boolean;
  /** Run `work` after the log's earlier reads of storage, as one chain with them. */
  afterReads(work: () => Promise<void>): Promise<void>;
  /** Read the tail of the log (what this or other tabs stored) and fold it. */
  catchUp(): Promise<void>;
  /** Checkpoint the durable state. */
  writeSnapshot(): Promise<void>;
  /** Run `work` after the log's earlier whole-log writes. */
  oneAtATime<T>(work: () => Promise<T>): Promise<T>;
  /** Fold the stored log again from scratch. */
  reload(): Promise<void>;
}

/**
 * The event log's side of the server sync (docs/architecture.md "Sync"): the outbox, the server's
 * order, what the server refused for good and what this build cannot read, and the account key.
 * Called by the sync engine of the one tab that talks to the server; the log composes it as
 * `log.serverSync` and asks it at load and at every snapshot.
 */
export class ServerSync {
  constructor(private readonly log: SyncedLogParts) {}

  /** This device's note events the server has not ordered yet, in local order: what to push. */
  outbox(): readonly AppEvent[] {
    return this.log.fold().unordered;
  }

  /** The server head this device has folded up to, and the notes there (the checkpoint to upload). */
  serverBase(): ServerBase | null {
    const base = this.log.fold().serverBase;
    return base ? { head: base.head, notes: base.notes } : null;
  }

  /** The account's checkpoint this synced device started from, or null (it holds the account's whole log). */
  async origin(): Promise<ServerBase | null> {
    return this.log.account$.value ? this.log.storage.sync.origin() : null;
  }

  /**
   * Fold a synced device's notes at load: `base` (the snapshot's server part; null without a
   * snapshot this build can use, e.g. after a schema version change: then the account checkpoint
   * this device started from, whose events the log does not hold) with the outbox read after
   * `ackedThrough` on top, then the server order recorded after the base.
   */
  async load(base: ServerBase | null, ackedThrough: number): Promise<void> {
    const start = base ?? (await this.startingPoint());
    const { outbox, aside } = await this.readOutbox(ackedThrough);
    this.log.fold().enterSync(start, outbox, aside);
    await this.readOrdered();
  }

  /** The account checkpoint this device started from, its notes read as this build's (fields it lacks empty), or nothing. */
  private async startingPoint(): Promise<ServerBase> {
    const origin = await this.log.storage.sync.origin();
    return origin ? { head: origin.head, notes: withEveryPart(origin.notes) } : EMPTY_SERVER_BASE;
  }

  /**
   * Start syncing with `record`'s account from `base` (the account's checkpoint, or empty): every
   * note event this device holds joins the outbox, to be pushed, and the notes are folded again
   * in the server's order with them on top. Other tabs fold again too.
   */
  async enterSync(record: SyncRecord, checkpoint: ServerBase): Promise<void> {
    const { storage, account$ } = this.log;
    const base = { head: checkpoint.head, notes: withEveryPart(checkpoint.notes) };
    const start = { ...record, ackedThrough: 0 };
    await storage.sync.write(start);
    if (base.head > 0) await storage.sync.setOrigin(base);
    account$.next(start);
    const { outbox, aside } = await this.readOutbox(0);
    this.log.fold().enterSync(base, outbox, aside);
    this.log.publish();
    // Other tabs fold again from this snapshot, which holds the account's checkpoint.
    await this.log.writeSnapshot();
    this.log.tabs()?.replaced();
  }

  /**
   * Stop syncing. `keepNotes`: the notes stay on this device as they are now, its own from here on;
   * otherwise this device's copy of the log is removed (the account keeps its copy).
   */
  async leaveSync(keepNotes: boolean): Promise<void> {
    const { storage } = this.log;
    if (keepNotes) {
      await storage.sync.write(null);
      this.log.fold().leaveSync();
      this.log.account$.next(null);
      await this.log.writeSnapshot();
    } else {
      await this.log.oneAtATime(async () => {
        await storage.replaceAll([], null);
        await storage.sync.write(null);
        await this.log.reload();
      });
    }
    this.log.tabs()?.replaced();
  }

  /**
   * Keep events the sync server sent (each with its `sseq`, in order, already read through the one
   * reader): store those this device does not hold, record the server order of all of them, list
   * the `unreadable` ones (a newer schema, malformed: the fold skips them, and this build keeps
   * writing: docs/architecture.md "Sync"), fold, and tell other tabs.
   */
  async receive(entries: readonly ServerOrdered[], unreadable: readonly UnreadableEntry[] = []): Promise<void> {
    if (!this.log.writable() || entries.length + unreadable.length === 0) return;
    const { storage } = this.log;
    const events = entries.flatMap(({ sseq, event }) => (event ? [{ ...event, seq: undefined, sseq }] : []));
    const stored = events.length ? await storage.addReceived(events) : [];
    await storage.sync.order(events.map(({ sseq, id }) => ({ sseq, id })));
    await storage.sync.addUnreadable(unreadable);
    if (stored.length) {
      await this.log.catchUp();
      this.log.tabs()?.appended(stored[stored.length - 1].seq);
    }
    await this.advance();
    this.log.tabs()?.ordered();
  }

  /** Record where the server put this device's pushed events (accepted or already held). */
  async acknowledge(entries: readonly { id: string; sseq: number }[]): Promise<void> {
    if (entries.length) await this.log.storage.sync.order(entries);
  }

  /** Events the server refused for good: kept in the log and on top of this device's notes, never pushed again, listed with the reason. */
  async setAside(refused: readonly { id: string; reason: string }[]): Promise<void> {
    if (!refused.length) return;
    await this.log.storage.sync.setAside(refused);
    this.log.fold().setAside(new Set(refused.map((r) => r.id)));
    this.log.publish();
  }

  /** Fold what the server has ordered beyond the folded head (after a pull here or in another tab). */
  advance(): Promise<void> {
    return this.log.afterReads(async () => {
      if (await this.readOrdered()) this.log.publish();
    });
  }

  /**
   * Read the server order after the folded head, with the events and the unreadable ones (skipped),
   * and fold it. Returns how many sequence numbers the head moved by.
   */
  private async readOrdered(): Promise<number> {
    const fold = this.log.fold();
    const { storage } = this.log;
    const head = fold.serverBase?.head;
    if (head === undefined) return 0;
    const [order, skipped] = await Promise.all([storage.sync.orderedAfter(head), storage.sync.unreadable()]);
    const unread = skipped.filter((u) => u.sseq > head);
    if (!order.length && !unread.length) return 0;
    const byId = new Map(readRecords(await storage.readByIds(order.map((o) => o.id))).events.map((e) => [e.id, e]));
    const entries: ServerOrdered[] = [];
    const all: { sseq: number; id: string | null }[] = [...order, ...unread.map((u) => ({ sseq: u.sseq, id: null }))];
    for (const { sseq, id } of all.sort((a, b) => a.sseq - b.sseq)) {
      const event = id === null ? null : byId.get(id);
      // A gap (an ordered event this log cannot read) stops the fold: every device stops there too.
      if (event === undefined) break;
      entries.push({ sseq, event });
    }
    return fold.advance(entries);
  }

  /**
   * Note events after local seq `after` that the server has not ordered, in local order, and the ids
   * of those it refused for good (set aside: folded on top here, never pushed).
   */
  private async readOutbox(after: number): Promise<{ outbox: AppEvent[]; aside: Set<string> }> {
    const { storage } = this.log;
    const candidates = readRecords(await storage.readAfter(after)).events.filter((e) => SYNCED_EVENT_TYPES.has(e.type));
    const [ordered, aside] = await Promise.all([storage.sync.orderedIds(candidates.map((e) => e.id)), storage.sync.aside()]);
    const outbox = candidates.filter((e) => !ordered.has(e.id)).map(({ sseq: _stale, ...e }) => e as AppEvent);
    return { outbox, aside: new Set(aside.keys()) };
  }

  /** How many of this device's events the server refused for good (kept here, never synced). */
  async setAsideCount(): Promise<number> {
    return this.log.account$.value ? (await this.log.storage.sync.aside()).size : 0;
  }

  /** How many events of the account's order this build could not read (skipped by the fold, listed). */
  async unreadableCount(): Promise<number> {
    return (await this.unreadableEntries()).length;
  }

  /** The events of the account's order this build could not read, with the reasons, by ascending sseq. */
  async unreadableEntries(): Promise<UnreadableEntry[]> {
    return this.log.account$.value ? this.log.storage.sync.unreadable() : [];
  }

  /** The account key of a synced device (non-extractable), or null while it is locked (docs/sync.md "Keys"). */
  accountKey(): Promise<CryptoKey | null> {
    return this.log.storage.sync.accountKey();
  }

  /** Keep the account key unlocked at sign-in in the sync bookkeeping; sign-out removes it with the rest. */
  async setAccountKey(key: CryptoKey): Promise<void> {
    await this.log.storage.sync.setAccountKey(key);
  }

  /**
   * Remember that the account has a checkpoint at `serverSeq` (uploaded or read by this device), so
   * the next start knows it without downloading it (SyncRecord.checkpointSeq). Never moves it back.
   */
  async knowCheckpoint(serverSeq: number): Promise<void> {
    const record = this.log.account$.value;
    if (!record || (record.checkpointSeq ?? 0) >= serverSeq) return;
    const next = { ...record, checkpointSeq: serverSeq };
    await this.log.storage.sync.write(next);
    this.log.account$.next(next);
  }

  /** Remember how far the server has this device's events, so the next start reads the outbox from there. */
  async saveProgress(): Promise<void> {
    const record = this.log.account$.value;
    if (!record) return;
    const fold = this.log.fold();
    // Set-aside events count as unordered: the next start must read them to fold them on top again.
    const firstUnordered = fold.firstOnTop?.seq ?? fold.confirmed.seq + 1;
    const ackedThrough = Math.max(record.ackedThrough, firstUnordered - 1);
    if (ackedThrough === record.ackedThrough) return;
    const next = { ...record, ackedThrough };
    await this.log.storage.sync.write(next);
    this.log.account$.next(next);
  }
}
