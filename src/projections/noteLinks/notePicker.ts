import type { NotesState } from '../notesState';
import { lowerTitles } from '../sidebar';

/*
 * The notes the link picker offers for a query (docs/product.md "Links between notes"): the search's
 * title matching (case-insensitive, anywhere in the title), most relevant first.
 */

/** How many notes the picker lists at most. */
const PICKER_LIMIT = 10;

/** How a lower-cased title matches `q`: 0 equal, 1 starts with it, 2 a word starts with it, 3 holds it; -1 not at all. */
function matchRank(title: string, q: string): number {
  const at = title.indexOf(q);
  if (at < 0) return -1;
  if (at === 0) return title.length === q.length ? 0 : 1;
  for (let i = at; i >= 0; i = title.indexOf(q, i + 1)) if (/[^\p{L}\p{N}]/u.test(title[i - 1])) return 2;
  return 3;
}

interface Candidate {
  id: string;
  rank: number;
  modified: string;
  title: string;
}

/** True when a note of match `rank`, changed at `modified`, titled `title` (lower-cased) goes before `other`. */
function before(rank: number, modified: string, title: string, other: Candidate): boolean {
  if (rank !== other.rank) return rank < other.rank;
  if (modified !== other.modified) return modified > other.modified;
  return title < other.title;
}

/**
 * The ids of the notes to offer for `query` (trimmed and compared case-insensitively), best first,
 * at most `limit`: a title equal to the query, then titles starting with it, then titles with a
 * word starting with it, then titles holding it; within each, the note changed last first. An
 * empty query offers the notes changed last. `exclude` (the note being written in) is left out.
 * One pass over the titles keeping the best `limit`: no sort of 10,000 notes per keystroke. Pure.
 */
export function pickNotes(notes: NotesState, query: string, exclude?: string, limit = PICKER_LIMIT): string[] {
  const q = query.trim().toLowerCase();
  const titles = lowerTitles(notes);
  const best: Candidate[] = [];
  for (let i = 0; i < notes.order.length; i++) {
    const id = notes.order[i];
    const rank = q ? matchRank(titles[i], q) : 0;
    if (rank < 0 || id === exclude) continue;
    const { modified } = notes.meta[id];
    if (best.length === limit && !before(rank, modified, titles[i], best[limit - 1])) continue;
    let at = best.length;
    while (at > 0 && before(rank, modified, titles[i], best[at - 1])) at--;
    best.splice(at, 0, { id, rank, modified, title: titles[i] });
    if (best.length > limit) best.pop();
  }
  return best.map((c) => c.id);
}

/** True when some note's title is `query` (trimmed, case-insensitive): the picker then offers no new note of that name. */
export function hasNoteTitled(notes: NotesState, query: string): boolean {
  const q = query.trim().toLowerCase();
  return lowerTitles(notes).includes(q);
}
