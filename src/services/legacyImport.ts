import type { EventLog } from '../events/eventLog';
import { readLegacyNotes } from '../projections/legacy';
import { NOTES_KEY, STARRED_KEY, noteBodyKey } from '../projections/storageKeys';
import { loadPurifier } from './purifier';
import { sanitizeNoteHtml } from './sanitize';

/** Prefix of keys that keep unreadable legacy values before the mirror rewrites `notes`. */
export const LEGACY_BACKUP_PREFIX = 'notepad:legacy-backup:';

/**
 * At start, turn notes in localStorage that the log does not know (written by the original app)
 * into note.imported events (ARCHITECTURE.md "Legacy import"). Nothing in localStorage is deleted;
 * a `notes` value that cannot be read is copied to a backup key first. Returns the count imported
 * and the problems found.
 */
export async function importLegacyNotes(log: EventLog, storage: Storage = localStorage): Promise<{ imported: number; problems: string[] }> {
  // A build that has stopped writing leaves the import to the newer one.
  if (!log.writable) return { imported: 0, problems: [] };
  const { notes } = log.state;
  const reading = readLegacyNotes(
    { notes: storage.getItem(NOTES_KEY), linkedNotes: storage.getItem(STARRED_KEY), body: (id) => storage.getItem(noteBodyKey(id)) },
    (id) => Boolean(notes.meta[id] || notes.deleted[id]),
  );
  if (reading.problems.length) {
    try {
      storage.setItem(
        `${LEGACY_BACKUP_PREFIX}${Date.now()}`,
        JSON.stringify({ notes: storage.getItem(NOTES_KEY), linkedNotes: storage.getItem(STARRED_KEY) }),
      );
    } catch (error) {
      console.error('NotePad: could not back up unreadable legacy notes', error);
    }
  }
  // DOMPurify loads only when there is something to import (issue 7: initial JS).
  if (reading.notes.length) await loadPurifier();
  await Promise.all(reading.notes.map((note) => log.append('note.imported', { ...note, html: sanitizeNoteHtml(note.html) })));
  return { imported: reading.notes.length, problems: reading.problems };
}
