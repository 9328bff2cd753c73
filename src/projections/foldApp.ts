import { VIEW_EVENT_TYPES, type AppEvent } from '../events/catalog';
import { foldNotes } from './foldNotes';
import { foldView } from './foldView';
import type { AppState } from './notesState';

/**
 * Fold a batch of events into the whole projection. Pure.
 * With `applyView: false` (events another tab made) the view events move `seq` on
 * but do not change this tab's selection, sort, search or panels; note events still
 * clear a selection they delete.
 */
export function foldApp(state: AppState, events: readonly AppEvent[], applyView = true): AppState {
  if (events.length === 0) return state;
  const notes = foldNotes(state.notes, events);
  const viewEvents = applyView ? events : events.filter((e) => !VIEW_EVENT_TYPES.has(e.type) && e.type !== 'note.created');
  const view = foldView(state.view, viewEvents, notes);
  let seq = state.seq;
  for (const e of events) if (e.seq > seq) seq = e.seq; // no spread: logs hold 10^5 events
  return notes === state.notes && view === state.view && seq === state.seq ? state : { notes, view, seq };
}
