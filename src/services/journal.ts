import { type AppEvent, explainInvalid } from '../events/catalog';
import type { EventLog } from '../events/eventLog';
import { JOURNAL_KEY, readItem, removeItem, writeItem, type StorageArea } from './webStorage';

/*
 * The page-hide journal (docs/architecture.md "Page-hide journal"): a page being closed may be killed
 * before its IndexedDB transaction commits; Web Storage writes are synchronous, so events that were
 * not yet durable are written to JOURNAL_KEY on page hide and appended on the next start.
 */

/** Write the log's not-yet-durable events to the journal in `storage` (synchronous). Returns how many. */
export function writeJournal(log: EventLog, storage: StorageArea): number {
  const pending = log.pendingEvents();
  if (pending.length) {
    const written = writeItem(storage, JOURNAL_KEY, JSON.stringify(pending));
    if (!written.ok) console.error('NotePad: could not write the page-hide journal', written.error);
  }
  return pending.length;
}

/**
 * Append journal events the log does not hold yet, then clear the journal. A note event older than
 * the note's current modification is skipped, so a stale copy never overwrites newer text.
 * Returns the events it appended (none when the journal cannot be read).
 */
export async function recoverJournal(log: EventLog, storage: StorageArea): Promise<AppEvent[]> {
  const read = readItem(storage, JOURNAL_KEY);
  if (!read.ok) console.error('NotePad: could not read the page-hide journal', read.error);
  const raw = read.ok ? read.value : null;
  if (raw === null) return [];
  let events: unknown;
  try {
    events = JSON.parse(raw);
  } catch {
    events = [];
  }
  const candidates = (Array.isArray(events) ? events : []).filter(
    (e): e is AppEvent => explainInvalid({ ...(e as object), seq: undefined }, false) === null,
  );
  const known = await log.options.storage.existingIds(candidates.map((e) => e.id));
  const notes = log.state.notes;
  const fresh = candidates.filter((e) => {
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
