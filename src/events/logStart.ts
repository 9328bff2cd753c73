import { readRecords, type AppEvent } from '../../catalog';
import { foldApp } from '../projections/foldApp';
import { foldingChanges, loadChainEngineFor } from '../projections/changes/chainEngine';
import { INITIAL_STATE, type AppState } from '../projections/notesState';
import { hasChangedPendingBodies, isExactPreview, withPendingBodies } from '../projections/pendingBodies';
import type { LogStorage } from './logStorage';
import type { LogHealth } from './logStatus';
import type { QuarantineRecord, Snapshot } from './logRecords';
import { isOwnSnapshot, readSnapshot, readSnapshotHead, type CheckedHead } from './snapshotReading';
import type { SyncRecord } from './syncStorage';
import { fromStoredForm } from './storedForm';
import { withDocumentJson } from '../projections/documentJson';

/** What reading the stored log needs: its storage, the clock, and where to report what it met. */
export interface StoredLogReader {
  readonly storage: LogStorage;
  now(): Date;
  readonly health: LogHealth;
}

/** What a fold of the whole stored log starts from (see LogStart.read). */
export interface StoredStart {
  /** The newest snapshot this build can use, or null (none, a newer build's, or set aside). */
  snapshot: Snapshot | null;
  /** The stored log's epoch (Snapshot.epoch; '' for a log never replaced). */
  epoch: string;
  /** The state to fold onto: the snapshot's, or the empty one. */
  initial: AppState;
  /**
   * Read the records after `initial.seq`, a page at a time, and give `fold` this build's events of
   * each page in seq order (the others quarantined or left for a newer build); documents stay JSON
   * (documentJson.ts); a page waits for what `fold` returns (the documents its changes read).
   * Resolves with the seq of the last record read (`initial.seq` when none).
   */
  fold(fold: (events: AppEvent[]) => void | Promise<void>): Promise<number>;
  /** The state the preview showed folded from these very records (bodies pending), or null. */
  shown: AppState | null;
  /** The account this device syncs with, or null. */
  record: SyncRecord | null;
}

/**
 * Records read at a time when start-up folds the stored log (docs/architecture.md "Start-up
 * order"): a log without a usable snapshot is folded a page at a time, so no more than a page of
 * records, and no parsed document but those of a page, is held at once. @internal Test seam: also
 * read by the tests of folding in pages.
 */
export const START_PAGE_RECORDS = 500;

/**
 * Reading the stored log at start and at every reload (docs/architecture.md "Start-up order",
 * "Reading states"): the newest usable snapshot, the records after it, and what the preview
 * already read. Owns what the preview leaves for the load and what the load must write after.
 */
export class LogStart {
  /**
   * What `preview` read and showed: the records after the snapshot head's seq, and the state folded
   * from them, for `read` to complete with the bodies instead of reading and folding them again.
   */
  private preread: { after: number; raws: unknown[]; shown: AppState | null } | null = null;
  /**
   * The head the preview read and checked, when another build wrote it: the load parses only what
   * it lacks of the same snapshot (docs/architecture.md "Reading states").
   */
  private checkedHead: CheckedHead | null = null;
  /** The newest snapshot did not read and was set aside: the load writes a fresh one. */
  private snapshotSetAside = false;
  /** The snapshot read at start was another build's (upcast and parsed): one of this build's replaces it. */
  private snapshotForeign = false;

  constructor(private readonly reader: StoredLogReader) {}

  /**
   * The list before the bodies (EventLog.preview): the events after the newest snapshot head folded
   * onto it with every body PENDING_BODY, or null where that list could differ from the real one.
   */
  async preview(): Promise<AppState | null> {
    const { storage } = this.reader;
    const [stored, record] = await Promise.all([storage.latestSnapshotHead(), storage.sync.read()]);
    // A head that does not read is left to the load, which reads its whole snapshot and sets it aside.
    const reading = stored && !record ? readSnapshotHead(stored) : null;
    if (!stored || !reading?.ok) return null;
    const head = reading.state;
    this.checkedHead = isOwnSnapshot(stored) ? null : { stored, state: head.state };
    const raws = await storage.readAfter(head.state.seq);
    this.preread = { after: head.state.seq, raws, shown: null };
    const { events, newer } = readRecords(raws);
    if (newer.length) return null;
    const start = withPendingBodies(head.state);
    // Only notes made in the tail have bodies to merge into: the engine loads if one does.
    const state = await foldingChanges(() => foldApp(start, events, 'this-tab'));
    if (state.view.search !== '' || !isExactPreview(start.notes, state.notes)) return null;
    this.preread.shown = state;
    return state;
  }

  /** Read the whole stored log: the newest usable snapshot, the sync record and the records after the snapshot. */
  async read(): Promise<StoredStart> {
    const { storage } = this.reader;
    // Documents stay unread (docs/architecture.md "Snapshots", "Documents by reference"), a synced device's
    // too: its server order and outbox read what they fold into (ServerSync, foldReads.ts).
    const [stored, record, storedEpoch] = await Promise.all([storage.latestSnapshot('keys'), storage.sync.read(), storage.epoch()]);
    const checkedHead = this.checkedHead;
    this.checkedHead = null;
    const snapshot = stored ? await this.usableSnapshot(stored, checkedHead) : null;
    // With every snapshot passed over (a part missing), the log still has its epoch: a fold that
    // named none could never write a snapshot or a checkpoint again.
    const epoch = stored ? (stored.epoch ?? '') : storedEpoch;
    const initial = snapshot?.state ?? INITIAL_STATE;
    const preread = this.preread?.after === initial.seq ? this.preread : null;
    this.preread = null;
    // A change folded onto a body not read yet leaves no text to complete: fold the events again instead.
    const shown = preread?.shown && !hasChangedPendingBodies(preread.shown) ? preread.shown : null;
    const fold = async (into: (events: AppEvent[]) => void | Promise<void>) => {
      if (!preread) return foldPages(this.reader, initial.seq, epoch, into);
      await into(await readStored(this.reader, preread.raws, epoch));
      return lastSeq(preread.raws, initial.seq);
    };
    return { snapshot, epoch, initial, fold, shown, record };
  }

