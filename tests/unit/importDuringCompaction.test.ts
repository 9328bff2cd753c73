import { describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { EVENT_SCHEMA_VERSION, type AppEvent } from '../../catalog';
import type { LogStorage } from '../../src/events/logStorage';
import { buildLogFile, parseLogFile } from '../../src/events/logFile';

/**
 * Importing an event log while the log is being compacted or checkpointed (docs/architecture.md
 * "Compaction"): a fresh browser compacts in its first idle moment, which under load can come while
 * the person imports a file. Neither may undo the other: the imported notes are all there, in this
 * tab and after a reload, and nothing of the log they replaced comes back.
 */

const at = '2026-11-24T10:00:00.000Z';
const event = (seq: number, type: string, payload: Record<string, unknown>): AppEvent =>
  ({ v: EVENT_SCHEMA_VERSION, seq, id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, at, type, payload }) as AppEvent;

/** Storage whose snapshot writes and deletions wait for `release()`: a slow IndexedDB under load. */
function slowMaintenance(storage: LogStorage) {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  const slowed: LogStorage = {
    ...storage,
    writeSnapshot: async (snapshot) => {
      await released;
      return storage.writeSnapshot(snapshot);
    },
    deleteEvents: async (seqs) => {
      await released;
      return storage.deleteEvents(seqs);
    },
  };
  return { slowed, release };
}

const IMPORTED = [
  event(1, 'note.created', { id: '1700000000001', title: 'Imported first' }),
  event(2, 'note.body-saved', { id: '1700000000001', html: '<p>first body</p>' }),
  event(3, 'note.created', { id: '1700000000002', title: 'Imported second' }),
  event(4, 'note.created', { id: '1700000000003', title: 'Imported third' }),
];

describe('importing an event log while the log is compacted', () => {
  it('keeps every imported note, in this tab and after a reload, and nothing of the replaced log', async () => {
    const storage = createMemoryLogStorage([
      event(1, 'note.created', { id: '1600000000001', title: 'Replaced' }),
      event(2, 'note.created', { id: '1600000000002', title: 'Also replaced' }),
    ]);
    const { slowed, release } = slowMaintenance(storage);
    const log = new EventLog({ storage: slowed, channel: null });
    await log.load();
    // Compaction starts first (the fresh page's idle moment) and is still writing when the import begins.
    const compaction = log.compact(new Date('2030-01-01'));
    const file = parseLogFile(JSON.stringify(buildLogFile(IMPORTED, null, new Date(at))));
    const importing = log.replaceWith(file);
    await new Promise((r) => setTimeout(r, 10));
    release();
    await Promise.all([compaction, importing]);

    const titles = (l: EventLog) => l.state.notes.order.map((id) => l.state.notes.meta[id].title);
    expect(titles(log)).toEqual(['Imported third', 'Imported second', 'Imported first']);
    const reloaded = new EventLog({ storage, channel: null });
    await reloaded.load();
    expect(titles(reloaded)).toEqual(['Imported third', 'Imported second', 'Imported first']);
    await log.close();
    await reloaded.close();
  });

  it('keeps every imported note when a checkpoint of the replaced log was being written', async () => {
    const storage = createMemoryLogStorage([event(1, 'note.created', { id: '1600000000001', title: 'Replaced' })]);
    const { slowed, release } = slowMaintenance(storage);
    const log = new EventLog({ storage: slowed, channel: null });
    await log.load();
    const checkpoint = log.writeSnapshot();
    const importing = log.replaceWith(parseLogFile(JSON.stringify(buildLogFile(IMPORTED, null, new Date(at)))));
    await new Promise((r) => setTimeout(r, 10));
    release();
    await Promise.all([checkpoint, importing]);
    const reloaded = new EventLog({ storage, channel: null });
    await reloaded.load();
    expect(reloaded.state.notes.order).toEqual(['1700000000003', '1700000000002', '1700000000001']);
    await log.close();
    await reloaded.close();
  });
});
