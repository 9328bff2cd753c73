import type { EventPayloads } from '../../catalog';
import { DEFAULT_NOTE_TITLE } from './notesState';

/** What legacy localStorage holds, as raw strings (docs/product.md "Entities and storage keys" keys written by the original app). */
export interface LegacyStorage {
  notes: string | null;
  linkedNotes: string | null;
  body(id: string): string | null;
}

const NOTE_ID = /^\d{1,16}$/;

function parseJson(text: string | null, key: string, problems: string[]): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    problems.push(`${key} is not valid JSON`);
    return null;
  }
}

/** A note of the original app's index, without its body (read separately: `note_{id}`). */
export type LegacyEntry = Omit<EventPayloads['note.imported'], 'html'>;

/**
 * Read the original app's note index and starred set (docs/product.md "Entities and storage keys"):
 * the notes the log does not know (`isKnown(id)` false), in list order, without their bodies, so an
 * import can read each body when it comes to it. Pure and forgiving: entries with an unusable id are
 * reported and skipped, a missing title becomes "Untitled Note", a missing or invalid modified time
 * becomes the id's creation time.
 */
export function readLegacyIndex(
  storage: Omit<LegacyStorage, 'body'>,
  isKnown: (id: string) => boolean,
): { entries: LegacyEntry[]; problems: string[] } {
  const problems: string[] = [];
  const list = parseJson(storage.notes, 'notes', problems);
  if (list !== null && !Array.isArray(list)) problems.push('notes is not a list');
  const starredRaw = parseJson(storage.linkedNotes, 'linkedNotes', problems);
  const starred = new Set(Array.isArray(starredRaw) ? starredRaw.map(String) : []);
  const entries: LegacyEntry[] = [];
  const seen = new Set<string>();
  for (const entry of Array.isArray(list) ? list : []) {
    const rawId = (entry as { id?: unknown })?.id;
    const id = typeof rawId === 'number' ? String(Math.trunc(rawId)) : rawId;
    if (typeof id !== 'string' || !NOTE_ID.test(id)) {
      problems.push(`skipped a note with id ${JSON.stringify(rawId)}`);
      continue;
    }
    if (seen.has(id) || isKnown(id)) continue;
    seen.add(id);
    const { title, modified } = entry as { title?: unknown; modified?: unknown };
    const validModified = typeof modified === 'string' && !Number.isNaN(Date.parse(modified));
    entries.push({
      id,
      title: typeof title === 'string' && title.trim() ? title : DEFAULT_NOTE_TITLE,
      modified: validModified ? new Date(modified).toISOString() : new Date(Math.min(Number(id), 8.64e15)).toISOString(),
      starred: starred.has(id),
      source: 'localStorage',
    });
  }
  return { entries, problems };
}