  /**
   * Which snapshot the load must write once the tab is usable, asked once: 'set-aside' (the newest
   * did not read), 'foreign' (it was another build's), or null.
   */
  snapshotDue(writable: boolean): 'set-aside' | 'foreign' | null {
    if (this.snapshotSetAside && writable) {
      this.snapshotSetAside = false;
      return 'set-aside';
    }
    if (this.snapshotForeign && writable) {
      this.snapshotForeign = false;
      return 'foreign';
    }
    return null;
  }

  /**
   * `stored` as this build's snapshot (docs/architecture.md "Reading states"), or null: a newer
   * build's is left alone; one that does not parse is set aside with its reason (reported like a
   * quarantined event) and the events are folded instead, after which a fresh snapshot replaces it.
   * `head`: the head the preview checked, if any (readSnapshot uses it only for its own snapshot).
   */
  private async usableSnapshot(stored: Snapshot, head: CheckedHead | null): Promise<Snapshot | null> {
    const reading = readSnapshot(stored, true, head);
    if (reading.ok) {
      this.snapshotForeign = !isOwnSnapshot(stored);
      return reading.state;
    }
    if ('newer' in reading) return null;
    const at = this.reader.now().toISOString();
    const record: QuarantineRecord = {
      seq: null,
      reason: `snapshot at seq ${stored.seq}: ${reading.reason}`,
      raw: { v: stored.v, writer: stored.writer, seq: stored.seq, at: stored.at },
      at,
    };
    await this.reader.storage.quarantine([record]);
    this.reader.health.quarantined([record]);
    this.snapshotSetAside = true;
    return null;
  }
}

/** The seq of the last of `raws`, or `none` when there is none. */
function lastSeq(raws: readonly unknown[], none: number): number {
  const seq = (raws.at(-1) as { seq?: unknown } | undefined)?.seq;
  return typeof seq === 'number' ? seq : none;
}

/**
 * Read the records after `after` START_PAGE_RECORDS at a time through `readStored`, and give
 * `into` this build's events of each page, their documents kept as JSON (withDocumentJson): only
 * a page's documents are parsed at once, to validate them. Resolves with the last seq read.
 */
async function foldPages(
  reader: StoredLogReader,
  after: number,
  epoch: string,
  into: (events: AppEvent[]) => void | Promise<void>,
): Promise<number> {
  for (;;) {
    const stored = await reader.storage.readAfter(after, { documents: 'json', count: START_PAGE_RECORDS });
    const events = await readStored(reader, stored.map(fromStoredForm), epoch);
    await into(keptAsJson(events, stored));
    after = lastSeq(stored, after);
    if (stored.length < START_PAGE_RECORDS) return after;
  }
}

/** `events` with the document of each body event whose stored record (among `stored`) keeps it as JSON given back as that JSON. */
function keptAsJson(events: AppEvent[], stored: readonly unknown[]): AppEvent[] {
  const json = new Map<string, string>();
  for (const raw of stored) {
    const record = raw as { id?: unknown; type?: unknown; blocksJson?: unknown };
    // A change's blocks are the change itself, folded as they are.
    if (typeof record.blocksJson === 'string' && typeof record.id === 'string' && record.type !== 'note.changed')
      json.set(record.id, record.blocksJson);
  }
  if (json.size === 0) return events;
  return events.map((e) => {
    const kept = json.get(e.id);
    return kept !== undefined && 'blocks' in e.payload ? withDocumentJson(e, kept) : e;
  });
}

/**
 * Read stored records through the catalog's one reader: return this build's events; quarantine
 * malformed records (reported once); leave newer builds' records in place and stop writing. The
 * chain engine is loaded when the events hold a change (docs/architecture.md "Saves as changes").
 * `epoch`: the epoch of the log `raws` were read from.
 */
export async function readStored(reader: StoredLogReader, raws: unknown[], epoch: string): Promise<AppEvent[]> {
  const { events, malformed, newestVersion } = readRecords(raws);
  if (newestVersion !== null) reader.health.meetNewerVersion(newestVersion);
  if (malformed.length) {
    const at = reader.now().toISOString();
    const records: QuarantineRecord[] = malformed.map(({ raw, reason }) => {
      const seq = (raw as { seq?: unknown } | null)?.seq;
      return { seq: typeof seq === 'number' ? seq : null, reason, raw, at };
    });
    // Only in the log `raws` were read from: after a replacement their seqs name other records,
    // and the fold of the new log (a reload follows) sets aside what it holds.
    if (await reader.storage.quarantine(records, epoch)) reader.health.quarantined(records);
  }
  // Whoever folds these next does so synchronously: a change among them may need a merge.
  await loadChainEngineFor(events);
  return events;
}
