import type { BehaviorSubject, Subject } from 'rxjs';
import {
  EVENT_SCHEMA_VERSION,
  NOTE_REF_EVENT_TYPES,
  IMPORT_RECORDS_KEY,
  assertValidEvent,
  readRecords,
  type AppEvent,
  type EventPayloads,
  type EventType,
} from '../../catalog';
import type { LogStorage } from './logStorage';
import type { QuarantineRecord, Snapshot } from './logRecords';
import { webLogLock, type LogLock } from './logLock';
import { TabLink, type Channel } from './tabChannel';
import type { CompactionPolicy } from './compactionPlan';
import type { ParsedLogFile, StoredRecord } from './logFile';
import { ServerSync, type AccountRecord } from './serverSync';
import { WriteQueue } from './logWrites';
import { LogHealth, type LogStatus } from './logStatus';
import { TailReads } from './logTail';
import { SnapshotSchedule } from './snapshotSchedule';
import { FoldedState } from './foldedState';
import { LogFold } from './logFold';
import { LogStart, readStored, type StoredLogReader } from './logStart';
import { readFoldOrdered, readLatestSnapshot, readNoteEvents } from './logQueries';
import { WholeLogWrites } from './wholeLogWrites';
import type { AppState, NoteBody, WholeBody } from '../projections/notesState';
import { notesReadBy } from './documentReads';
import { LogDocuments } from './logDocuments';
import { ReadingAppends } from './readingAppends';
import { DocumentGone } from './snapshotDocuments';
import { withReadBodies } from '../projections/pendingBodies';
import { loadChainEngineFor, needsChainEngine } from '../projections/changes/chainEngine';

export type { LogStatus } from './logStatus';

/** BroadcastChannel name; tabs of one origin announce appends on it. */
export const LOG_CHANNEL_NAME = 'notepad-log';

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
 *
 * A facade over parts that each own their state (docs/architecture.md "IndexedDB log"): the folded
 * state and pending events (FoldedState), the status (LogHealth), the write queue (WriteQueue), the
 * reads of the tail (TailReads), reading the stored log at start (LogStart), reading the documents it
 * left unread by note (LogDocuments), the whole-log writes
 * and the epoch (WholeLogWrites), when snapshots are due (SnapshotSchedule), the tab channel
 * (TabLink) and the server-sync half (ServerSync). Its length is the API's: each method is a few
 * lines handing over to one of those parts, with the docstring its callers read.
 */
export class EventLog {
  /** The log's side of the server sync: outbox, server order, set-aside and unreadable events, the account. */
  readonly serverSync: ServerSync;

  private readonly folded = new FoldedState();
  private readonly health = new LogHealth();
  private readonly writes: WriteQueue;
  private readonly tail: TailReads;
  private readonly snapshots: SnapshotSchedule;
  private readonly start: LogStart;
  /** Storage, clock and status, for reading stored records at start and in the tail. */
  private readonly reader: StoredLogReader;
  private readonly tabs: TabLink | null;
  private readonly wholeLog: WholeLogWrites;
  /** Folds of the whole stored log (load, reload), one at a time: a checkpoint waits for the one under way. */
  private folding: Promise<void> = Promise.resolve();
  private readonly storage: LogStorage;
  /** Reading the documents start-up left unread, by note (LogDocuments). */
  private readonly documents: LogDocuments;
  /** Appends waiting for a read of the documents they merge into, and those appended after them (ReadingAppends). */
  private readonly reading = new ReadingAppends();
  private readonly now: () => Date;
  private readonly newId: () => string;

