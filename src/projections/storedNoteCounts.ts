import type { NotesState } from './notesState';

/*
 * No import of the text pipeline here: the app's first chunk uses this file (forgetGoneNotes.ts), and
 * toStoredNoteCounts, which reads bodies, lives with the dashboard's statistics.
 */

/** The version of the stored counts' form and of how words and follow-ups are read: another version is ignored. */
export const STORED_NOTE_COUNTS_FORMAT = 1;

/** What the dashboard keeps of a note it is not reading again: its word count and follow-up items. */
interface NoteCounts {
  /** The revision of the body counted (NotesState.revs: the id of the event that set it). */
  rev: string;
  wordCount: number;
  followUps: readonly string[];
}

/** Counts of earlier pages by note id (see readStoredNoteCounts). */
export type KnownCounts = ReadonlyMap<string, NoteCounts>;

/**
 * The dashboard's per-note counts as the browser keeps them between pages (docs/architecture.md
 * "Derived caches"): note ids with the revision counted, word counts as a typed array, and the
 * follow-up items of the notes that have any as JSON (`[[index into ids, [text, ...]], ...]`).
 */
export interface StoredNoteCounts {
  format: number;
  ids: string[];
  revs: string[];
  wordCounts: Uint32Array;
  followUps: string;
}

/** The counts a stored form holds, by note id; an empty map when the form is another version or inconsistent. */
export function knownCounts(stored: StoredNoteCounts): KnownCounts {
  const known = new Map<string, NoteCounts>();
  if (
    stored.format !== STORED_NOTE_COUNTS_FORMAT ||
    stored.ids.length !== stored.revs.length ||
    stored.ids.length !== stored.wordCounts.length
  )
    return known;
  let items: [number, string[]][];
  try {
    items = JSON.parse(stored.followUps) as [number, string[]][];
  } catch {
    return known;
  }
  const byIndex = new Map(items);
  stored.ids.forEach((id, i) => known.set(id, { rev: stored.revs[i], wordCount: stored.wordCounts[i], followUps: byIndex.get(i) ?? [] }));
  return known;
}

/** `stored` without the notes `notes` no longer holds (deleted, or removed with the device's account). Pure. */
export function withoutGoneNotes(stored: StoredNoteCounts, notes: NotesState): StoredNoteCounts {
  const keep = stored.ids.map((id) => notes.meta[id] !== undefined);
  if (keep.every(Boolean)) return stored;
  const renumber = new Map<number, number>();
  keep.forEach((kept, i) => kept && renumber.set(i, renumber.size));
  let items: [number, string[]][] = [];
  try {
    items = JSON.parse(stored.followUps) as [number, string[]][];
  } catch {
    // An unreadable list is dropped with the notes: the next open reads their follow-ups again.
  }
  return {
    ...stored,
    ids: stored.ids.filter((_, i) => keep[i]),
    revs: stored.revs.filter((_, i) => keep[i]),
    wordCounts: stored.wordCounts.filter((_, i) => keep[i]),
    followUps: JSON.stringify(items.filter(([i]) => renumber.has(i)).map(([i, texts]) => [renumber.get(i), texts])),
  };
}
