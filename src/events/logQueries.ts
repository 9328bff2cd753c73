import { readRecords, type AppEvent } from '../../catalog';
import type { StoredRecord } from './logFile';
import type { LogStorage } from './logStorage';
import type { Snapshot } from './logRecords';
import { loadChainEngineFor } from '../projections/changes/chainEngine';

/**
 * Reads of the stored log that fold nothing into the tab's state (docs/architecture.md "IndexedDB
 * log"): a note's history, the newest snapshot for an export, every record in fold order.
 */

/**
 * The events about one note in seq order: those under `noteId`, and those under the ids it was made
 * with (docs/architecture.md "Note identity"), which `remaps` (event id -> note id) names. The chain
 * engine is loaded when they hold a change.
 */
export async function readNoteEvents(storage: LogStorage, remaps: Readonly<Record<string, string>>, noteId: string): Promise<AppEvent[]> {
  const making = Object.keys(remaps).filter((eventId) => remaps[eventId] === noteId);
  const madeAs = making.length ? readRecords(await storage.readByIds(making)).events.map((e) => (e.payload as { id: string }).id) : [];
  const ids = [...new Set([noteId, ...madeAs])];
  const raws = (await Promise.all(ids.map((id) => storage.readNote(id)))).flat();
  const events = readRecords(raws).events;
  // Its history folds the note's changes (noteRevisions), merges included.
  await loadChainEngineFor(events);
  return ids.length > 1 ? events.sort((a, b) => a.seq - b.seq) : events;
}

/**
 * The newest snapshot, as stored, without this browser's epoch (for an export); null when there is
 * none, or only the empty one a replacement leaves at seq 0, which folds as none.
 */
export async function readLatestSnapshot(storage: LogStorage): Promise<Snapshot | null> {
  const stored = await storage.latestSnapshot();
  if (!stored || (stored.seq === 0 && !stored.server)) return null;
  const { epoch: _epoch, ...snapshot } = stored;
  return snapshot;
}

/** A stored record in fold order, with this build's event when it reads it (null: a newer build's record). */
export interface OrderedRecord {
  record: StoredRecord;
  event: AppEvent | null;
  sseq?: number;
}

/**
 * Every stored record in fold order: on a synced device (`synced`) the events the server ordered
 * first, in its order and with their `sseq`, then the rest in this device's order. `documents`:
 * false leaves body saves' BlockNote documents out of the read, except those chains of changes start from.
 */
export async function readFoldOrdered(storage: LogStorage, synced: boolean, documents: boolean): Promise<OrderedRecord[]> {
  const records: OrderedRecord[] = [];
  const raws = await storage.readAfter(0, { documents });
  const order = synced ? await storage.sync.orderedAfter(0) : [];
  const sseqOf = new Map(order.map((o) => [o.id, o.sseq]));
  for (const raw of raws) {
    const { events, newer } = readRecords([raw]);
    const { sseq: _stale, ...event } = (events[0] ?? raw) as unknown as Record<string, unknown>;
    if (!events.length && !newer.length) continue;
    const sseq = sseqOf.get(event.id as string);
    const record = sseq !== undefined ? { ...event, sseq } : event;
    records.push({ record, event: events.length ? (record as unknown as AppEvent) : null, sseq });
  }
  if (!documents) await withChainStarts(storage, records);
  return [...records.filter((r) => r.sseq !== undefined).sort((a, b) => a.sseq! - b.sseq!), ...records.filter((r) => r.sseq === undefined)];
}

/**
 * Read without documents, `records` still need the document of each body a chain of changes starts
 * from: the fold starts the chain from its blocks (docs/architecture.md "Saves as changes"). Those
 * few are read whole, by id.
 */
async function withChainStarts(storage: LogStorage, records: OrderedRecord[]): Promise<void> {
  const starts = new Set<string>();
  for (const { event } of records) if (event?.type === 'note.changed') starts.add(event.payload.start);
  if (!starts.size) return;
  const whole = new Map(readRecords(await storage.readByIds([...starts])).events.map((e) => [e.id, e.payload]));
  for (const entry of records) {
    const payload = entry.event && whole.get(entry.event.id);
    if (!payload) continue;
    entry.event = { ...entry.event!, payload } as AppEvent;
    entry.record = { ...entry.record, payload } as StoredRecord;
  }
}
