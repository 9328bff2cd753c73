import type { AppEvent, EventType } from '../events/catalog';
import { DEFAULT_NOTE_TITLE, type NotesState } from './notesState';

/**
 * A copy-on-write draft of NotesState: each container is copied at most once per batch,
 * so folding N events over M notes costs O(N) for the common events instead of O(N*M).
 */
class NotesDraft {
  private copied = new Set<keyof NotesState>();
  constructor(public state: NotesState) {}

  write<K extends keyof NotesState>(key: K): NotesState[K] {
    if (!this.copied.has(key)) {
      if (this.copied.size === 0) this.state = { ...this.state };
      const value = this.state[key];
      this.state[key] = (Array.isArray(value) ? [...value] : { ...value }) as NotesState[K];
      this.copied.add(key);
    }
    return this.state[key];
  }
}

const titleOrDefault = (title: string) => (title.trim() === '' ? DEFAULT_NOTE_TITLE : title);

/** How one event type changes the notes; `null`: it does not (view, preference, activity, log events). */
type NoteFold<K extends EventType> = ((draft: NotesDraft, event: AppEvent<K>) => void) | null;

/**
 * What every event type does to the notes. Typed against the catalog: a new event type does not
 * compile until it is listed here (docs/architecture.md "Projections").
 */
const NOTE_FOLDS: { [K in EventType]: NoteFold<K> } = {
  'note.created': (draft, { at, payload: { id, title } }) => {
    const notes = draft.state;
    if (notes.meta[id] || notes.deleted[id]) return;
    draft.write('order').unshift(id);
    draft.write('meta')[id] = { title: titleOrDefault(title), modified: at };
    draft.write('bodies')[id] = { html: '' };
  },
  'note.imported': (draft, { payload: { id, title, modified, html, starred } }) => {
    const notes = draft.state;
    if (notes.meta[id] || notes.deleted[id]) return;
    // Imports keep the order they are appended in: the legacy list order.
    draft.write('order').push(id);
    draft.write('meta')[id] = { title: titleOrDefault(title), modified };
    draft.write('bodies')[id] = { html };
    if (starred && !notes.starred.includes(id)) draft.write('starred').push(id);
  },
  'note.renamed': (draft, { at, payload: { id, title } }) => {
    if (!draft.state.meta[id]) return;
    draft.write('meta')[id] = { title: titleOrDefault(title), modified: at };
  },
  'note.body-saved': (draft, { at, payload: { id, html, blocks } }) => {
    const meta = draft.state.meta[id];
    if (!meta) return;
    draft.write('meta')[id] = { ...meta, modified: at };
    draft.write('bodies')[id] = blocks ? { html, blocks } : { html };
  },
  'note.revision-restored': (draft, { at, payload: { id, html, blocks, title } }) => {
    const meta = draft.state.meta[id];
    if (!meta) return;
    draft.write('meta')[id] = { title: title !== undefined ? titleOrDefault(title) : meta.title, modified: at };
    draft.write('bodies')[id] = blocks ? { html, blocks } : { html };
  },
  'note.deleted': (draft, { payload: { id } }) => {
    const notes = draft.state;
    if (!notes.meta[id]) return;
    const order = draft.write('order');
    order.splice(order.indexOf(id), 1);
    delete draft.write('meta')[id];
    delete draft.write('bodies')[id];
    if (notes.starred.includes(id)) draft.write('starred').splice(notes.starred.indexOf(id), 1);
    draft.write('deleted')[id] = true;
  },
  'note.moved': (draft, { payload: { id, direction } }) => {
    const from = draft.state.order.indexOf(id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= draft.state.order.length) return;
    const order = draft.write('order');
    [order[from], order[to]] = [order[to], order[from]];
  },
  'note.starred': (draft, { payload: { id } }) => {
    if (!draft.state.meta[id] || draft.state.starred.includes(id)) return;
    draft.write('starred').push(id);
  },
  'note.unstarred': (draft, { payload: { id } }) => {
    const at = draft.state.starred.indexOf(id);
    if (at >= 0) draft.write('starred').splice(at, 1);
  },
  'note.selected': null,
  'ui.sort-changed': null,
  'ui.search-changed': null,
  'ui.sidebar-toggled': null,
  'ui.analytics-toggled': null,
  'ui.theme-changed': null,
  'editor.command': null,
  'note.exported': null,
  'note.copied': null,
  'note.downloaded': null,
  'note.emailed': null,
  'note.calendar-opened': null,
  'task.created': null,
  'recording.started': null,
  'recording.stopped': null,
  'summary.requested': null,
  'summary.received': null,
  'summary.failed': null,
  'recap.format-changed': null,
  'recap.inserted': null,
  'resources.requested': null,
  'resources.received': null,
  'resources.failed': null,
  'ai.panel-closed': null,
  'log.imported': null,
};

function apply<K extends EventType>(draft: NotesDraft, event: AppEvent<K>): void {
  (NOTE_FOLDS[event.type] as NoteFold<K>)?.(draft, event);
}

/**
 * Fold events into the notes projection (docs/product.md "Storage keys", "States and transitions"). Pure: `state` is never mutated;
 * containers no event touched are shared with the input. Unknown ids are ignored, so a
 * replayed or merged log never throws.
 */
export function foldNotes(state: NotesState, events: readonly AppEvent[]): NotesState {
  const draft = new NotesDraft(state);
  for (const event of events) apply(draft, event);
  return draft.state;
}
