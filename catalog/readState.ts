/**
 * Reading a projection state that comes from outside the page (docs/architecture.md "Reading
 * states"): a snapshot, a checkpoint, the snapshot of a log file. The state is upcast from the
 * schema version that wrote it, then parsed with the schema of catalog/projectionState.ts; one that
 * fails is set aside with its reason and the caller folds the events instead.
 */
import * as v from 'valibot';
import { EVENT_SCHEMA_VERSION } from './envelope';
import { NO_FILTER } from './noteFilter';
import { APP_STATE_SCHEMA, EMPTY_NOTES, NOTES_STATE_SCHEMA, type AppState, type NotesState } from './projectionState';
import { isRecord } from './guards';

type Raw = Record<string, unknown>;

/** The parts a version-3 build folded; a state it wrote must have each of them. */
const V3_PARTS: readonly string[] = ['order', 'meta', 'bodies', 'starred', 'deleted', 'revs', 'devices'];
/** Every later part, empty: a state from a version-3 build starts with these (a part added later too). */
const PARTS_AFTER_V3: Raw = Object.fromEntries(Object.entries(EMPTY_NOTES).filter(([part]) => !V3_PARTS.includes(part)));

/**
 * Notes state upcasters by the event schema version that wrote the state: `NOTES_UPCASTERS[n]`
 * turns a state folded by a version-n build into the state a version-(n+1) build folds from the
 * same events. Versions 1-3 folded the same parts; version 4 added note identity (`origins`,
 * `remaps`), notebooks and tags and shared links, which no event before it made: they start empty, and each note
 * still at the revision that made it names that event as its origin. Version 5 added a note's chain of
 * changes (`chain` on a body and on its revision, `partial`), optional fields that only `note.changed` sets:
 * a version-4 state is the state version 5 folds from the same events, as it is.
 */
const NOTES_UPCASTERS: Record<number, (notes: Raw) => Raw> = {
  1: (notes) => notes,
  2: (notes) => notes,
  3: (notes) => {
    const origins: Record<string, string> = {};
    const revs = isRecord(notes.revs) ? notes.revs : {};
    for (const [id, rev] of Object.entries(revs)) {
      if (isRecord(rev) && rev.origin === true && typeof rev.id === 'string' && rev.copyOf === undefined) origins[id] = rev.id;
    }
    return { ...notes, ...PARTS_AFTER_V3, origins };
  },
  4: (notes) => notes,
};

/** View upcasters, as NOTES_UPCASTERS: version 4 added the sidebar's filter. */
const VIEW_UPCASTERS: Record<number, (view: Raw) => Raw> = {
  1: (view) => view,
  2: (view) => view,
  3: (view) => ({ ...view, filter: NO_FILTER }),
  4: (view) => view,
};

function upcastWith(upcasters: Record<number, (x: Raw) => Raw>, version: number, raw: Raw): Raw {
  let out = raw;
  for (let at = version; at < EVENT_SCHEMA_VERSION; at += 1) out = upcasters[at](out);
  return out;
}

/** A state read, or why it cannot be used. */
export type StateReading<S> = { ok: true; state: S } | { ok: false; reason: string };

function describe(issues: readonly v.BaseIssue<unknown>[], under?: string): string {
  const issue = issues[0];
  const path = [...(under ? [under] : []), ...(issue.path ?? []).map((item) => String(item.key))].join('.');
  return `bad ${path || 'state'}: ${issue.message}`;
}

function checkVersion(version: unknown): string | null {
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) return `bad schema version ${JSON.stringify(version)}`;
  if (version > EVENT_SCHEMA_VERSION) return `written by a newer NotePad (schema version ${version})`;
  return null;
}

/**
 * The notes state `raw`, written by a build of schema `version`, as this build's NotesState.
 * Never throws: a newer version or a state that does not parse is `{ok: false, reason}`.
 */
export function readNotesState(version: unknown, raw: unknown): StateReading<NotesState> {
  const bad = checkVersion(version);
  if (bad) return { ok: false, reason: bad };
  if (!isRecord(raw)) return { ok: false, reason: 'the notes state is not an object' };
  const result = v.safeParse(NOTES_STATE_SCHEMA, upcastWith(NOTES_UPCASTERS, version as number, raw));
  if (!result.success) return { ok: false, reason: describe(result.issues) };
  return checkNotes(result.output);
}

/**
 * The whole projection `raw` (notes, view, seq), written by a build of schema `version`, as this
 * build's AppState. Never throws; see readNotesState.
 */
