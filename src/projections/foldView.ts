import { isTagWithin, tagKey, type AppEvent, type EventType } from '../../catalog';
import type { NotesState, ViewState } from './notesState';
import { ignoring } from './ignoring';
import { liveNotebook } from './organisation/notebooks';

/** How one event type changes a tab's view; `null`: it does not. */
type ViewFold<K extends EventType> = ((view: ViewState, event: AppEvent<K>, notes: NotesState) => ViewState) | null;

const select = (view: ViewState, id: string | null): ViewState => ({ ...view, selectedId: id });

/**
 * What every event type does to one tab's view. Typed against the catalog: a new event type does
 * not compile until it is listed here (docs/architecture.md "Projections").
 */
const VIEW_FOLDS: { [K in EventType]: ViewFold<K> } = {
  ...ignoring('activity', 'log'),
  // The note's id may have been taken (docs/architecture.md "Note identity"): select where it went.
  'note.created': (view, e, notes) => select(view, notes.remaps[e.id] ?? e.payload.id),
  'note.selected': (view, e) => select(view, e.payload.id),
  'ui.sort-changed': (view, e) => ({ ...view, sort: e.payload.sort }),
  'ui.search-changed': (view, e) => ({ ...view, search: e.payload.query }),
  'ui.sidebar-toggled': (view, e) => ({ ...view, sidebar: e.payload.mode }),
  'ui.analytics-toggled': (view, e) => ({ ...view, analyticsOpen: e.payload.open }),
  'ui.theme-changed': (view, e) => ({ ...view, theme: e.payload.theme }),
  'ui.filter-changed': (view, e) => ({ ...view, filter: e.payload.filter }),
  // A filter follows its tags through renames and loses deleted ones.
  'tag.renamed': (view, { payload: { tag, to } }) => {
    const from = tagKey(tag);
    const tags = view.filter.tags.map((key) => (isTagWithin(key, from) ? tagKey(to) + key.slice(from.length) : key));
    return tags.some((key, i) => key !== view.filter.tags[i]) ? { ...view, filter: { ...view.filter, tags: [...new Set(tags)] } } : view;
  },
  'tag.deleted': (view, { payload: { tag } }) => {
    const tags = view.filter.tags.filter((key) => !isTagWithin(key, tagKey(tag)));
    return tags.length === view.filter.tags.length ? view : { ...view, filter: { ...view.filter, tags } };
  },
  'notebook.deleted': null,
  'note.filed': null,
  'note.tagged': null,
  'note.untagged': null,
  'notebook.created': null,
  'notebook.renamed': null,
  'notebook.moved': null,
  'tag.created': null,
  // A deleted selection is cleared below, whatever deleted it.
  'note.deleted': null,
  'note.imported': null,
  'share.created': null,
  'share.changed': null,
  'share.stopped': null,
  'note.renamed': null,
  'note.body-saved': null,
  'note.revision-restored': null,
  'note.changed': null,
  'note.moved': null,
  'note.starred': null,
  'note.unstarred': null,
  'device.named': null,
};

/**
 * Fold events into one tab's view state (docs/product.md "Sidebar", "States and transitions").
 * Pure. `notes` is the notes projection *after* the same events, so a deleted selection is cleared
 * and a filter's notebook that is gone becomes its parent.
 */
export function foldView(view: ViewState, events: readonly AppEvent[], notes: NotesState): ViewState {
  let next = view;
  for (const event of events) {
    const fold = VIEW_FOLDS[event.type] as ViewFold<EventType>;
    if (fold) next = fold(next, event, notes);
  }
  if (next.selectedId !== null && !notes.meta[next.selectedId]) next = { ...next, selectedId: null };
  const { notebook } = next.filter;
  if (notebook !== null && !notes.notebooks[notebook])
    next = { ...next, filter: { ...next.filter, notebook: liveNotebook(notes, notebook) } };
  return next;
}
