import { SYNCED_EVENT_TYPES, type AppEvent } from '../../catalog';
import { foldAround, foldApp, type ViewOrigin } from '../projections/foldApp';
import { foldNotes } from '../projections/foldNotes';
import { foldView } from '../projections/foldView';
import { EMPTY_NOTES, type AppState, type NoteBody, type NotesState } from '../projections/notesState';
import { notesReadBy, unreadKeys, withDocuments } from './documentReads';
import type { DocumentRecord, ServerBase } from './logRecords';

/**
 * An event the sync server has ordered: the account's sequence number and the event, or null for
 * one this build cannot read, which the fold skips (docs/architecture.md "Sync").
 */
export interface ServerOrdered {
  sseq: number;
  event: AppEvent | null;
}

const isSynced = (e: AppEvent) => SYNCED_EVENT_TYPES.has(e.type);

/**
 * The durable part of the projection, in one of two modes (docs/architecture.md "Sync"):
 *
 * - local (no account): every durable event is final in this device's order (`seq`), so the state
 *   is folded as events become durable, once each.
 * - synced: the notes are the account's server-ordered events (`base`, up to the server `head`)
 *   with this device's note events that the server has not ordered yet (`outbox`, in local order)
 *   folded on top. When the server orders one of them first, nothing is folded again; when other
 *   devices' events come before them, the outbox is folded again on the new base, so every device
 *   converges on fold(server order). The view (selection, sort, search, panels) always follows
 *   this device's order.
 *
 * Pure apart from its own fields; never does I/O.
 */
export class LogFold {
  /** The durable projection: notes as described above, view and `seq` in local order. */
  confirmed: AppState;
  private server: ServerBase | null = null;
  /** Note events the server has not ordered, in local order, set-aside ones included. */
  private outbox: AppEvent[] = [];
  /** Ids of outbox events the server refused for good: never pushed, still folded on top here. */
  private aside = new Set<string>();
  /**
   * Ids of this device's events the server ordered before this fold confirmed them (another tab
   * pushed them while this tab's write was still finishing): in the base already, so their
   * confirmation must not fold them again. Each leaves when confirmed.
   */
  private early = new Set<string>();

  constructor(initial: AppState) {
    this.confirmed = initial;
  }

  /** Whether the notes follow a sync server's order. */
  get synced(): boolean {
    return this.server !== null;
  }

  /** The server-ordered notes and head (synced mode), for snapshots and the sync server's checkpoint. */
  get serverBase(): ServerBase | null {
    return this.server;
  }

  /** This device's note events the server has not ordered yet and may still take, in local order: what to push (synced mode). */
  get unordered(): readonly AppEvent[] {
    return this.aside.size ? this.outbox.filter((e) => !this.aside.has(e.id)) : this.outbox;
  }

  /** Ids of this device's events already in the server's notes but not confirmed here yet (`early`): shown once. */
  get orderedEarly(): ReadonlySet<string> {
    return this.early;
  }

  /** The first event folded on top of the server's notes, set-aside ones included: the log is read from it at the next start. */
  get firstOnTop(): AppEvent | undefined {
    return this.outbox[0];
  }

  /**
   * Follow a server's order from now on: `base` is the account's notes at `head` (a checkpoint, or
   * empty at 0) and `outbox` every note event of this device the server does not have, in local order;
   * those in `aside` were refused for good: they stay on top of the notes here, never pushed.
   */
  enterSync(base: ServerBase, outbox: readonly AppEvent[], aside: ReadonlySet<string> = new Set()): void {
    // Folded before anything is set: a body not read (DocumentNotRead) leaves the fold as it was.
    const confirmed = this.refolded(base.notes, outbox);
    this.server = { ...base };
    this.outbox = [...outbox];
    this.aside = new Set(outbox.filter((e) => aside.has(e.id)).map((e) => e.id));
    this.early = new Set();
    this.confirmed = confirmed;
  }

  /** Stop following a server: the notes as they are now become this device's own, final state. */
  leaveSync(): void {
    this.server = null;
    this.outbox = [];
    this.aside = new Set();
    this.early = new Set();
  }

  /**
   * Fold durable events of this device's log, in local seq order (own events, or other tabs').
   * Local mode: into the notes and the view. Synced mode: the view always; note events the server
   * has not ordered go to the outbox and on top of the notes; events the server ordered (pulled
   * from it, `sseq` set) wait for `advance`, which folds them in server order.
   */
  confirmLocal(events: readonly AppEvent[], origin: ViewOrigin): void {
    if (events.length === 0) return;
    if (!this.server) {
      this.confirmed = foldApp(this.confirmed, events, origin);
      return;
    }
    const fresh = events.filter((e) => isSynced(e) && e.sseq === undefined && !this.early.delete(e.id));
    this.outbox.push(...fresh);
    const notes = fresh.length ? foldNotes(this.confirmed.notes, fresh) : this.confirmed.notes;
    this.confirmed = foldAround(this.confirmed, events, notes, origin);
  }

