import type { AppState, NotesState, ViewState } from './notesState';

type Entry = object | string;

/** Equal entries: the same string, or plain objects whose own fields are the same values (a body's blocks by reference). */
function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
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
  const view = keep(previous.view, next.view, sameView);
  const a = previous.notes;
  const b = next.notes;
  let notes = b;
  if (a !== b) {
    const parts: NotesState = {
      order: keep(a.order, b.order, sameList),
      starred: keep(a.starred, b.starred, sameList),
      meta: keep(a.meta, b.meta, sameRecord),
      bodies: keep(a.bodies, b.bodies, sameRecord),
      deleted: keep(a.deleted, b.deleted, sameRecord),
      revs: keep(a.revs, b.revs, sameRecord),
      devices: keep(a.devices, b.devices, sameRecord),
      shares: keep(a.shares, b.shares, sameRecord),
    };
    notes = samePartsAs(parts, a) ? a : samePartsAs(parts, b) ? b : parts;
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
  return (Object.keys(parts) as (keyof NotesState)[]).every((key) => parts[key] === notes[key]);
}