  constructor(options: EventLogOptions) {
    this.storage = options.storage;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => crypto.randomUUID());
    const { storage, health, folded } = this;
    // Listening starts now, before load() reads storage: what other tabs append meanwhile is held, not missed.
    this.tabs = options.channel
      ? new TabLink(options.channel, {
          appended: () => void this.catchUp(),
          replaced: () => void this.reload(),
          newerVersion: (version) => this.meetNewerVersion(version),
          ordered: () => void this.serverSync.advance(),
        })
      : null;
    this.reader = { storage, now: this.now, health };
    this.start = new LogStart(this.reader);
    this.documents = new LogDocuments({ storage, folded, reload: () => this.reload() });
    this.tail = new TailReads({
      readAfter: (seq) => storage.readAfter(seq),
      confirmedSeq: () => folded.fold.confirmed.seq,
      foldTail: (raws) => this.foldTail(raws),
      reportRead: (error) => health.read(error),
    });
    this.writes = new WriteQueue({
      storage,
      writable: () => this.writable,
      written: (stored) => this.confirmWritten(stored),
      flushed: () => void this.snapshots.maybe(),
      reportWrite: (error) => health.wrote(error),
    });
    this.wholeLog = new WholeLogWrites(
      {
        storage,
        now: this.now,
        newId: this.newId,
        fold: () => folded.fold,
        writable: () => this.writable,
        synced: () => this.account$.value !== null,
        foldsDone: () => this.folding,
        reload: () => this.reload(),
        snapshotTaken: (seq) => this.snapshots.taken(seq),
        checkpointed: () => this.serverSync.saveProgress(),
        tabs: this.tabs,
      },
      options.lock ?? webLogLock(),
    );
    this.snapshots = new SnapshotSchedule({
      confirmedSeq: () => folded.fold.confirmed.seq,
      oneAtATime: (work) => this.wholeLog.oneAtATime(work),
      checkpoint: () => this.wholeLog.checkpoint(),
    });
    this.serverSync = new ServerSync({
      storage,
      folded,
      writable: () => this.writable,
      meetNewerVersion: (version) => this.meetNewerVersion(version),
      reads: this.tail,
      tabs: this.tabs,
      reload: () => this.reload(),
      rebase: (change) => this.wholeLog.rebase(change),
      clear: (then) => this.wholeLog.clear(then),
    });
    storage.onNewerBuild(() => this.meetNewerVersion(EVENT_SCHEMA_VERSION + 1));
  }

  /** What the tab shows: the durable fold with the pending events on top. */
  get state$(): BehaviorSubject<AppState> {
    return this.folded.state$;
  }

  /** Every event once it is durable, local, from another tab or from the sync server, in the order it became so. */
  get events$(): Subject<AppEvent> {
    return this.folded.events$;
  }

  /** What the log reports about its health (LogStatus). */
  get status$(): BehaviorSubject<LogStatus> {
    return this.health.status$;
  }

  /** The account this device syncs with (docs/architecture.md "Sync"), or null; ServerSync owns it. */
  get account$(): AccountRecord {
    return this.serverSync.account$;
  }

  get state(): AppState {
    return this.folded.state$.value;
  }

  /** Whether this build may write: false once a newer schema version was met. */
  get writable(): boolean {
    return this.health.writable;
  }

  /**
   * Load the newest snapshot and fold the events after it (on a synced device: the server order,
   * the outbox and the view); quarantine records that are malformed, keep newer builds' records
   * untouched. Nothing is written before this finished, so a half-loaded tab cannot erase data.
   */
  async load(): Promise<void> {
    this.tabs?.announce();
    await this.readAll();
    this.health.loaded();
    this.tabs?.open();
    const due = this.start.snapshotDue(this.writable);
    if (due === 'set-aside') await this.writeSnapshot();
    // Another build's snapshot was upcast and parsed: this build's own, written once the tab is
    // usable, lets the next start use it as it is (docs/architecture.md "Reading states").
    else if (due === 'foreign')
      void this.writeSnapshot().catch((error: unknown) => console.warn('NotePad could not write a snapshot of this build', error));
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
    const state = await this.start.preview();
    if (!state) return false;
    this.folded.show(state);
    return true;
  }

  /** Fold the stored log again from scratch (another tab replaced it, or began or ended sync). Pending events are dropped. */
  async reload(): Promise<void> {
    this.folded.forgetPending();
    this.tail.reset();
    await this.readAll();
  }

  /** Fold the whole stored log, after any fold of it under way (see `folding`). */
  private readAll(): Promise<void> {
    // A document record gone while the start folded (another tab's clean-up): fold again, once, from the newest snapshot.
    const foldAgainIfGone = (error: unknown) => {
      if (error instanceof DocumentGone) return this.foldStored();
      throw error;
    };
    const run = this.folding.then(() => this.foldStored().catch(foldAgainIfGone));
    this.folding = run.catch(() => undefined);
    return run;
  }

  private async foldStored(): Promise<void> {
    const start = await this.start.read();
    const { snapshot, epoch, initial, shown, record } = start;
    let last: number;
    let fold: LogFold;
    let afterwards: (() => void) | undefined;
    // This tab's writes the fold reads from storage before their confirmation is heard (a fold again while
    // an edit is written): they leave pending once the fold is in place, not shown a second time on top.
    const inFold: AppEvent[] = [];
    const seen = (events: readonly AppEvent[]): void => void inFold.push(...this.folded.pendingAmong(events));
    if (record) {
      // Built apart and put in place whole, as below: a write confirmed or a tail read meanwhile goes to the
      // fold before, instead of into this one half built (its edit would be folded twice, or not at all).
      const synced = new LogFold(initial);
      // The server's order first: the view's selection may be a note only those events hold.
      // Only the records the outbox was read from (those up to the snapshot are in it): one another tab
      // stores meanwhile is left to the tail, notes and view (docs/architecture.md "Sync").
      const readTo = Math.max((await this.serverSync.load(record, snapshot?.server, synced)) ?? 0, initial.seq);
      last = Math.min(
        await start.fold((events) => {
          const kept = events.filter((e) => e.seq <= readTo);
          seen(kept);
          synced.confirmView(kept, 'this-tab');
        }),
        readTo,
      );
      // The view's records fold no notes; the note shown is read before the tab is editable on it.
      await this.documents.readKept(synced);
      fold = this.folded.adopt(synced);
      this.wholeLog.folded(epoch);
      // What the fold before took in meanwhile (the tail, the server's order) is read again into this one.
      afterwards = () => {
        void this.tail.catchUp();
        void this.serverSync.advance();
      };
    } else {
      // Folded apart, page by page, and put in place whole: a read of the tail meanwhile never meets half a fold.
      const local = new LogFold(initial);
      // The preview folded these very events onto this snapshot's head: add the bodies instead of folding again.
      if (shown) local.confirmed = withReadBodies(shown, initial.notes.bodies);
      last = await start.fold(
        shown
          ? seen
          : async (events) => {
              seen(events);
              await this.documents.readForFold(local, events);
              local.confirmLocal(events, 'this-tab');
            },
      );
      await this.documents.readKept(local);
      fold = this.folded.restart(initial);
      this.wholeLog.folded(epoch);
      await this.serverSync.load(record, snapshot?.server);
      fold.confirmed = local.confirmed;
    }
    fold.confirmed = passed(fold.confirmed, last);
    this.snapshots.taken(initial.seq);
    this.folded.drop(inFold);
    this.folded.publish();
    afterwards?.();
  }

  /**
   * Replace the whole log with an imported file (validated beforehand by parseLogFile), record the
   * import as a log.imported event, and tell other tabs to reload. One transaction: on failure
   * nothing changed. A synced device's export (server-ordered events, an origin checkpoint) is
   * stored with a snapshot of its fold in file order, so this device shows what that one showed.
   * @throws when this build has stopped writing (a newer version's records would be lost).
   */
  async replaceWith(file: ParsedLogFile): Promise<void> {
    await this.wholeLog.replace(file);
    const notes = this.state.notes.order.length;
    await this.append('log.imported', { events: file.events.length, notes, mode: 'replace' });
    this.tabs?.replaced();
  }

  /**
   * A newer build (schema `version`) writes to this log: stop writing. Queued events stay pending,
   * so they are shown and go to the page-hide journal for the newer build.
   */
  meetNewerVersion(version: number): void {
    this.health.meetNewerVersion(version);
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
   * Read the documents of notes `ids` (every note: null) that the state holds unread, by key, and put
   * them into the state (docs/architecture.md "Snapshots", "Documents by reference"): same HTML, no
   * content changed. Whoever reads a note's document (the editor opening it, history, export) awaits
   * this first; `bodyBlocks` throws DocumentNotRead otherwise. When a record is gone (another tab's
   * clean-up), the log folds again from the newest snapshot and reads once more.
   * @throws DocumentGone when a record is still missing after that.
   */
  readNotes(ids: Iterable<string> | null): Promise<void> {
    return this.documents.readNotes(ids);
  }

  /**
   * The HTML of each of `bodies` (bodies of this log's states), reading the records of unread bodies
   * that lack it, by key, without putting them into the state (docs/architecture.md "Documents by
   * reference"). Read many in bounded batches: each call holds the HTML it returns.
   * @throws DocumentGone when a record is gone: the log folds again; ask again with the new state's bodies.
   */
  readHtml(bodies: Iterable<NoteBody>): Promise<Map<NoteBody, string>> {
    return this.documents.readHtml(bodies);
  }

  /**
   * `readHtml` for readers of many notes: each body's HTML handed to `visit` as its slice is read, none
   * kept; stops between slices once `stop()` is true. @throws DocumentGone as `readHtml` does.
   */
  eachHtml(bodies: Iterable<NoteBody>, visit: (body: NoteBody, html: string) => void, stop?: () => boolean): Promise<void> {
    return this.documents.eachHtml(bodies, visit, stop);
  }

  /**
   * Each of `bodies` whole, handed to `visit` a slice at a time (an unread one made whole from its record), nothing
   * put into the state: for a reader of many documents that keeps what it makes of them only (the export of all
   * notes, the sync checkpoint).
   * @throws DocumentGone as `readHtml` does.
   */
  eachWhole(bodies: Iterable<NoteBody>, visit: (body: NoteBody, whole: WholeBody) => void): Promise<void> {
    return this.documents.eachWhole(bodies, visit);
  }

  /**
   * Note `id` is shown (the editor): a fold again from a snapshot (reload) reads its document before
   * it publishes, as it does the selected note's, so the note does not turn unread under the cursor
   * (docs/architecture.md "Snapshots"). The last few notes asked for are kept so.
   */
  keepRead(id: string): void {
    this.documents.keep([id]);
  }

  /** `readNotes` of the notes whose documents folding `events` reads (a `note.changed`'s note): before appending them. */
  readDocumentsFor(events: readonly AppEvent[]): Promise<void> {
    return this.readNotes(notesReadBy(events, this.folded.fold.confirmed.notes));
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
   * state, and written in one IndexedDB transaction, so they are durable together or not at all
   * (an event another tab stored meanwhile is kept as stored and left out of it). Resolves with the
   * stored events (seq assigned) once that transaction completed; rejects as `append` does when it
   * fails (the events stay pending and are retried).
   * @throws InvalidEventError (synchronously) when any event does not match the catalog; nothing is applied.
   * A `note.changed` on a note whose document is not read (a reload left it unread) is not applied at
   * once: the log reads that document first, then applies and writes it, and every append made
   * meanwhile waits behind it, in order (ReadingAppends, docs/architecture.md "Documents by reference").
   */
  appendBatch(events: readonly AppEvent[]): Promise<AppEvent[]> {
    for (const event of events) assertValidEvent({ ...event, seq: undefined }, false);
    if (!this.status$.value.loaded) throw new Error('EventLog.append before load() finished');
    // The fold applies appended events at once: whoever makes a change loads the engine first (the editor does).
    if (needsChainEngine(events)) throw new Error('EventLog.append of a change (note.changed) before loadChainEngine() resolved');
    if (events.length === 0) return Promise.resolve([]);
    const batch = [...events];
    // Applied, a change merges into its note's document: an unread one is read first, in the appends' order.
    const unread = () => this.folded.fold.unreadKeys(notesReadBy(batch, this.folded.fold.confirmed.notes)).length > 0;
    if (!this.reading.waiting && !unread()) return this.applyAndWrite(batch);
    const written = this.reading.queue(
      batch,
      unread,
      () => this.readDocumentsFor(batch),
      () => this.applyAndWrite(batch),
    );
    written.catch(() => {});
    return written;
  }

  /** Apply `events` to the state at once and queue their durable write (appendBatch). */
  private applyAndWrite(events: AppEvent[]): Promise<AppEvent[]> {
    this.folded.apply(events);
    const written = this.writes.enqueue(events);
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
    return this.snapshots.defer();
  }

  /** Events applied in memory but not yet durable (what a page-hide journal must keep). */
  pendingEvents(): readonly AppEvent[] {
    // Appends waiting for a read of their note's document, or held after it failed, count too: the page-hide journal keeps them.
    const held = this.reading.events();
    return held.length > 0 ? [...this.folded.pending, ...held] : this.folded.pending;
  }

  /** Retry durable writes of events still pending after a failed write (e.g. once storage has room). */
  retryPending(): Promise<AppEvent[]> {
    const waiting = this.writes.waitingIds();
    const retried = this.folded.pending.filter((e) => !waiting.has(e.id));
    // One write for all of them: a batch appended together (an import's) stays in one transaction.
    return retried.length ? this.writes.enqueue(retried) : Promise.resolve([]);
  }

  /** Read events after the confirmed seq from storage (ours and other tabs') and fold them in order. */
  catchUp(): Promise<void> {
    return this.tail.catchUp();
  }

  /** Fold what a read of the tail brought (TailReads). */
  private async foldTail(raws: unknown[]): Promise<void> {
    const { folded } = this;
    const events = await readStored(this.reader, raws, this.wholeLog.epoch);
    const fold = folded.fold;
    try {
      await this.documents.readForFold(fold, events);
    } catch (error) {
      if (!(error instanceof DocumentGone)) throw error;
      // A record gone (another tab's clean-up): fold again from the newest snapshot, which reads these events too.
      await this.reload();
      return;
    }
    // A reload while the documents were read folded these events already.
    if (fold !== folded.fold) return;
    folded.confirm(events);
    const last = (raws.at(-1) as { seq?: unknown } | undefined)?.seq;
    const moved = typeof last === 'number' ? passed(folded.fold.confirmed, last) : folded.fold.confirmed;
    if (moved !== folded.fold.confirmed) {
      folded.fold.confirmed = moved;
      folded.publish();
    }
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
    await this.tail.after(async () => {
      const seq = this.folded.fold.confirmed.seq;
      // Folded already by a read for another tab's message, or stored by another tab before this one wrote them.
      this.folded.drop(stored.filter((e) => e.seq <= seq));
      const fresh = stored.filter((e) => e.seq > seq);
      if (fresh.length === 0) return;
      if (fresh.some((e, i) => e.seq !== seq + 1 + i)) return this.tail.readTail();
      this.folded.confirm(fresh);
    });
    this.tabs?.appended(stored[stored.length - 1].seq);
  }

  /** Checkpoint the durable state (never pending events, which have no seq yet). Not while a newer build writes. */
  writeSnapshot(): Promise<void> {
    return this.wholeLog.writeSnapshot();
  }

  /**
   * The events about one note in seq order, read through the one reader: its history (docs/product.md
   * "History"). A note whose id was taken when it was made (docs/architecture.md "Note identity") also
   * has events under the id it was made with: they are read too (`noteRevisions` tells them apart).
   */
  noteEvents(noteId: string): Promise<AppEvent[]> {
    return readNoteEvents(this.storage, this.state.notes.remaps, noteId);
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
  latestSnapshot(): Promise<Snapshot | null> {
    return readLatestSnapshot(this.storage);
  }

  /**
   * Every stored record for an export: this build's events (upcast) and newer builds' records as
   * they are stored, so an export from an older tab loses nothing. On a synced device the events
   * the server ordered come first, in its order and with their `sseq`, then the rest in this
   * device's order: folding the file in that order gives what this device shows.
   */
  async storedRecords(): Promise<StoredRecord[]> {
    return (await readFoldOrdered(this.storage, this.account$.value !== null, true)).map(({ record }) => record);
  }

  /**
   * This build's events for the replay view (docs/product.md "Event log tools"), in the fold order
   * of an export (see storedRecords), without their BlockNote documents: the view shows and folds the
   * HTML, and leaving the documents out of the read halves what is parsed for a long history.
   */
  async replayEvents(): Promise<AppEvent[]> {
    const events = (await readFoldOrdered(this.storage, this.account$.value !== null, false)).flatMap(({ event }) =>
      event ? [event] : [],
    );
    // The replay folds them synchronously, step by step: a change among them may need a merge.
    await loadChainEngineFor(events);
    return events;
  }

  /**
   * The state the replay of this log ends on (replayEvents folded from the empty state), when this
   * tab already holds it (docs/product.md "Event log tools"): the durable fold, without the pending
   * events, which the replay's read does not meet. Null where that last step could differ from it:
   * before `load()` finished (bodies may be pending), on a synced device (the replay folds its
   * selections after the account's events), on a log that was replaced or began or ended sync (it
   * has an epoch: its state may come from a checkpoint or the server's order, not from its events
   * in seq order from nothing), once another tab's view events were folded (this tab's
   * view does not follow them, the replay does), when a read of the tail failed (the tab is behind
   * the stored log), when records were set aside at this start, or when no note is selected among
   * notes (the replay's last step then shows the note its last event is about, which only the
   * events tell), or while the selected note's body holds no HTML (docs/architecture.md "Documents by
   * reference"); the `note_{id}` lines of other bodies holding none show NOT_READ_YET until the log is read.
   */
  replayEnd(): AppState | null {
    const { loaded, readError, quarantinedNow } = this.status$.value;
    if (!loaded || readError || quarantinedNow.length) return null;
    if (this.account$.value !== null || this.wholeLog.epoch !== '' || !this.folded.viewFollowsLog) return null;
    const state = this.folded.fold.confirmed;
    const selected = state.view.selectedId;
    if (selected === null ? state.notes.order.length > 0 : state.notes.meta[selected] === undefined) return null;
    // The note shown needs its HTML; the storage lines of notes not read yet say so until the log's events are read.
    const shown = selected === null ? undefined : state.notes.bodies[selected];
    if (shown !== undefined && shown.html === undefined) return null;
    return state;
  }

  /**
   * Drop superseded body revisions per `policy` (docs/architecture.md "Compaction") and write a
   * fresh snapshot. Does nothing while a newer build writes, or on a synced device (the server
   * keeps the account's history; new devices start from its checkpoint). Returns how many events
   * were dropped.
   */
  compact(now = this.now(), policy?: CompactionPolicy): Promise<number> {
    return this.wholeLog.compact(now, policy);
  }

  /**
   * Stop listening to other tabs, wait for the writes already queued, then close storage. Writes
   * held because a newer build writes to the log are not waited for (they stay in the journal).
   */
  async close(): Promise<void> {
    this.tail.close();
    this.tabs?.close();
    await this.reading.settled();
    await this.writes.drain();
    await this.tail.settled();
    this.storage.close();
  }
}

/** `state` moved past `last`, the seq of the last record read: a newer build's record is not folded, but it is not read again at every catch-up. */
function passed(state: AppState, last: number): AppState {
  return last > state.seq ? { ...state, seq: last } : state;
}
