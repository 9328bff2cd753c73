import { readRecords, type AppEvent, type ReadBatch } from '../../catalog';
import type { NotesState } from '../projections/notesState';

/*
 * What the page-hide journal and the typed-text drafts share (docs/architecture.md "Page-hide journal"):
 * both keep events outside the log, as JSON in Web Storage, and a later start reads them back and skips a
 * body save that a newer change of its note has overtaken.
 */

/**
 * Read events kept outside the log: each of `records` (parsed JSON, any shape) with its `seq` dropped (a
 * kept copy's seq is not the log's; the log gives one on append), through this build's catalog. Pure.
 * Returns the events read, the records that are no event (`malformed`), and the newest schema version
 * met that this build does not know (null when none; else the caller leaves the records for that build).
 */
export function readStoredEvents(records: readonly unknown[]): ReadBatch<unknown> {
  return readRecords(
    records.map((e) => (typeof e === 'object' && e !== null ? { ...e, seq: undefined } : e)),
    { requireSeq: false },
  );
}

/**
 * Whether `event` is a body save its note has overtaken in `notes`: the note was changed after the event's
 * time (at that same time too when `sameTimeOvertakes`), so appending it would put back older text. An
 * event of another type, or of a note `notes` does not hold, is not overtaken (the journal may hold the
 * note's creation too). Pure. The journal counts a change at the same millisecond as earlier (a note
 * created and typed in one millisecond); a draft, written 0.4 s after typing, does not.
 */
export function overtakenBodySave(notes: NotesState, event: AppEvent, sameTimeOvertakes = false): boolean {
  if (event.type !== 'note.body-saved') return false;
  const meta = notes.meta[event.payload.id];
  if (!meta) return false;
  return sameTimeOvertakes ? meta.modified >= event.at : meta.modified > event.at;
}
