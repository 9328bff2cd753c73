import { NOTES_STATE_PARTS } from '../../catalog';
import type { AppState, NoteFilter, NotesState, ViewState } from './notesState';

type Entry = object | string | null;

/** Equal entries: the same string, or plain objects whose own fields are the same values (a body's blocks by reference). */
function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && sameList(a as string[], b as string[]);
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}

function sameRecord(a: Readonly<Record<string, Entry>>, b: Readonly<Record<string, Entry>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!sameEntry(a[key], b[key])) return false;
  return true;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function sameFilter(a: NoteFilter, b: NoteFilter): boolean {
  return a === b || (a.notebook === b.notebook && a.starred === b.starred && sameList(a.tags, b.tags));
}

function sameView(a: ViewState, b: ViewState): boolean {
  const keys = Object.keys(a) as (keyof ViewState)[];
  return (
    keys.length === Object.keys(b).length && keys.every((key) => (key === 'filter' ? sameFilter(a.filter, b.filter) : a[key] === b[key]))
  );
}

/** How each part of the notes state is compared: a new part does not compile until it is listed. */
const SAME_PART: { [K in keyof NotesState]: (a: NotesState[K], b: NotesState[K]) => boolean } = {
  order: sameList,
  starred: sameList,
  meta: sameRecord,
  bodies: sameRecord,
  deleted: sameRecord,
  revs: sameRecord,
  devices: sameRecord,
  origins: sameRecord,
  remaps: sameRecord,
  notebooks: sameRecord,
  goneNotebooks: sameRecord,
  notebookAliases: sameRecord,
  filed: sameRecord,
  tags: sameRecord,
  tagged: sameRecord,
  shares: sameRecord,
};

/**
 * `next` with every part that equals the same part of `previous` replaced by `previous`'s object
 * (structural sharing). The log confirms an event by folding it again from the durable state,
 * which makes new but equal objects; sharing them means `useProjection` selectors see no change
 * and the sidebar and editor do not render twice per save or search keystroke. Pure: compares
 * values (bodies by their HTML string and block array), never mutates.
 */
export function shareEqual(previous: AppState, next: AppState): AppState {
  if (previous === next) return next;
  const view = keep(previous.view, next.view, sameView);
  const a = previous.notes;
  const b = next.notes;
  let notes = b;
  if (a !== b) {
    const parts = {} as Record<keyof NotesState, unknown>;
    for (const key of NOTES_STATE_PARTS) parts[key] = keep(a[key], b[key], SAME_PART[key] as (x: unknown, y: unknown) => boolean);
    const shared = parts as NotesState;
    notes = samePartsAs(shared, a) ? a : samePartsAs(shared, b) ? b : shared;
  }
  if (view === next.view && notes === next.notes) return next;
  return { ...next, view, notes };
}

/** `previous` when it equals `next` by `same`, else `next`. */
function keep<T>(previous: T, next: T, same: (a: T, b: T) => boolean): T {
  return next === previous || !same(next, previous) ? next : previous;
}

/** True when every part of `parts` is the very object of `notes`. */
function samePartsAs(parts: NotesState, notes: NotesState): boolean {
  return NOTES_STATE_PARTS.every((key) => parts[key] === notes[key]);
}
