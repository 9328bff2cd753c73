import type { NotesState } from './notesState';
import { bodyFacts } from './statisticsText';

/** The version of the stored counts' form and of how words and follow-ups are read: another version is ignored. */
export const STORED_NOTE_COUNTS_FORMAT = 1;

/** What the dashboard keeps of a note it is not reading again: its word count and follow-up items. */
export interface NoteCounts {
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

/**
 * The counts of every note of `notes` with a revision, for the next page: from `known` where its
 * revision is the note's, else read from the body (bodyFacts, cached per body). Pure but for that cache.
 */
export function toStoredNoteCounts(notes: NotesState, known: KnownCounts | null): StoredNoteCounts {
  const ids: string[] = [];
  const revs: string[] = [];
  const words: number[] = [];
  const followUps: [number, readonly string[]][] = [];
  for (const id of notes.order) {
    const rev = notes.revs[id]?.id;
    const body = notes.bodies[id];
    if (rev === undefined || !body) continue;
    const seen = known?.get(id);
    const counts = seen?.rev === rev ? seen : bodyFacts(body);
    if (counts.followUps.length) followUps.push([ids.length, counts.followUps]);
    ids.push(id);
    revs.push(rev);
    words.push(counts.wordCount);
  }
  return { format: STORED_NOTE_COUNTS_FORMAT, ids, revs, wordCounts: Uint32Array.from(words), followUps: JSON.stringify(followUps) };
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
