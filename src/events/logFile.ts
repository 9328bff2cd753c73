import { EVENT_SCHEMA_VERSION, readNotesState, readRecord, type AppEvent } from '../../catalog';
import { readSnapshot } from './snapshotReading';
import type { Snapshot } from './logRecords';
import type { ServerBase } from './logRecords';
import { INITIAL_STATE, type AppState } from '../projections/notesState';

/** Identifies an exported NotePad event log; `version` is the file format's version. */
const LOG_FILE_FORMAT = 'notepad-event-log';
/** 1: events in seq order. 2: a synced device's events, server-ordered first (`sseq`), and the checkpoint it started from (`origin`). */
const LOG_FILE_VERSION = 2;

/** A stored record as an export holds it: this build's event, or a newer build's record untouched. */
export type StoredRecord = AppEvent | Record<string, unknown>;

/** An exported log (docs/architecture.md "Export and import"): every stored event, in seq order, and the newest snapshot. */
export interface LogFile<E = StoredRecord> {
  format: typeof LOG_FILE_FORMAT;
  version: number;
  exportedAt: string;
  schemaVersion: number;
  snapshot: Snapshot | null;
  /**
   * A synced device that started from the account's checkpoint: the notes there and its server
   * sequence number. Folding starts from these notes, then the events.
   */
  origin?: ServerBase;
  events: E[];
}

/** A file that passed parseLogFile: every event readable by this build. */
export type ParsedLogFile = LogFile<AppEvent>;

/** What an import would do, shown before anything changes. */
export interface LogFilePreview {
  events: number;
  notes: string[];
  firstAt: string | null;
  lastAt: string | null;
}

/**
 * Raised when a file cannot be imported; `message` says why, for the user. `newerVersion` is set
 * when the file holds events of a newer schema than this build reads: reloading may bring the
 * build that can (docs/architecture.md "Versions and tabs").
 */
export class LogFileError extends Error {
  constructor(
    message: string,
    readonly newerVersion: number | null = null,
  ) {
    super(message);
    this.name = 'LogFileError';
  }
}

/**
 * Build the export file for `events` (fold order: server-ordered ones first by `sseq`, then the
 * rest by seq; a newer build's records kept as stored), `snapshot` and the checkpoint a synced
 * device started from. Pure.
 */
export function buildLogFile(events: StoredRecord[], snapshot: Snapshot | null, now: Date, origin?: ServerBase): LogFile {
  return {
    format: LOG_FILE_FORMAT,
    version: LOG_FILE_VERSION,
    exportedAt: now.toISOString(),
    schemaVersion: EVENT_SCHEMA_VERSION,
    snapshot,
    ...(origin ? { origin } : {}),
    events,
  };
}

/**
 * Parse and validate a whole log file before anything is changed: JSON, format, version, every
 * event (after upcasting), the order (events the server ordered first, by strictly increasing
 * `sseq`, then the others by strictly increasing seq), unique ids, and the origin checkpoint's
 * notes (parsed with the notes state's schema). A snapshot is upcast and parsed; one that does not parse is
 * left out (the events are folded instead). Pure.
 * @throws LogFileError naming the first problem (with the event's position).
 */
export function parseLogFile(text: string): ParsedLogFile {
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
  const origin = readFileOrigin(file.origin, file.schemaVersion);
  let lastSeq = 0;
  let lastSseq = origin?.head ?? 0;
  let ordered = true;
  file.events.forEach((raw, index) => {
    const outcome = readRecord(raw);
    if (outcome.kind === 'newer') {
      throw new LogFileError(
        `The file was written by a newer NotePad (event schema version ${outcome.version}); this version reads up to ${EVENT_SCHEMA_VERSION}. Reload to update NotePad, then import it again.`,
        outcome.version,
      );
    }
    if (outcome.kind === 'malformed') throw new LogFileError(`Event ${index + 1} of ${file.events!.length} is invalid: ${outcome.reason}.`);
    const valid = outcome.event;
    if (valid.sseq !== undefined) {
      if (!ordered || valid.sseq <= lastSseq)
        throw new LogFileError(
          `Event ${index + 1} is out of order (server order ${valid.sseq} after ${ordered ? lastSseq : 'unordered events'}).`,
        );
      lastSseq = valid.sseq;
    } else {
      ordered = false;
      if (valid.seq <= lastSeq) throw new LogFileError(`Event ${index + 1} is out of order (seq ${valid.seq} after ${lastSeq}).`);
      lastSeq = valid.seq;
    }
    if (ids.has(valid.id)) throw new LogFileError(`Event ${index + 1} repeats the id ${valid.id}.`);
    ids.add(valid.id);
    events.push(valid);
  });
  let snapshot = file.snapshot ?? null;
  if (snapshot !== null) {
    const ok =
      typeof snapshot === 'object' &&
      Number.isSafeInteger(snapshot.v) &&
      Number.isSafeInteger(snapshot.seq) &&
      typeof snapshot.state === 'object';
    if (!ok) throw new LogFileError('The snapshot in the file is not readable.');
    // Parsed (and upcast) like a stored one; one that does not parse is left out and the events are folded instead.
    const reading = readSnapshot(snapshot, false);
    snapshot = reading.ok ? reading.state : null;
  }
  return {
    format: LOG_FILE_FORMAT,
    version: file.version,
    exportedAt: String(file.exportedAt ?? ''),
    schemaVersion: EVENT_SCHEMA_VERSION,
    snapshot,
    ...(origin ? { origin } : {}),
    events,
  };
}

/**
 * The origin checkpoint of a file, its notes parsed (and upcast) from the file's schema `version`.
 * @throws LogFileError when it is there but unreadable.
 */
function readFileOrigin(raw: unknown, version: unknown): ServerBase | undefined {
  if (raw === undefined) return undefined;
  const head = typeof raw === 'object' && raw !== null ? (raw as { head?: unknown }).head : undefined;
  if (typeof head !== 'number' || !Number.isSafeInteger(head) || head < 0)
    throw new LogFileError('The checkpoint the file starts from is not readable.');
  const notes = readNotesState(version, (raw as { notes?: unknown }).notes);
  if (!notes.ok) throw new LogFileError(`The checkpoint the file starts from is not readable (${notes.reason}).`);
  return { head, notes: notes.state };
}

/** The state a file's fold starts from: its origin checkpoint's notes, or nothing. */
export function startOf(file: Pick<LogFile, 'origin'>): AppState {
  return file.origin ? { ...INITIAL_STATE, notes: file.origin.notes } : INITIAL_STATE;
}

/** Summarize a parsed file for the confirmation step: event count, note ids touched, time range. */
export function previewLogFile(file: ParsedLogFile): LogFilePreview {
  const notes = new Set<string>();
  for (const e of file.events) {
    const id = (e.payload as { id?: unknown }).id;
    if (typeof id === 'string' && e.type.startsWith('note.')) notes.add(id);
  }
  return { events: file.events.length, notes: [...notes], firstAt: file.events[0]?.at ?? null, lastAt: file.events.at(-1)?.at ?? null };
}