  /** Fold durable records into the view and `seq` only (synced mode's start: their notes are read by order). */
  confirmView(events: readonly AppEvent[], origin: ViewOrigin): void {
    if (events.length) this.confirmed = foldAround(this.confirmed, events, this.confirmed.notes, origin);
  }

  /**
   * Fold server-ordered events (sseq ascending, from `head + 1`; a gap stops it) into the base.
   * Returns how many sequence numbers the head moved by. Own events the server ordered leave the
   * outbox; when another device's event comes before one of ours, the outbox is folded again on the
   * new base. An unreadable event (null) moves the head and changes nothing, the same on every device.
   */
  advance(entries: readonly ServerOrdered[]): number {
    const server = this.server;
    if (!server) return 0;
    // Worked out on copies and set only once both folds are done: a body not read (DocumentNotRead,
    // docs/architecture.md "Documents by reference") leaves the fold as it was, to be read and run again.
    const outbox = [...this.outbox];
    const early: string[] = [];
    // One fold for the run: folded one at a time, each event would copy the notes' containers.
    const run: AppEvent[] = [];
    let head = server.head;
    let refold = false;
    for (const { sseq, event } of entries) {
      if (sseq <= head) continue;
      if (sseq !== head + 1) break;
      head = sseq;
      if (event === null) continue;
      run.push(event);
      if (outbox[0]?.id === event.id) {
        outbox.shift();
        continue;
      }
      const at = outbox.findIndex((e) => e.id === event.id);
      if (at >= 0) outbox.splice(at, 1);
      // Stored here without a server number and past the confirmed seq: ours, not confirmed yet.
      else if (event.sseq === undefined && event.seq > this.confirmed.seq) early.push(event.id);
      refold = refold || outbox.length > 0 || at < 0;
    }
    const notes = run.length ? foldNotes(server.notes, run) : server.notes;
    const confirmed = refold ? this.refolded(notes, outbox) : this.confirmed;
    const moved = head - server.head;
    server.notes = notes;
    server.head = head;
    this.outbox = outbox;
    for (const id of early) this.early.add(id);
    this.confirmed = confirmed;
    return moved;
  }

  /**
   * The notes whose documents `advance(entries)` may read (docs/architecture.md "Documents by
   * reference"): those the run reads on the server's notes, and those the outbox reads when it is
   * folded again, on the server's notes and on the notes (`notesReadBy`). Conservative, not exact:
   * a body it misses makes `advance` throw DocumentNotRead and change nothing.
   */
  readByAdvance(entries: readonly ServerOrdered[]): Set<string> {
    const server = this.server;
    if (!server) return new Set();
    const run = entries.flatMap(({ event }) => (event ? [event] : []));
    const ids = notesReadBy(run, server.notes);
    if (this.outbox.length === 0) return ids;
    for (const notes of [server.notes, this.confirmed.notes]) for (const id of notesReadBy(this.outbox, notes)) ids.add(id);
    return ids;
  }

  /**
   * Outbox events the server refused for good: no longer pushed, but still folded on top of the
   * notes, so what was typed stays on this device (docs/product.md "Account and sync"). The notes
   * do not change.
   */
  setAside(ids: ReadonlySet<string>): void {
    for (const e of this.outbox) if (ids.has(e.id)) this.aside.add(e.id);
  }

  /**
   * The keys of the unread bodies (NoteBody.docKey) of notes `ids` (every note: null), in the notes
   * and in the server's base (docs/architecture.md "Snapshots", "Documents by reference").
   */
  unreadKeys(ids: Iterable<string> | null): string[] {
    const keys = unreadKeys(this.confirmed.notes, ids === null ? null : [...ids], new Set());
    if (this.server) unreadKeys(this.server.notes, ids === null ? null : [...ids], keys);
    return [...keys];
  }

  /**
   * Put read documents in (`read`, by key): each unread body they hold becomes whole, in the notes
   * and in the server's base, with the same HTML. A change of state that alters no content.
   */
  putDocuments(read: ReadonlyMap<string, DocumentRecord>): void {
    if (read.size === 0) return;
    const made = new Map<string, NoteBody>();
    const notes = withDocuments(this.confirmed.notes, read, made);
    if (notes !== this.confirmed.notes) this.confirmed = { ...this.confirmed, notes };
    if (this.server) this.server.notes = withDocuments(this.server.notes, read, made);
  }

  /** The confirmed state with `outbox` folded on `base` as its notes. @throws DocumentNotRead on a body of `base` not read. */
  private refolded(base: NotesState, outbox: readonly AppEvent[]): AppState {
    const notes = foldNotes(base, outbox);
    // A selection whose note no longer exists is cleared, as a delete would.
    return { ...this.confirmed, notes, view: foldView(this.confirmed.view, [], notes) };
  }
}

/** The empty server base: an account with no events yet. */
export const EMPTY_SERVER_BASE: ServerBase = { head: 0, notes: EMPTY_NOTES };
