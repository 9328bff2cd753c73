import { VIEW_EVENT_TYPES, type AppEvent } from '../../catalog';
import { foldNotes } from './foldNotes';
import { foldView } from './foldView';
import type { AppState, NotesState } from './notesState';

/**
 * Who made the events being folded, for the view (docs/architecture.md "Projections"): `this-tab`
 * moves this tab's selection, sort, search and panels; `elsewhere` (another tab) folds the notes but
 * leaves this tab's view as it is, except that a deleted selection is cleared.
 */
export type ViewOrigin = 'this-tab' | 'elsewhere';

/**
 * Whether `event` moves only the view of the tab that made it (a view event, or a note's creation,
 * which selects it): folded from another tab, it leaves this tab's view as it is.
 */
export function movesViewHereOnly(event: AppEvent): boolean {
  return VIEW_EVENT_TYPES.has(event.type) || event.type === 'note.created';
}

/**
 * Fold a batch of events into the whole projection: notes and view, and `seq` to the highest
 * folded. Pure; returns `state` itself when nothing changed.
 */
export function foldApp(state: AppState, events: readonly AppEvent[], origin: ViewOrigin = 'this-tab'): AppState {
  if (events.length === 0) return state;
  return foldAround(state, events, foldNotes(state.notes, events), origin);
}

/**
 * The projection after `events`, given the notes they lead to (folded by the caller, e.g. in
 * another order): the view folds the same events, `seq` moves to the highest. Pure.
 */
export function foldAround(state: AppState, events: readonly AppEvent[], notes: NotesState, origin: ViewOrigin): AppState {
  const viewEvents = origin === 'this-tab' ? events : events.filter((e) => !movesViewHereOnly(e));
  const view = foldView(state.view, viewEvents, notes);
  let seq = state.seq;
  for (const e of events) if (e.seq > seq) seq = e.seq; // no spread: logs hold 10^5 events
  return notes === state.notes && view === state.view && seq === state.seq ? state : { notes, view, seq };
}
