import type { AppState, NoteBody, NoteChain, NotesState } from '../projections/notesState';
import type { NotesHead } from '../projections/pendingBodies';

/** Where a synced device's notes stand (LogFold): the server-ordered notes up to `head`; kept in a snapshot. */
export interface ServerBase {
  head: number;
  notes: NotesState;
}

/**
 * A projection checkpoint: the state after folding every event up to `seq`; on a synced device
 * also the server-ordered notes at the server head it had reached (docs/architecture.md "Sync").
 */
export interface Snapshot {
  v: number;
  /** The build that wrote it (src/lib/buildId.ts); absent from snapshots of builds before schema 4. */
  writer?: string;
  seq: number;
  at: string;
  state: AppState;
  server?: ServerBase;
  /**
   * The epoch of the log it was folded from (docs/architecture.md "Compaction"): a random id that
   * replacing the log, beginning or ending sync changes. Not part of the stored snapshot record:
   * storage keeps the log's epoch in an EpochMark, sets it from a snapshot written with one, and
   * names it on the snapshot it reads. Absent: the log no such change was made to yet.
   */
  epoch?: string;
}

/**
 * The log's epoch as stored (see Snapshot.epoch): one small record in the `snapshotBodies` store
 * under EPOCH_KEY (logDatabase.ts), read and written in the transactions it guards.
 */
export interface EpochMark {
  epoch: string;
}

/**
 * The list part of a snapshot (docs/architecture.md "Snapshots"): the notes without their bodies,
 * the view and the seq, so start-up can show the list before it has read every body. Stored in the
 * snapshots store beside its snapshot under the key `-seq`: a build that does not know heads reads
 * the highest key, always a whole snapshot, and its clean-up drops heads (the lowest keys) harmlessly.
 */
export interface SnapshotHead {
  v: number;
  writer?: string;
  seq: number;
  at: string;
  state: { notes: NotesHead; view: AppState['view']; seq: number };
}

/**
 * A snapshot head as the snapshots store holds it (src/events/snapshotHeads.ts): its state as one
 * JSON string (`stateJson`), or, as the builds before wrote it, as objects (SnapshotHead). A build
 * before reads a `stateJson` head as one that does not read: its load reads the whole snapshot.
 */
export type StoredSnapshotHead = SnapshotHead | (Omit<SnapshotHead, 'state'> & { stateJson: string });

/**
 * A part of a snapshot's bodies (src/events/snapshotParts.ts), stored form: of its notes (`state`)
 * and of its server base (`server`), by note id.
 */
export interface SnapshotPart {
  state: Record<string, PartBody>;
  server?: Record<string, PartBody>;
}

/**
 * A body as a part holds it: whole (a snapshot of a build before document records, or, before
 * `bodyForm: 'docRefs'`, a body with no document: HTML only), its HTML and the key of its
 * document's record (`bodyForm: 'docKeys'`), or only the key and its links (`'docRefs'`: the record
 * holds the HTML too; src/events/snapshotDocuments.ts).
 */
export type PartBody = NoteBody;

/**
 * A body's record of the `documents` store: its document (`blocksJson`, `chain`) and, since
 * `bodyForm: 'docRefs'`, its HTML (a record a `'docKeys'` snapshot wrote has none: its part holds it).
 */
export interface DocumentRecord {
  html?: string;
  blocksJson?: string;
  chain?: NoteChain;
}

/**
 * The keys of the document records a snapshot names (snapshotParts.ts), stored beside its parts
 * under `[seq, -1]`: what clean-up keeps without reading every part.
 */
export interface SnapshotDocKeys {
  docKeys: string[];
}

/** A stored record that could not be read as an event: kept aside with the reason, never dropped. */
export interface QuarantineRecord {
  key?: number;
  seq: number | null;
  reason: string;
  raw: unknown;
  at: string;
}
