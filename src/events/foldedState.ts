import { BehaviorSubject, Subject } from 'rxjs';
import type { AppEvent } from '../../catalog';
import { foldApp, foldAround, movesViewHereOnly } from '../projections/foldApp';
import { foldNotes } from '../projections/foldNotes';
import { shareEqual } from '../projections/structuralSharing';
import { INITIAL_STATE, type AppState } from '../projections/notesState';
import { LogFold } from './logFold';

/**
 * What the log shows (docs/architecture.md "IndexedDB log"): the fold of its durable events
 * (LogFold, in seq order or, on a synced device, the server's) with the events appended here and
 * not yet durable folded on top. The one owner of the fold, the pending events and `state$`.
 */
export class FoldedState {
  /** The durable fold with the pending events on top; objects equal to the last ones are kept. */
  readonly state$ = new BehaviorSubject<AppState>(INITIAL_STATE);
  /** Every event once it is durable, local, from another tab or from the sync server, in the order it became so. */
  readonly events$ = new Subject<AppEvent>();
  /** The durable fold; a fold of the whole stored log starts a new one (`restart`). */
  private current = new LogFold(INITIAL_STATE);
  /** Events applied here but not durable yet, in append order: shown on top, kept by the page-hide journal. */
  private pendingEvents: AppEvent[] = [];
  /** Another tab's view event was folded into this fold: this tab's view no longer is the log's. */
  private viewElsewhere = false;

  /** The durable fold (its state, its server order and outbox). */
  get fold(): LogFold {
    return this.current;
  }

  /** The pending events (see `pendingEvents`). */
  get pending(): readonly AppEvent[] {
    return this.pendingEvents;
  }

  /**
   * Whether this tab's view is the one a fold of the log in its order gives: false once another
   * tab's view events were folded (they leave this tab's view as it is), until a new fold.
   */
  get viewFollowsLog(): boolean {
    return !this.viewElsewhere;
  }

  /** Start a new durable fold from `initial` (a snapshot's state, or the empty one). */
  restart(initial: AppState): LogFold {
    this.current = new LogFold(initial);
    this.viewElsewhere = false;
    return this.current;
  }

  /** Put `fold` in place as the durable fold: a fold of the whole stored log, built apart so no read of the tail met it half done. */
  adopt(fold: LogFold): LogFold {
    this.current = fold;
    this.viewElsewhere = false;
    return fold;
  }

  /** Show `state` before the fold has it (start-up's list before the bodies). */
  show(state: AppState): void {
    this.state$.next(state);
  }

  /** Apply appended events at once, as pending. */
  apply(events: readonly AppEvent[]): void {
    this.pendingEvents.push(...events);
    this.publish();
  }

  /** Drop every pending event (the stored log is folded again from scratch). */
  forgetPending(): void {
    this.pendingEvents = [];
  }

  /** Fold durable events (seq order, after the confirmed seq), drop them from pending, and tell `events$`. */
  confirm(events: AppEvent[]): void {
    if (events.length === 0) return;
    const ownIds = new Set(this.pendingEvents.map((e) => e.id));
    // Fold runs of own / other tabs' events: other tabs' view events must not move this tab's view.
    for (let i = 0; i < events.length;) {
      const own = ownIds.has(events[i].id);
      let j = i;
      while (j < events.length && ownIds.has(events[j].id) === own) j++;
      const run = events.slice(i, j);
      if (!own && run.some(movesViewHereOnly)) this.viewElsewhere = true;
      this.current.confirmLocal(run, own ? 'this-tab' : 'elsewhere');
      i = j;
    }
    const confirmedIds = new Set(events.map((e) => e.id));
    this.pendingEvents = this.pendingEvents.filter((e) => !confirmedIds.has(e.id));
    this.publish();
    for (const e of events) this.events$.next(e);
  }

  /**
   * The pending events among `events` (records a fold of the stored log is reading): written by this tab
   * and durable, their confirmation not heard yet. Once that fold is in place they are in it, so they must
   * leave pending then (`drop`), or they would be shown on top of themselves until the confirmation.
   */
  pendingAmong(events: readonly AppEvent[]): AppEvent[] {
    if (this.pendingEvents.length === 0) return [];
    const ids = new Set(events.map((e) => e.id));
    return this.pendingEvents.filter((e) => ids.has(e.id));
  }

  /** Take `folded` (events the fold already holds) out of pending, and show the state without them on top. */
  drop(folded: readonly AppEvent[]): void {
    const ids = new Set(folded.map((e) => e.id));
    const before = this.pendingEvents.length;
    this.pendingEvents = this.pendingEvents.filter((e) => !ids.has(e.id));
    if (this.pendingEvents.length !== before) this.publish();
  }

  /** `confirmed` with the pending events on top; the notes of those the server's order already brought are not folded twice. */
  private withPending(confirmed: AppState): AppState {
    const early = this.current.orderedEarly;
    const pending = this.pendingEvents;
    if (!early.size || !pending.some((e) => early.has(e.id))) return foldApp(confirmed, pending);
    const notes = foldNotes(
      confirmed.notes,
      pending.filter((e) => !early.has(e.id)),
    );
    return foldAround(confirmed, pending, notes, 'this-tab');
  }

  /** Publish the fold's state with the pending events on top. */
  publish(): void {
    const current = this.state$.value;
    const confirmed = this.current.confirmed;
    // Confirming folds events again from the durable state: keep the published objects where equal.
    const next = shareEqual(current, this.pendingEvents.length ? this.withPending(confirmed) : confirmed);
    if (next !== current) this.state$.next(next);
  }
}
