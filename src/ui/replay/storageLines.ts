import { NOTES_KEY, STARRED_KEY, noteBodyKey } from '../../projections/storageKeys';
import { bodyHtml, type NotesState } from '../../projections/notesState';

type Meta = NotesState['meta'][string];

/** Each note's entry of the `notes` value as JSON, by its meta (never mutated: a change makes a new one). */
const entryJson = new WeakMap<Meta, { id: string; json: string }>();
/** The key names of an order (never mutated either): a step that moves no note reuses them. */
const keyNames = new WeakMap<readonly string[], readonly string[]>();

/** The `notes` value (JSON of the note index), each note's entry made once per meta, not once per step. */
function noteIndexJson(notes: NotesState): string {
  const parts = notes.order.map((id) => {
    const meta = notes.meta[id];
    let entry = entryJson.get(meta);
    if (entry?.id !== id) {
      entry = { id, json: JSON.stringify({ id, title: meta.title, modified: meta.modified }) };
      entryJson.set(meta, entry);
    }
    return entry.json;
  });
  return `[${parts.join(',')}]`;
}

/**
 * A `note_{id}` line's value in the current log's end while its events are read, for a body whose HTML is in storage.
 * @internal Exported for the tests, which look for it among the lines.
 */
export const NOT_READ_YET = '… (read with the log’s events)';

/**
 * The localStorage keys of a replay step (docs/product.md "Entities and storage keys") as
 * `storageKeyList` gives them, each value made when its line is shown: the names kept per order and
 * the `notes` value made from entries kept per note, so a step at 10,000 notes does not remake them all.
 * Takes the notes at the step; returns the key names and the value of the key at an index.
 */
export function replayStorageKeys(notes: NotesState): { keys: readonly string[]; value(index: number): string } {
  let keys = keyNames.get(notes.order);
  if (!keys) {
    keys = [NOTES_KEY, STARRED_KEY, ...notes.order.map(noteBodyKey)];
    keyNames.set(notes.order, keys);
  }
  let index: string | null = null;
  return {
    keys,
    value(i) {
      if (i === 0) return (index ??= noteIndexJson(notes));
      if (i === 1) return JSON.stringify(notes.starred);
      const body = notes.bodies[notes.order[i - 2]];
      // The current log's end, shown while its events are read, holds no HTML of the notes not opened yet.
      return body?.html === undefined && body !== undefined ? NOT_READ_YET : bodyHtml(body);
    },
  };
}
