import type { AppEvent, EventType } from '../../catalog';
import type { NotesState, ViewState } from './notesState';
import { ignoring } from './ignoring';

/** How one event type changes a tab's view; `null`: it does not. */
type ViewFold<K extends EventType> = ((view: ViewState, event: AppEvent<K>) => ViewState) | null;

const select = (view: ViewState, id: string | null): ViewState => ({ ...view, selectedId: id });

/**
 * What every event type does to one tab's view. Typed against the catalog: a new event type does
 * not compile until it is listed here (docs/architecture.md "Projections").
 */
const VIEW_FOLDS: { [K in EventType]: ViewFold<K> } = {
  ...ignoring('activity', 'log'),
  'note.created': (view, e) => select(view, e.payload.id),
  'note.selected': (view, e) => select(view, e.payload.id),
  'ui.sort-changed': (view, e) => ({ ...view, sort: e.payload.sort }),
  'ui.search-changed': (view, e) => ({ ...view, search: e.payload.query }),
  'ui.sidebar-toggled': (view, e) => ({ ...view, sidebar: e.payload.mode }),
  'ui.analytics-toggled': (view, e) => ({ ...view, analyticsOpen: e.payload.open }),
  'ui.theme-changed': (view, e) => ({ ...view, theme: e.payload.theme }),
  // A deleted selection is cleared below, whatever deleted it.
  'note.deleted': null,
  'note.imported': null,
  'share.created': null,
  'share.changed': null,
  'share.stopped': null,
  'note.renamed': null,
  'note.body-saved': null,
  'note.revision-restored': null,
  'note.moved': null,
  'note.starred': null,
  'note.unstarred': null,
  'device.named': null,
};

/**
 * Fold events into one tab's view state (docs/product.md "Sidebar", "States and transitions").
 * Pure. `notes` is the notes projection *after* the same events, so a deleted selection is cleared.
 */
export function foldView(view: ViewState, events: readonly AppEvent[], notes: NotesState): ViewState {
  let next = view;
  for (const event of events) {
    const fold = VIEW_FOLDS[event.type] as ViewFold<EventType>;
    if (fold) next = fold(next, event);
  }
  if (next.selectedId !== null && !notes.meta[next.selectedId]) next = { ...next, selectedId: null };
  return next;
}
