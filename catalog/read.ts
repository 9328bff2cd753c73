/**
 * The one reader of stored or received records (docs/architecture.md "Reading records"): upcast,
 * then validate, then sort each record into one of three outcomes. The log's start-up and tail,
 * history, journal recovery, compaction, log export and import, and events received from the sync
 * server all read through here, so they agree on what an event is.
 */
import { EVENT_SCHEMA_VERSION } from './envelope';
import { upcast } from './upcast';
import { explainInvalid, type AppEvent } from './validate';

/**
 * What a record is:
 * - `event`: a valid event of this build's schema (older versions upcast).
 * - `newer`: written by a newer build (`v` above EVENT_SCHEMA_VERSION). This build cannot read it and
 *   must not move, delete or rewrite it; it stops writing instead (docs/architecture.md "Versions").
 * - `malformed`: broken at its own version (not an object, wrong types, unknown type of a known
 *   version); set aside in quarantine with the reason.
 */
export type ReadOutcome = { kind: 'event'; event: AppEvent } | { kind: 'newer'; version: number } | { kind: 'malformed'; reason: string };

/** The schema version a record claims, when it claims one newer than this build's. */
export function newerVersionOf(raw: unknown): number | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const version = (raw as { v?: unknown }).v;
  return Number.isSafeInteger(version) && (version as number) > EVENT_SCHEMA_VERSION ? (version as number) : null;
}

/**
 * Read one record. `requireSeq: false` for records that have no log position yet (journal,
 * received from the server, about to be appended). Never throws; never mutates `raw`.
 */
export function readRecord(raw: unknown, { requireSeq = true }: { requireSeq?: boolean } = {}): ReadOutcome {
  const version = newerVersionOf(raw);
  if (version !== null) return { kind: 'newer', version };
  const event = upcast(raw);
  const reason = explainInvalid(event, requireSeq);
  return reason === null ? { kind: 'event', event: event as AppEvent } : { kind: 'malformed', reason };
}

/** Records sorted by outcome, in their original order within each group. */
export interface ReadBatch<R> {
  events: AppEvent[];
  /** The newer records themselves, untouched, with the highest version among them. */
  newer: R[];
  newestVersion: number | null;
  malformed: { raw: R; reason: string }[];
}

/** Read a list of records (see readRecord). */
export function readRecords<R>(raws: readonly R[], options: { requireSeq?: boolean } = {}): ReadBatch<R> {
  const batch: ReadBatch<R> = { events: [], newer: [], newestVersion: null, malformed: [] };
  for (const raw of raws) {
    const outcome = readRecord(raw, options);
    if (outcome.kind === 'event') batch.events.push(outcome.event);
    else if (outcome.kind === 'malformed') batch.malformed.push({ raw, reason: outcome.reason });
    else {
      batch.newer.push(raw);
      batch.newestVersion = Math.max(batch.newestVersion ?? 0, outcome.version);
    }
  }
  return batch;
}
