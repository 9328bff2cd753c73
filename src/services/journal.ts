import { type AppEvent, explainInvalid } from '../events/catalog';
import type { EventLog } from '../events/eventLog';

/**
 * localStorage key of the page-hide journal. A page being closed may be killed before its
 * IndexedDB transaction commits; localStorage writes are synchronous, so events that were not
 * yet durable are written here on page hide and appended on the next start.
 */
export const JOURNAL_KEY = 'notepad:journal';

/** Write the log's not-yet-durable events to the journal (synchronous). Returns how many. */
export function writeJournal(log: EventLog, storage: Storage = localStorage): number {
  const pending = log.pendingEvents();
  try {
    if (pending.length) storage.setItem(JOURNAL_KEY, JSON.stringify(pending));
  } catch (error) {
    console.error('NotePad: could not write the page-hide journal', error);
  }
  return pending.length;
}

/**
 * Append journal events the log does not hold yet, then clear the journal. A note event older than
 * the note's current modification is skipped, so a stale copy never overwrites newer text.
 * Returns the events it appended.
 */
export async function recoverJournal(log: EventLog, storage: Storage = localStorage): Promise<AppEvent[]> {
  const raw = storage.getItem(JOURNAL_KEY);
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
  storage.removeItem(JOURNAL_KEY);
  return appended;
}
