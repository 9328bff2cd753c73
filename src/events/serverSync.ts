import { BehaviorSubject } from 'rxjs';
import { EVENT_SCHEMA_VERSION, SYNCED_EVENT_TYPES, readRecords, type AppEvent } from '../../catalog';
import { loadChainEngineFor } from '../projections/changes/chainEngine';
import { readOrigin, type OriginReading } from './snapshotReading';
import type { LogStorage } from './logStorage';
import type { TabLink } from './tabChannel';
import { EMPTY_SERVER_BASE, type LogFold, type ServerOrdered } from './logFold';
import type { ServerBase } from './logRecords';
import type { OriginBytes, SyncRecord, UnreadableEntry } from './syncStorage';
import { gunzipJson } from '../lib/gzipJson';
import { notesReadBy } from './documentReads';
import { baseDocuments, foldReading } from './foldReads';
import { DocumentGone } from './snapshotDocuments';

/** The account this device syncs with, or null, as others read it: only ServerSync changes it. */
export type AccountRecord = Pick<BehaviorSubject<SyncRecord | null>, 'value' | 'subscribe' | 'pipe'>;

/**
 * What the server-sync half needs of the event log it belongs to (docs/architecture.md "Sync").
 * The log's state stays the log's: this half folds into the log's fold and asks the log for its
 * whole-log writes, which the log runs under its own lock.
 */
export interface SyncedLog {
  readonly storage: LogStorage;
  /** The log's folded state: its current fold (a load makes a new one), and publishing it. */
  readonly folded: { readonly fold: LogFold; publish(): void };
  /** Whether this build may write (no newer schema version met). */
  writable(): boolean;
  /** Stop writing: a newer build (schema `version`) writes to this log. */
  meetNewerVersion(version: number): void;
  /** The log's reads of storage, one chain: `after` runs work in it, `catchUp` reads the tail. */
  readonly reads: { after(work: () => Promise<void>): Promise<void>; catchUp(): Promise<void> };
  /** The log's tab link (to tell other tabs what was stored or ordered), or null without a channel. */
  readonly tabs: Pick<TabLink, 'appended' | 'ordered'> | null;
  /** Fold the stored log again from the newest snapshot (a document record the fold names is gone: another tab's clean-up). */
  reload(): Promise<void>;
  /**
   * A whole-log write that other tabs must fold again after: under the log's lock, once the fold is
   * of the log as stored now, run `change`, then write a checkpoint of a new epoch and tell the
   * other tabs. @throws when that checkpoint could not be written (the log was replaced meanwhile).
   */
  rebase(change: () => Promise<void>): Promise<void>;
  /**
   * Under the log's lock: replace the stored log with nothing (an empty snapshot of a new epoch),
   * run `then`, fold the log again and tell the other tabs.
   */
  clear(then: () => Promise<void>): Promise<void>;
}

/**
 * The event log's side of the server sync (docs/architecture.md "Sync"): the outbox, the server's
 * order, what the server refused for good and what this build cannot read, the account key, and
 * the account record (`account$`, whose one writer this is). Called by the sync engine of the one tab that talks to the server; the log composes it as
 * `log.serverSync` and asks it at load and at every snapshot.
 */
export class ServerSync {
  /** The account this device syncs with, or null: set at load, by entering and leaving sync, and by progress. */
  private readonly record$ = new BehaviorSubject<SyncRecord | null>(null);
  /**
   * Why the checkpoint this device started from did not read at the last load (it was folded from
   * nothing instead), or null: until the account's checkpoint is taken again, the notes before it
   * are missing here, so no checkpoint may be made of them (docs/architecture.md "Sync").
   */
  private unreadOrigin: string | null = null;

  constructor(private readonly log: SyncedLog) {}

  /** The account this device syncs with (docs/architecture.md "Sync"), or null. */
  get account$(): AccountRecord {
    return this.record$;
  }

  /** This device's note events the server has not ordered yet, in local order: what to push. */
  outbox(): readonly AppEvent[] {
    return this.log.folded.fold.unordered;
  }

  /** The server head this device has folded up to, and the notes there (the checkpoint to upload). */
  serverBase(): ServerBase | null {
    const base = this.log.folded.fold.serverBase;
    return base ? { head: base.head, notes: base.notes } : null;
  }

  /**
   * The account's checkpoint this synced device started from, or null: it holds the account's whole
   * log, or its stored checkpoint does not read (see `lostOrigin`).
   */
  async origin(): Promise<ServerBase | null> {
    const reading = await this.readStoredOrigin();
    return reading?.ok ? reading.state : null;
  }

  /**
   * Why the stored checkpoint this device started from did not read at the last load, or null. While
   * set, the notes from before it are missing from the fold: the sync engine takes the account's
   * checkpoint again before anything else and makes none of its own (docs/architecture.md "Sync").
   */
  lostOrigin(): string | null {
    return this.unreadOrigin;
  }

