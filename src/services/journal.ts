import type { AppEvent } from '../../catalog';
import type { EventLog } from '../events/eventLog';
import { loadChainEngineFor } from '../projections/changes/chainEngine';
import { overtakenBodySave, readStoredEvents } from './storedSaves';
import { JOURNAL_KEY, journalBackupKey, readItem, removeItem, writeItem, type StorageArea } from './webStorage';

/*
 * The page-hide journal (docs/architecture.md "Page-hide journal"): a page being closed may be killed
 * before its IndexedDB transaction commits; Web Storage writes are synchronous, so events that were
 * not yet durable are written to JOURNAL_KEY on page hide and appended on the next start. A value
 * that cannot be read whole is copied to a backup key before anything clears or rewrites it.
 */

/**
 * The journal as stored: its records (none when it is missing), and its text when that is not a JSON
 * list (`unreadable`); `ok: false` when the area refused the read (logged; the journal stays where it is).
 */
type JournalRead = { ok: false } | { ok: true; text: string | null; records: unknown[]; unreadable: boolean };

function readJournal(storage: StorageArea): JournalRead {
  const read = readItem(storage, JOURNAL_KEY);
  if (!read.ok) {
    console.error('NotePad: could not read the page-hide journal', read.error);
    return { ok: false };
  }
  const text = read.value;
  if (text === null) return { ok: true, text, records: [], unreadable: false };
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? { ok: true, text, records: parsed, unreadable: false }
      : { ok: true, text, records: [], unreadable: true };
  } catch {
    return { ok: true, text, records: [], unreadable: true };
  }
}

/** Copy the journal's `text` to a backup key of its own; returns the key, or null when it could not be written (logged). */
function backUpJournal(storage: StorageArea, text: string): string | null {
  const key = journalBackupKey(Date.now());
  const written = writeItem(storage, key, text);
  if (written.ok) return key;
  console.error('NotePad: could not back up the page-hide journal', written.error);
  return null;
}

/**
 * Write the log's not-yet-durable events to the journal in `storage` (synchronous), beside what
 * other tabs journaled and no start has recovered yet: an older tab that stopped writing may have
 * left its edit there for a newer build. A journal that is not a JSON list is copied to a backup
 * key first (what this tab typed comes first when even that fails). Returns how many events this tab added.
 */
export function writeJournal(log: EventLog, storage: StorageArea): number {
  const pending = log.pendingEvents();
  if (!pending.length) return 0;
  const journal = readJournal(storage);
  const kept = journal.ok ? journal.records : [];
  // Not a list, so nothing to add beside: keep its text under a key of its own before it is rewritten.
  if (journal.ok && journal.unreadable)
    console.error('NotePad: an unreadable page-hide journal was kept under', backUpJournal(storage, journal.text!));
  const ids = new Set(kept.map((e) => (e as { id?: unknown } | null)?.id));
  const added = pending.filter((e) => !ids.has(e.id));
  let written = writeItem(storage, JOURNAL_KEY, JSON.stringify([...kept, ...added]));
  if (!written.ok) {
    // An import's batch (megabytes of notes and images) may be what does not fit: its notes are still in
    // their files or the original app's keys, what was typed is nowhere else, so keep that.
    const typed = added.filter((e) => !isImport(e));
    if (typed.length < added.length) {
      written = writeItem(storage, JOURNAL_KEY, JSON.stringify([...kept, ...typed]));
      if (written.ok) return typed.length;
    }
    console.error('NotePad: could not write the page-hide journal', written.error);
    return 0;
  }
  return added.length;
}

/** Whether `event` is part of an import (its notes, or its records), which can be imported again. */
const isImport = (event: AppEvent) => event.type === 'note.imported' || event.type.startsWith('import.');

/** What recovering the journal did: the events it appended, and what it could not read (for the start-up notice). */
export interface JournalRecovery {
  appended: AppEvent[];
  /** Each problem in words, naming the backup key that keeps what could not be read; [] when none. */
  problems: string[];
}

/**
 * Append journal events the log does not hold yet (those it holds are read in if this tab has not
 * folded them yet), then clear the journal. A body save older than
 * the note's current modification is skipped, so a stale copy never overwrites newer text. When
 * the journal holds a newer build's events, or this build has stopped writing, nothing is appended
 * and the journal stays for the newer build (docs/architecture.md "Versions and tabs"). A journal
 * that is not a JSON list, or holds entries that are not events, is copied to a backup key before
 * it is cleared (left in place when that copy cannot be written), and said in `problems`.
 */
export async function recoverJournal(log: EventLog, storage: StorageArea): Promise<JournalRecovery> {
  const journal = readJournal(storage);
  // Access refused (logged): the journal stays where it is for the next start.
  if (!journal.ok || journal.text === null) return { appended: [], problems: [] };
  const { events, malformed, newestVersion } = readStoredEvents(journal.records);
  if (newestVersion !== null) log.meetNewerVersion(newestVersion);
  if (!log.writable) return { appended: [], problems: [] };
  const problems: string[] = [];
  if (journal.unreadable || malformed.length) {
    const what = journal.unreadable
      ? 'the page-hide journal is not a list of events'
      : `${malformed.length} journal entr${malformed.length === 1 ? 'y is not an event' : 'ies are not events'}`;
    const key = backUpJournal(storage, journal.text);
    if (key === null) {
      problems.push(`${what}; it could not be backed up and was left in place`);
      return { appended: [], problems };
    }
    problems.push(`${what}; it was kept under ${key}`);
  }
  const known = await log.holds(events.map((e) => e.id));
  // The closing page's own write may have landed after this start read the log: fold it in, or its
  // text would be skipped here as held and still be missing from what this tab shows and saves over.
  if (known.size) await log.catchUp();
  const notes = log.state.notes;
  const fresh = events.filter((e) => !known.has(e.id) && !overtakenBodySave(notes, e));
  // The closing page's last changes are folded as they are appended: one may need a merge.
  await loadChainEngineFor(fresh);
  // And merges into its note's document, read first (docs/architecture.md "Snapshots": documents by note).
  await log.readDocumentsFor(fresh);
  const appended = await Promise.all(fresh.map((e) => log.appendEvent({ ...e, seq: 0 })));
  const cleared = removeItem(storage, JOURNAL_KEY);
  if (!cleared.ok) console.error('NotePad: could not clear the page-hide journal', cleared.error);
  return { appended, problems };
}