export function readAppState(version: unknown, raw: unknown): StateReading<AppState> {
  const bad = checkVersion(version);
  if (bad) return { ok: false, reason: bad };
  if (!isRecord(raw) || !isRecord(raw.notes) || !isRecord(raw.view))
    return { ok: false, reason: 'the state is not an object with notes and view' };
  const at = version as number;
  const upcast = { ...raw, notes: upcastWith(NOTES_UPCASTERS, at, raw.notes), view: upcastWith(VIEW_UPCASTERS, at, raw.view) };
  const result = v.safeParse(APP_STATE_SCHEMA, upcast);
  if (!result.success) return { ok: false, reason: describe(result.issues) };
  const notes = checkNotes(result.output.notes);
  return notes.ok ? { ok: true, state: { ...result.output, notes: notes.state } } : notes;
}

const HEAD_STATE_SCHEMA = v.object({
  notes: v.omit(NOTES_STATE_SCHEMA, ['bodies']),
  view: APP_STATE_SCHEMA.entries.view,
  seq: APP_STATE_SCHEMA.entries.seq,
});
/** A snapshot head's state: the projection without the notes' bodies (docs/architecture.md "Snapshots"). */
export type HeadState = v.InferOutput<typeof HEAD_STATE_SCHEMA>;

/**
 * A snapshot head's state `raw` (the projection without bodies), written by a build of schema
 * `version`, as this build's HeadState. Never throws; see readNotesState.
 */
export function readHeadState(version: unknown, raw: unknown): StateReading<HeadState> {
  const bad = checkVersion(version);
  if (bad) return { ok: false, reason: bad };
  if (!isRecord(raw) || !isRecord(raw.notes) || !isRecord(raw.view))
    return { ok: false, reason: 'the state is not an object with notes and view' };
  const at = version as number;
  const upcast = { ...raw, notes: upcastWith(NOTES_UPCASTERS, at, raw.notes), view: upcastWith(VIEW_UPCASTERS, at, raw.view) };
  const result = v.safeParse(HEAD_STATE_SCHEMA, upcast);
  if (!result.success) return { ok: false, reason: describe(result.issues) };
  const { notes } = result.output;
  const missing = notes.order.find((id) => !notes.meta[id]);
  return missing === undefined ? { ok: true, state: result.output } : { ok: false, reason: `note ${missing} has no title` };
}

/**
 * The whole projection of a snapshot whose head was read and checked already (readHeadState, the
 * head stored beside this very snapshot): the head's notes, view and seq as they were checked, with
 * the bodies of `rawNotes` (the snapshot's notes, written by a build of schema `version`) upcast and
 * parsed, then the notes checked as a whole (checkNotes). The snapshot's own copy of the head's parts
 * is neither parsed nor used (docs/architecture.md "Reading states"). Never throws; see readNotesState.
 */
export function readAppStateOnHead(version: unknown, head: HeadState, rawNotes: unknown): StateReading<AppState> {
  const bad = checkVersion(version);
  if (bad) return { ok: false, reason: bad };
  if (!isRecord(rawNotes)) return { ok: false, reason: 'the notes state is not an object' };
  // Upcasters map part by part: the bodies alone upcast as they would within the whole notes.
  const { bodies } = upcastWith(NOTES_UPCASTERS, version as number, { bodies: rawNotes.bodies });
  const result = v.safeParse(NOTES_STATE_SCHEMA.entries.bodies, bodies);
  if (!result.success) return { ok: false, reason: describe(result.issues, 'notes.bodies') };
  const notes = checkNotes({ ...head.notes, bodies: result.output });
  return notes.ok ? { ok: true, state: { notes: notes.state, view: head.view, seq: head.seq } } : notes;
}

/** What the schema cannot say: every listed note has its title and body, and no note is listed twice. */
function checkNotes(notes: NotesState): StateReading<NotesState> {
  const seen = new Set<string>();
  for (const id of notes.order) {
    if (seen.has(id)) return { ok: false, reason: `note ${id} is listed twice` };
    seen.add(id);
    if (!notes.meta[id]) return { ok: false, reason: `note ${id} has no title` };
    if (!notes.bodies[id]) return { ok: false, reason: `note ${id} has no body` };
  }
  if (Object.keys(notes.meta).length !== notes.order.length) return { ok: false, reason: 'titles of notes that are not listed' };
  return { ok: true, state: notes };
}
