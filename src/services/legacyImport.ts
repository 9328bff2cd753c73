import type { EventLog } from '../events/eventLog';
import { readLegacyNotes } from '../projections/legacy';
import { loadPurifier } from './purifier';
import { sanitizeNoteHtml } from './sanitize';
import { NOTES_KEY, STARRED_KEY, legacyBackupKey, noteBodyKey, readItem, writeItem, type StorageArea } from './webStorage';

/** The value of `key`, or null when it is absent or cannot be read (logged). */
function readOrNull(storage: StorageArea, key: string): string | null {
  const read = readItem(storage, key);
  if (read.ok) return read.value;
  console.error(`NotePad: could not read ${key} for the legacy import`, read.error);
  return null;
}

/**
 * At start, turn notes in localStorage that the log does not know (written by the original app)
 * into note.imported events (docs/architecture.md "Legacy import"). Nothing in localStorage is deleted;
 * a `notes` value that cannot be read is copied to a backup key first. Returns the count imported
 * and the problems found.
 */
export async function importLegacyNotes(log: EventLog, storage: StorageArea): Promise<{ imported: number; problems: string[] }> {
  // A build that has stopped writing leaves the import to the newer one.
  if (!log.writable) return { imported: 0, problems: [] };
  const { notes } = log.state;
  const reading = readLegacyNotes(
    {
      notes: readOrNull(storage, NOTES_KEY),
      linkedNotes: readOrNull(storage, STARRED_KEY),
      body: (id) => readOrNull(storage, noteBodyKey(id)),
    },
    (id) => Boolean(notes.meta[id] || notes.deleted[id]),
  );
  if (reading.problems.length) {
    const backup = JSON.stringify({ notes: readOrNull(storage, NOTES_KEY), linkedNotes: readOrNull(storage, STARRED_KEY) });
    const written = writeItem(storage, legacyBackupKey(Date.now()), backup);
    if (!written.ok) console.error('NotePad: could not back up unreadable legacy notes', written.error);
  }
  // DOMPurify loads only when there is something to import (kept off the first load).
  if (reading.notes.length) await loadPurifier();
  await Promise.all(reading.notes.map((note) => log.append('note.imported', { ...note, html: sanitizeNoteHtml(note.html) })));
  return { imported: reading.notes.length, problems: reading.problems };
}