  /** The stored origin read by this build (docs/architecture.md "Reading states"), or null when there is none. */
  private async readStoredOrigin(): Promise<OriginReading | null> {
    const stored = this.record$.value ? await this.log.storage.sync.origin() : null;
    if (!stored) return null;
    // Stored as the checkpoint's bytes (enterSync), unless a newer schema: read as the transport read them.
    if ('gzip' in stored && stored.v <= EVENT_SCHEMA_VERSION) {
      let notes: unknown;
      try {
        notes = await gunzipJson(stored.gzip);
      } catch (error) {
        return { ok: false, reason: `its bytes do not read (${String(error)})`, newer: false, version: EVENT_SCHEMA_VERSION };
      }
      return readOrigin({ head: stored.head, v: stored.v, notes });
    }
    return readOrigin(stored);
  }

  /**
   * At a fold of the whole stored log: take `record` (the stored account, or null) and, on a synced
   * device, fold its notes: `base` (the snapshot's server part; without one, the checkpoint this
   * device started from, whose log holds no event before it) with the outbox read after the
   * record's `ackedThrough` on top, then the server order recorded after the base. Resolves with
   * the seq of this device's log the outbox was read up to (null on a device that does not sync):
   * the start folds the records after its snapshot up to there, and the tail reads what follows.
   * `fold`: the fold to fold into, by default the log's (a start builds its own and puts it in place whole).
   */
  async load(record: SyncRecord | null, base: ServerBase | undefined, fold: LogFold = this.log.folded.fold): Promise<number | null> {
    this.record$.next(record);
    this.unreadOrigin = null;
    if (!record) return null;
    const origin = base ? null : await this.readStoredOrigin();
    if (origin && !origin.ok) {
      // Folding from nothing shows every note but those before the checkpoint, so it is never taken
      // as the account's notes: a newer build's form leaves the log to that build, and any other
      // unreadable one is taken again from the host before this device syncs on.
      if (origin.newer) this.log.meetNewerVersion(origin.version);
      else this.unreadOrigin = origin.reason;
    }
    const from = base ?? (origin?.ok ? origin.state : null) ?? EMPTY_SERVER_BASE;
    const { outbox, aside, readTo } = await this.readOutbox(record.ackedThrough);
    // A snapshot's base keeps its bodies unread (docs/architecture.md "Documents by reference"): the
    // outbox folded on it reads only the documents it merges into or compares.
    const held = baseDocuments(from);
    await foldReading(this.log.storage, held, notesReadBy(outbox, from.notes), () => fold.enterSync(held.current(), outbox, aside));
    await this.readOrdered(fold);
    return readTo;
  }

  /**
   * Start syncing with `record`'s account from `base` (the account's checkpoint, or empty): every
   * note event this device holds joins the outbox, to be pushed, and the notes are folded again
   * in the server's order with them on top. Other tabs fold again too. `opened`: `base`'s notes as
   * they came from the server, stored as the origin instead of a copy of `base.notes`'s objects
   * (docs/architecture.md "Sync"); they must hold the same notes.
   */
  async enterSync(record: SyncRecord, base: ServerBase, opened?: OriginBytes): Promise<void> {
    const { storage, folded } = this.log;
    // Other tabs fold again from the checkpoint that follows, which holds the account's checkpoint; its
    // new epoch keeps a tab that has not heard of it yet from writing its own fold above it.
    await this.log.rebase(async () => {
      // The checkpoint started from is one this device read (SyncRecord.checkpointSeq).
      const start = {
        ...record,
        ackedThrough: 0,
        ...(base.head > 0 ? { checkpointSeq: Math.max(record.checkpointSeq ?? 0, base.head) } : {}),
      };
      await storage.sync.write(start);
      if (base.head > 0) await storage.sync.setOrigin(opened ? { head: base.head, ...opened } : { ...base, v: EVENT_SCHEMA_VERSION });
      this.record$.next(start);
      const { outbox, aside } = await this.readOutbox(0);
      folded.fold.enterSync(base, outbox, aside);
      folded.publish();
    });
  }

  /**
   * Start again from the account's checkpoint `base` after the host dropped events this device had
   * not pulled yet (docs/architecture.md "Sync", catching up): the notes are folded again from it,
   * with this device's events the server has not ordered on top, and the server order after it
   * follows as pulled. Events this device holds from before stay in its log (its history). Other
   * tabs fold again too. Does nothing on a device that does not sync. `opened`: as enterSync's.
   */
  async restartFrom(base: ServerBase, opened?: OriginBytes): Promise<void> {
    const { storage, folded } = this.log;
    await this.log.rebase(async () => {
      const record = this.record$.value;
      if (!record) return;
      await storage.sync.setOrigin(opened ? { head: base.head, ...opened } : { ...base, v: EVENT_SCHEMA_VERSION });
      this.unreadOrigin = null;
      const { outbox, aside } = await this.readOutbox(record.ackedThrough);
      folded.fold.enterSync(base, outbox, aside);
      folded.publish();
    });
  }

