import {
  EVENT_SCHEMA_VERSION,
  readAppState,
  readAppStateOnHead,
  readHeadState,
  readNotesState,
  type AppState,
  type StateReading,
} from '../../catalog';
import { BUILD_ID } from '../lib/buildId';
import type { ServerBase } from './logRecords';
import type { Snapshot, SnapshotHead } from './logRecords';

/**
 * Snapshots read back from storage (docs/architecture.md "Reading states"). A snapshot this very
 * build wrote holds the output of this build's fold of validated events and is used as it is; one
 * written by another build (an older schema, an older or newer build of this schema) is upcast and
 * parsed with the notes state's schema first. A snapshot is a cache: one that fails is set aside
 * and the events are folded instead.
 */

/** The reading of a snapshot: usable, of a newer schema (left for that build), or broken (why). */
export type SnapshotReading<S> = StateReading<S> | { ok: false; newer: true; reason: string };

/** True when this very build wrote `stored` (its schema version and build id): it is used without parsing. */
export const isOwnSnapshot = (stored: { v: number; writer?: string }) => stored.v === EVENT_SCHEMA_VERSION && stored.writer === BUILD_ID;

/**
 * A snapshot head as stored (`stored`, its state as the build that wrote it left it) and that state
 * read and checked (readSnapshotHead): what the preview showed the first rows from.
 */
export interface CheckedHead {
  stored: SnapshotHead;
  state: SnapshotHead['state'];
}

/** True when `head` is the head stored beside `snapshot` (one write: the same seq, time, schema and writer). */
function isHeadOf(head: SnapshotHead, snapshot: Snapshot): boolean {
  // The snapshot is not read yet: its state may be anything.
  const state: unknown = snapshot.state;
  if (typeof state !== 'object' || state === null) return false;
  return (
    head.seq === -snapshot.seq &&
    head.at === snapshot.at &&
    head.v === snapshot.v &&
    head.writer === snapshot.writer &&
    head.state.seq === (state as { seq?: unknown }).seq
  );
}

/**
 * `stored` as this build's snapshot: state and server part parsed, unless this build wrote it and
 * `trustOwn` (storage; a file from outside is always parsed, whatever it says of its writer). With
 * `head`, the checked head stored beside this very snapshot, only what the head lacks is parsed
 * (the bodies, then the notes checked as a whole): the head's parts are taken as they were checked,
 * not parsed a second time (docs/architecture.md "Reading states"). Never throws.
 */
export function readSnapshot(stored: Snapshot, trustOwn = true, head?: CheckedHead | null): SnapshotReading<Snapshot> {
  if (stored.v > EVENT_SCHEMA_VERSION) return { ok: false, newer: true, reason: `schema version ${stored.v}` };
  if (trustOwn && isOwnSnapshot(stored)) return { ok: true, state: stored };
  const state: StateReading<AppState> =
    head && isHeadOf(head.stored, stored)
      ? readAppStateOnHead(stored.v, head.state, stored.state.notes)
      : readAppState(stored.v, stored.state);
  if (!state.ok) return state;
  let server: ServerBase | undefined;
  if (stored.server) {
    const notes = readNotesState(stored.v, stored.server.notes);
    if (!notes.ok) return { ok: false, reason: `server part: ${notes.reason}` };
    server = { head: stored.server.head, notes: notes.state };
  }
  return { ok: true, state: { ...stored, v: EVENT_SCHEMA_VERSION, state: state.state, ...(server ? { server } : {}) } };
}

/** `head` as this build's snapshot head (parsed unless this build wrote it). Never throws. */
export function readSnapshotHead(head: SnapshotHead): SnapshotReading<SnapshotHead> {
  if (head.v > EVENT_SCHEMA_VERSION) return { ok: false, newer: true, reason: `schema version ${head.v}` };
  if (isOwnSnapshot(head)) return { ok: true, state: head };
  const state = readHeadState(head.v, head.state);
  return state.ok ? { ok: true, state: { ...head, v: EVENT_SCHEMA_VERSION, state: state.state } } : state;
}

/**
 * The reading of a stored origin: usable, or not, and then whether a newer build wrote it (`newer`,
 * with the schema version to report) so that build is left the log.
 */
export type OriginReading = { ok: true; state: ServerBase } | { ok: false; reason: string; newer: boolean; version: number };

/**
 * The checkpoint a synced device started from (docs/architecture.md "Sync"), as stored in its
 * bookkeeping: `v` names the schema of its notes; builds before version 4 stored none (their states
 * all had the shape of version 3). A record without a notes object, or of a newer schema, is of a
 * form a newer build wrote (`newer`); one whose notes do not parse is broken. Never throws.
 */
export function readOrigin(stored: unknown): OriginReading {
  const record = (typeof stored === 'object' && stored !== null ? stored : {}) as { head?: unknown; v?: unknown; notes?: unknown };
  const version = record.v ?? 3;
  if (typeof version === 'number' && version > EVENT_SCHEMA_VERSION) {
    return { ok: false, reason: `schema version ${version}`, newer: true, version };
  }
  if (typeof record.notes !== 'object' || record.notes === null || typeof record.head !== 'number') {
    return { ok: false, reason: 'a stored form this build does not know', newer: true, version: EVENT_SCHEMA_VERSION + 1 };
  }
  const notes = readNotesState(version, record.notes);
  return notes.ok
    ? { ok: true, state: { head: record.head, notes: notes.state } }
    : { ok: false, reason: notes.reason, newer: false, version: EVENT_SCHEMA_VERSION };
}

/** The fields a snapshot written now carries besides its state: schema version and writer. */
export const SNAPSHOT_STAMP = { v: EVENT_SCHEMA_VERSION, writer: BUILD_ID } as const;
