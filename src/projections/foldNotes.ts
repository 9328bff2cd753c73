import type { AppEvent } from '../events/catalog';
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

function apply(draft: NotesDraft, event: AppEvent): void {
  const notes = draft.state;
  switch (event.type) {
    case 'note.created': {
      const { id, title } = event.payload;
      if (notes.meta[id] || notes.deleted[id]) return;
      draft.write('order').unshift(id);
      draft.write('meta')[id] = { title: titleOrDefault(title), modified: event.at };
      draft.write('bodies')[id] = { html: '' };
      return;
    }
    case 'note.imported': {
      const { id, title, modified, html, starred } = event.payload;
      if (notes.meta[id] || notes.deleted[id]) return;
      // Imports keep the order they are appended in: the legacy list order.
      draft.write('order').push(id);
      draft.write('meta')[id] = { title: titleOrDefault(title), modified };
      draft.write('bodies')[id] = { html };
      if (starred && !notes.starred.includes(id)) draft.write('starred').push(id);
      return;
    }
    case 'note.renamed': {
      const { id, title } = event.payload;
      if (!notes.meta[id]) return;
      draft.write('meta')[id] = { title: titleOrDefault(title), modified: event.at };
      return;
    }
    case 'note.body-saved': {
      const { id, html, blocks } = event.payload;
      if (!notes.meta[id]) return;
      draft.write('meta')[id] = { ...notes.meta[id], modified: event.at };
      draft.write('bodies')[id] = blocks ? { html, blocks } : { html };
      return;
    }
    case 'note.revision-restored': {
      const { id, html, blocks, title } = event.payload;
      if (!notes.meta[id]) return;
      draft.write('meta')[id] = { title: title !== undefined ? titleOrDefault(title) : notes.meta[id].title, modified: event.at };
      draft.write('bodies')[id] = blocks ? { html, blocks } : { html };
      return;
    }
    case 'note.deleted': {
      const { id } = event.payload;
      if (!notes.meta[id]) return;
      const order = draft.write('order');
      order.splice(order.indexOf(id), 1);
      delete draft.write('meta')[id];
      delete draft.write('bodies')[id];
      if (notes.starred.includes(id)) draft.write('starred').splice(notes.starred.indexOf(id), 1);
      draft.write('deleted')[id] = true;
      return;
    }
    case 'note.moved': {
      const { id, direction } = event.payload;
      const from = notes.order.indexOf(id);
      const to = direction === 'up' ? from - 1 : from + 1;
      if (from < 0 || to < 0 || to >= notes.order.length) return;
      const order = draft.write('order');
      [order[from], order[to]] = [order[to], order[from]];
      return;
    }
    case 'note.starred': {
      const { id } = event.payload;
      if (!notes.meta[id] || notes.starred.includes(id)) return;
      draft.write('starred').push(id);
      return;
    }
    case 'note.unstarred': {
      const { id } = event.payload;
      const at = notes.starred.indexOf(id);
      if (at >= 0) draft.write('starred').splice(at, 1);
      return;
    }
    default:
      return; // view and helper events do not change the notes
  }
}

/**
 * Fold events into the notes projection (SPEC.md §3-§4). Pure: `state` is never mutated;
 * containers no event touched are shared with the input. Unknown ids are ignored, so a
 * replayed or merged log never throws.
 */
export function foldNotes(state: NotesState, events: readonly AppEvent[]): NotesState {
  const draft = new NotesDraft(state);
  for (const event of events) apply(draft, event);
  return draft.state;
}
