import type { AppEvent } from '../events/catalog';
import type { NotesState, ViewState } from './notesState';

/**
 * Fold events into one tab's view state (SPEC.md §2, §4). Pure.
 * `notes` is the notes projection *after* the same events, so a deleted selection is cleared.
 */
export function foldView(view: ViewState, events: readonly AppEvent[], notes: NotesState): ViewState {
  let next = view;
  for (const event of events) {
    switch (event.type) {
      case 'note.created':
      case 'note.selected':
        next = { ...next, selectedId: event.payload.id };
        break;
      case 'ui.sort-changed':
        next = { ...next, sort: event.payload.sort };
        break;
      case 'ui.search-changed':
        next = { ...next, search: event.payload.query };
        break;
      case 'ui.sidebar-toggled':
        next = { ...next, sidebar: event.payload.mode };
        break;
      case 'ui.analytics-toggled':
        next = { ...next, analyticsOpen: event.payload.open };
        break;
      case 'ui.theme-changed':
        next = { ...next, theme: event.payload.theme };
        break;
      default:
        break;
    }
  }
  if (next.selectedId !== null && !notes.meta[next.selectedId]) next = { ...next, selectedId: null };
  return next;
}
