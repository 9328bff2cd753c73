import { EVENT_SCHEMA_VERSION, type AppEvent, explainInvalid, upcast } from './catalog';
import type { Snapshot } from './logStorage';

/** Identifies an exported NotePad event log; `version` is the file format's version. */
export const LOG_FILE_FORMAT = 'notepad-event-log';
export const LOG_FILE_VERSION = 1;

/** An exported log (ARCHITECTURE.md "Export/import"): every stored event, in seq order, and the newest snapshot. */
export interface LogFile {
  format: typeof LOG_FILE_FORMAT;
  version: number;
  exportedAt: string;
  schemaVersion: number;
  snapshot: Snapshot | null;
  events: AppEvent[];
}

/** What an import would do, shown before anything changes. */
export interface LogFilePreview {
  events: number;
  notes: string[];
  firstAt: string | null;
  lastAt: string | null;
}

/** Raised when a file cannot be imported; `message` says why, for the user. */
export class LogFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogFileError';
  }
}

/** Build the export file for `events` (seq order) and `snapshot`. Pure. */
export function buildLogFile(events: AppEvent[], snapshot: Snapshot | null, now: Date): LogFile {
  return {
    format: LOG_FILE_FORMAT,
    version: LOG_FILE_VERSION,
    exportedAt: now.toISOString(),
    schemaVersion: EVENT_SCHEMA_VERSION,
    snapshot,
    events,
  };
}

/**
 * Parse and validate a whole log file before anything is changed: JSON, format, version, every
 * event (after upcasting), strictly increasing seq, unique ids, and a snapshot that the events
 * continue. Pure.
 * @throws LogFileError naming the first problem (with the event's position).
 */
export function parseLogFile(text: string): LogFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new LogFileError(`The file is not valid JSON (${(error as Error).message}).`);
  }
  const file = data as Partial<LogFile> | null;
  if (typeof file !== 'object' || file === null || file.format !== LOG_FILE_FORMAT)
    throw new LogFileError('This is not a NotePad event log file.');
  if (typeof file.version !== 'number' || file.version > LOG_FILE_VERSION) {
    throw new LogFileError(
      `The file was written by a newer NotePad (log file version ${String(file.version)}); this version reads up to ${LOG_FILE_VERSION}.`,
    );
  }
  if (!Array.isArray(file.events)) throw new LogFileError('The file has no list of events.');
  const events: AppEvent[] = [];
  const ids = new Set<string>();
  let lastSeq = 0;
  file.events.forEach((raw, index) => {
    const event = upcast(raw);
    const problem = explainInvalid(event);
    if (problem) throw new LogFileError(`Event ${index + 1} of ${file.events!.length} is invalid: ${problem}.`);
    const valid = event as AppEvent;
    if (valid.seq <= lastSeq) throw new LogFileError(`Event ${index + 1} is out of order (seq ${valid.seq} after ${lastSeq}).`);
    if (ids.has(valid.id)) throw new LogFileError(`Event ${index + 1} repeats the id ${valid.id}.`);
    ids.add(valid.id);
    lastSeq = valid.seq;
    events.push(valid);
  });
  const snapshot = file.snapshot ?? null;
  if (snapshot !== null) {
    const ok =
      typeof snapshot === 'object' &&
      snapshot.v === EVENT_SCHEMA_VERSION &&
      Number.isSafeInteger(snapshot.seq) &&
      typeof snapshot.state === 'object';
    if (!ok) throw new LogFileError('The snapshot in the file is not readable.');
  }
  return {
    format: LOG_FILE_FORMAT,
    version: file.version,
    exportedAt: String(file.exportedAt ?? ''),
    schemaVersion: EVENT_SCHEMA_VERSION,
    snapshot,
    events,
  };
}

/** Summarize a parsed file for the confirmation step: event count, note ids touched, time range. */
export function previewLogFile(file: LogFile): LogFilePreview {
  const notes = new Set<string>();
  for (const e of file.events) {
    const id = (e.payload as { id?: unknown }).id;
    if (typeof id === 'string' && e.type.startsWith('note.')) notes.add(id);
  }
  return { events: file.events.length, notes: [...notes], firstAt: file.events[0]?.at ?? null, lastAt: file.events.at(-1)?.at ?? null };
}