  /**
   * Stop syncing. `keepNotes`: the notes stay on this device as they are now, its own from here on;
   * otherwise this device's copy of the log is removed (the account keeps its copy).
   */
  async leaveSync(keepNotes: boolean): Promise<void> {
    const { storage } = this.log;
    if (keepNotes) {
      await this.log.rebase(async () => {
        await storage.sync.write(null);
        this.log.folded.fold.leaveSync();
        this.record$.next(null);
      });
    } else {
      await this.log.clear(() => storage.sync.write(null));
    }
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
      await this.log.reads.catchUp();
      this.log.tabs?.appended(stored[stored.length - 1].seq);
    }
    await this.advance();
    this.log.tabs?.ordered();
  }

  /** Record where the server put this device's pushed events (accepted or already held). */
  async acknowledge(entries: readonly { id: string; sseq: number }[]): Promise<void> {
    if (entries.length) await this.log.storage.sync.order(entries);
  }

  /** Events the server refused for good: kept in the log and on top of this device's notes, never pushed again, listed with the reason. */
  async setAside(refused: readonly { id: string; reason: string }[]): Promise<void> {
    if (!refused.length) return;
    await this.log.storage.sync.setAside(refused);
    this.log.folded.fold.setAside(new Set(refused.map((r) => r.id)));
    this.log.folded.publish();
  }

  /** Fold what the server has ordered beyond the folded head (after a pull here or in another tab). */
  advance(): Promise<void> {
    return this.log.reads.after(async () => {
      let moved: number;
      try {
        moved = await this.readOrdered();
      } catch (error) {
        if (!(error instanceof DocumentGone)) throw error;
        // A document record gone (another tab's clean-up): fold again from the newest snapshot, which folds this order too.
        await this.log.reload();
        return;
      }
      if (moved) this.log.folded.publish();
    });
  }

  /**
   * Read the server order after the head of `fold` (the log's), with the events and the unreadable
   * ones (skipped), and fold it. Returns how many sequence numbers the head moved by.
   */
  private async readOrdered(fold: LogFold = this.log.folded.fold): Promise<number> {
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
    await loadChainEngineFor(entries.map((entry) => entry.event));
    // Only the documents the run and the outbox folded again read (docs/architecture.md "Documents by reference").
    return foldReading(storage, fold, fold.readByAdvance(entries), () => fold.advance(entries));
  }

  /**
   * Note events after local seq `after` that the server has not ordered, in local order, the ids
   * of those it refused for good (set aside: folded on top here, never pushed), and the seq of the
   * last record read (`after` when there was none): this device's log as read for the outbox.
   */
  private async readOutbox(after: number): Promise<{ outbox: AppEvent[]; aside: Set<string>; readTo: number }> {
    const { storage } = this.log;
    const raws = await storage.readAfter(after);
    const last = (raws.at(-1) as { seq?: unknown } | undefined)?.seq;
    const candidates = readRecords(raws).events.filter((e) => SYNCED_EVENT_TYPES.has(e.type));
    const [ordered, aside] = await Promise.all([storage.sync.orderedIds(candidates.map((e) => e.id)), storage.sync.aside()]);
    const outbox = candidates.filter((e) => !ordered.has(e.id)).map(({ sseq: _stale, ...e }) => e as AppEvent);
    await loadChainEngineFor(outbox);
    return { outbox, aside: new Set(aside.keys()), readTo: typeof last === 'number' ? last : after };
  }

  /** How many of this device's events the server refused for good (kept here, never synced). */
  async setAsideCount(): Promise<number> {
    return this.record$.value ? (await this.log.storage.sync.aside()).size : 0;
  }

  /** How many events of the account's order this build could not read (skipped by the fold, listed). */
  async unreadableCount(): Promise<number> {
    return (await this.unreadableEntries()).length;
  }

  /** The events of the account's order this build could not read, with the reasons, by ascending sseq. */
  async unreadableEntries(): Promise<UnreadableEntry[]> {
    return this.record$.value ? this.log.storage.sync.unreadable() : [];
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
    const record = this.record$.value;
    if (!record || (record.checkpointSeq ?? 0) >= serverSeq) return;
    const next = { ...record, checkpointSeq: serverSeq };
    await this.log.storage.sync.write(next);
    this.record$.next(next);
  }

  /** Remember how far the server has this device's events, so the next start reads the outbox from there. */
  async saveProgress(): Promise<void> {
    const record = this.record$.value;
    if (!record) return;
    const { fold } = this.log.folded;
    // Set-aside events count as unordered: the next start must read them to fold them on top again.
    const firstUnordered = fold.firstOnTop?.seq ?? fold.confirmed.seq + 1;
    const ackedThrough = Math.max(record.ackedThrough, firstUnordered - 1);
    if (ackedThrough === record.ackedThrough) return;
    const next = { ...record, ackedThrough };
    await this.log.storage.sync.write(next);
    this.record$.next(next);
  }
}
