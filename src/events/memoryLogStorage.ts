import type { EventEnvelope } from '../../catalog';
import type { LogStorage } from './logStorage';
import type { QuarantineRecord, Snapshot } from './logRecords';
import { createMemorySyncStorage } from './syncStorage';
import { withoutDocument } from './storedForm';

/**
 * A LogStorage that keeps everything in memory: used when IndexedDB is unavailable (private mode,
 * blocked) so the app still works for the session, and by tests and replay.
 */
export function createMemoryLogStorage(initial: EventEnvelope[] = []): LogStorage {
  let events: EventEnvelope[] = initial.map((e) => ({ ...e }));
  let snapshots: Snapshot[] = [];
  const quarantine: QuarantineRecord[] = [];
  let nextSeq = events.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
  let logEpoch = '';
  const epoch = () => logEpoch;
  /** Keep `snapshot` without its epoch, which becomes the log's when it names one. */
  const keep = ({ epoch: next = logEpoch, ...snapshot }: Snapshot): Snapshot => {
    logEpoch = next;
    return snapshot;
  };
  return {
    latestSnapshot: async () => {
      const snapshot = snapshots.at(-1);
      return snapshot ? (logEpoch ? { ...snapshot, epoch: logEpoch } : snapshot) : null;
    },
    // Memory keeps snapshots whole: no body is ever held by key, so there is no document to read.
    readDocuments: async () => new Map(),
    // Memory holds everything at once: start-up has no list to show before the bodies.
    latestSnapshotHead: async () => null,
    readAfter: async (afterSeq, options) =>
      events
        .filter((e) => e.seq > afterSeq)
        .slice(0, options?.count)
        .map((e) => (options?.documents === false ? (withoutDocument(e) as EventEnvelope) : { ...e })),
    append: async (batch) => {
      // As IndexedDB's unique index on `id` does: the whole batch is refused, nothing is stored.
      const held = new Set(events.map((e) => e.id));
      if (batch.some((e) => held.has(e.id))) throw new DOMException('An event with this id is already stored.', 'ConstraintError');
      const stored = batch.map((e) => ({ ...e, seq: nextSeq++ }));
      events.push(...stored);
      return stored.map((e) => ({ ...e }));
    },
    existingIds: async (ids) => new Set(ids.filter((id) => events.some((e) => e.id === id))),
    epoch: async () => epoch(),
    writeSnapshot: async (snapshot, ifEpoch) => {
      if (ifEpoch !== undefined && epoch() !== ifEpoch) return false;
      snapshots.push(keep(snapshot));
      return true;
    },
    quarantine: async (records, ifEpoch) => {
      if (ifEpoch !== undefined && epoch() !== ifEpoch) return false;
      quarantine.push(...records);
      for (const r of records) {
        const at = events.findIndex((e) => e.seq === r.seq);
        if (at >= 0) events.splice(at, 1);
      }
      return true;
    },
    quarantined: async () => [...quarantine],
    readNote: async (noteId) => events.filter((e) => (e.payload as { id?: unknown })?.id === noteId).map((e) => ({ ...e })),
    replaceAll: async (replacement, snapshot) => {
      events = replacement.map((e) => ({ ...e }));
      logEpoch = '';
      snapshots = snapshot ? [keep(snapshot)] : [];
      nextSeq = events.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
    },
    deleteEvents: async (seqs, ifEpoch) => {
      if (ifEpoch !== undefined && epoch() !== ifEpoch) return false;
      const drop = new Set(seqs);
      events = events.filter((e) => !drop.has(e.seq));
      return true;
    },
    readByIds: async (ids) => {
      const wanted = new Set(ids);
      return events.filter((e) => wanted.has(e.id)).map((e) => ({ ...e }));
    },
    addReceived: async (batch) => {
      const held = new Set(events.map((e) => e.id));
      const stored = batch.filter((e) => !held.has(e.id)).map((e) => ({ ...e, seq: nextSeq++ }));
      events.push(...stored);
      return stored.map((e) => ({ ...e }));
    },
    sync: createMemorySyncStorage(),
    onNewerBuild: () => {},
    close: () => {},
  };
}
