import type { AppState, NotesState, ViewState } from './notesState';

type Entry = NotesState['meta'][string] | NotesState['bodies'][string] | true;

function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if ('title' in a || 'title' in b) return 'title' in a && 'title' in b && a.title === b.title && a.modified === b.modified;
  return a.html === b.html && a.blocks === b.blocks;
}

function sameRecord(a: Record<string, Entry>, b: Record<string, Entry>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!sameEntry(a[key], b[key])) return false;
  return true;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function sameView(a: ViewState, b: ViewState): boolean {
  return (Object.keys(a) as (keyof ViewState)[]).every((key) => a[key] === b[key]) && Object.keys(a).length === Object.keys(b).length;
}

/**
 * `next` with every part that equals the same part of `previous` replaced by `previous`'s object
 * (structural sharing). The log confirms an event by folding it again from the durable state,
 * which makes new but equal objects; sharing them means `useProjection` selectors see no change
 * and the sidebar and editor do not render twice per save or search keystroke. Pure: compares
 * values (bodies by their HTML string and block array), never mutates.
 */
export function shareEqual(previous: AppState, next: AppState): AppState {
  if (previous === next) return next;
  const view = next.view === previous.view || !sameView(next.view, previous.view) ? next.view : previous.view;
  const a = previous.notes;
  const b = next.notes;
  let notes = b;
  if (a !== b) {
    const order = b.order === a.order || !sameList(b.order, a.order) ? b.order : a.order;
    const starred = b.starred === a.starred || !sameList(b.starred, a.starred) ? b.starred : a.starred;
    const meta = b.meta === a.meta || !sameRecord(b.meta, a.meta) ? b.meta : a.meta;
    const bodies = b.bodies === a.bodies || !sameRecord(b.bodies, a.bodies) ? b.bodies : a.bodies;
    const deleted = b.deleted === a.deleted || !sameRecord(b.deleted, a.deleted) ? b.deleted : a.deleted;
    const all = order === a.order && starred === a.starred && meta === a.meta && bodies === a.bodies && deleted === a.deleted;
    notes = all ? a : order === b.order && starred === b.starred && meta === b.meta && bodies === b.bodies && deleted === b.deleted ? b : { order, meta, bodies, starred, deleted };
  }
  if (view === next.view && notes === next.notes) return next;
  return { ...next, view, notes };
}
