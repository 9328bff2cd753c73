import { notesHead } from '../projections/pendingBodies';
import type { Snapshot, SnapshotHead, StoredSnapshotHead } from './logRecords';

/**
 * The stored form of snapshot heads (docs/architecture.md "Snapshots"): since this build a head
 * keeps its state as one JSON string (`stateJson`). Reading 10,000 notes' titles, dates and
 * revisions back as tens of thousands of small objects was IndexedDB's structured-clone walk on the
 * main thread before the first row; one string is copied, and `JSON.parse` builds the same objects
 * two to three times faster (docs/benchmarks.md). Heads the builds before wrote (`state` as objects)
 * read as they are.
 */

/** The head stored beside `snapshot` (under `-seq`), its state as one JSON string. */
export function storedHead(snapshot: Snapshot): StoredSnapshotHead {
  const { notes, view, seq } = snapshot.state;
  const state: SnapshotHead['state'] = { notes: notesHead(notes), view, seq };
  return { v: snapshot.v, writer: snapshot.writer, seq: -snapshot.seq, at: snapshot.at, stateJson: JSON.stringify(state) };
}

/**
 * `stored` (a record of the snapshots store under a negative key) as a head with its state as
 * objects, in either form; null when its JSON does not parse (the load then reads the whole
 * snapshot, as for a head that does not read). The state is not validated here: readSnapshotHead does.
 */
export function headOf(stored: StoredSnapshotHead): SnapshotHead | null {
  if (!('stateJson' in stored)) return stored;
  const { stateJson, ...rest } = stored;
  try {
    return { ...rest, state: JSON.parse(stateJson) as SnapshotHead['state'] };
  } catch {
    return null;
  }
}
