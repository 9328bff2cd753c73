import { readRecords, type AppEvent } from '../../catalog';
import type { EventLog } from '../events/eventLog';
import { JOURNAL_KEY, readItem, removeItem, writeItem, type StorageArea } from './webStorage';

/*
 * The page-hide journal (docs/architecture.md "Page-hide journal"): a page being closed may be killed
 * before its IndexedDB transaction commits; Web Storage writes are synchronous, so events that were
 * not yet durable are written to JOURNAL_KEY on page hide and appended on the next start.
 */

/** The journal's records, or an empty list when it is missing or unreadable. */
function readJournal(storage: StorageArea): unknown[] {
  const read = readItem(storage, JOURNAL_KEY);
  if (!read.ok) {
    console.error('NotePad: could not read the page-hide journal', read.error);
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(read.value ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Write the log's not-yet-durable events to the journal in `storage` (synchronous), beside what
 * other tabs journaled and no start has recovered yet: an older tab that stopped writing may have
 * left its edit there for a newer build. Returns how many events this tab added.
 */
export function writeJournal(log: EventLog, storage: StorageArea): number {
  const pending = log.pendingEvents();
  if (!pending.length) return 0;
  const kept = readJournal(storage);
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

/**
 * Append journal events the log does not hold yet, then clear the journal. A body save older than
 * the note's current modification is skipped, so a stale copy never overwrites newer text. When
 * the journal holds a newer build's events, or this build has stopped writing, nothing is appended
 * and the journal stays for the newer build (docs/architecture.md "Versions and tabs").
 * Returns the events it appended (none when the journal cannot be read).
 */
export async function recoverJournal(log: EventLog, storage: StorageArea): Promise<AppEvent[]> {
  const read = readItem(storage, JOURNAL_KEY);
  if (!read.ok || read.value === null) {
    if (!read.ok) console.error('NotePad: could not read the page-hide journal', read.error);
    return [];
  }
  const { events, newestVersion } = readRecords(
    readJournal(storage).map((e) => (typeof e === 'object' && e !== null ? { ...e, seq: undefined } : e)),
    { requireSeq: false },
  );
  if (newestVersion !== null) log.meetNewerVersion(newestVersion);
  if (!log.writable) return [];
  const known = await log.holds(events.map((e) => e.id));
  const notes = log.state.notes;
  const fresh = events.filter((e) => {
    if (known.has(e.id)) return false;
    const id = (e.payload as { id?: unknown }).id;
    const meta = typeof id === 'string' ? notes.meta[id] : undefined;
    return !(e.type === 'note.body-saved' && meta && meta.modified > e.at);
  });
  const appended = await Promise.all(fresh.map((e) => log.appendEvent({ ...e, seq: 0 })));
  const cleared = removeItem(storage, JOURNAL_KEY);
  if (!cleared.ok) console.error('NotePad: could not clear the page-hide journal', cleared.error);
  return appended;
}
