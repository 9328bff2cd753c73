import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { SNAPSHOT_EVERY_EVENTS } from '../../src/events/snapshotSchedule';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { IMPORT_RECORDS_KEY, InvalidEventError, type AppEvent } from '../../catalog';
import type { AppState } from '../../src/projections/notesState';

/** A storage that counts its append calls (one call is one IndexedDB transaction) and can be made to fail them. */
function counted(storage: LogStorage) {
  const calls: number[] = [];
  let failNext: Error | null = null;
  const wrapped: LogStorage = {
    ...storage,
    append: (events) => {
      calls.push(events.length);
      if (failNext) {
        const error = failNext;
        failNext = null;
        return Promise.reject(error);
      }
      return storage.append(events);
    },
  };
  return { storage: wrapped, calls, failNextWith: (error: Error) => (failNext = error) };
}

async function openLog(storage: LogStorage) {
  const log = new EventLog({ storage });
  await log.load();
  return log;
}

const imported = (log: EventLog, id: string): AppEvent =>
  log.create('note.imported', {
    id,
    title: `Note ${id}`,
    modified: '2020-01-01T00:00:00.000Z',
    html: `<p>${id}</p>`,
    starred: false,
    source: 'text',
    importId: 'import-0001',
  });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('appending a batch of events', () => {
  it('applies the whole batch with one publish, writes it in one transaction and resolves once it is durable', async () => {
    const { storage, calls } = counted(await openIndexedDbStorage(null));
    const log = await openLog(storage);
    const published: AppState[] = [];
    const subscription = log.state$.subscribe((state) => published.push(state));
    published.length = 0;
    const events = Array.from({ length: 300 }, (_, i) => imported(log, String(1000 + i)));

    const written = log.appendBatch(events);
    expect(published).toHaveLength(1);
    expect(published[0].notes.order).toHaveLength(300);
    expect(log.pendingEvents()).toHaveLength(300);

    const stored = await written;
    expect(stored.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(stored.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(calls).toEqual([300]);
    // Durable: another connection reads all of them.
    const other = await openIndexedDbStorage(null);
    expect(await other.readAfter(0)).toHaveLength(300);
    expect(log.pendingEvents()).toEqual([]);
    // The confirming fold kept the same notes: no second render of an equal list.
    expect(published.at(-1)!.notes.order).toBe(published[0].notes.order);
    subscription.unsubscribe();
    other.close();
    await log.close();
  });

  it('refuses the whole batch when one event is invalid: nothing applied, nothing written', async () => {
    const { storage, calls } = counted(await openIndexedDbStorage(null));
    const log = await openLog(storage);
    const good = imported(log, '1');
    const bad = { ...imported(log, '2'), payload: { ...imported(log, '2').payload, id: 'not-a-note-id' } } as AppEvent;
    expect(() => log.appendBatch([good, bad])).toThrow(InvalidEventError);
    expect(log.state.notes.order).toEqual([]);
    expect(log.pendingEvents()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    await log.close();
  });

  it('keeps a batch whose write failed pending, and writes it again in one transaction', async () => {
    const { storage, calls, failNextWith } = counted(await openIndexedDbStorage(null));
    const log = await openLog(storage);
    failNextWith(new DOMException('full', 'QuotaExceededError'));
    const events = [imported(log, '1'), imported(log, '2'), imported(log, '3')];
    await expect(log.appendBatch(events)).rejects.toThrow('full');
    expect(log.state.notes.order).toEqual(['1', '2', '3']);
    expect(log.status$.value.writeError?.name).toBe('QuotaExceededError');

    const stored = await log.retryPending();
    expect(stored.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(calls).toEqual([3, 3]);
    expect(log.status$.value.writeError).toBeNull();
    await log.close();
  });

  it('raises no unhandled rejection for an append nobody waits for when storage is full', async () => {
    const { storage, failNextWith } = counted(await openIndexedDbStorage(null));
    const log = await openLog(storage);
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    failNextWith(new DOMException('full', 'QuotaExceededError'));
    void log.append('note.created', { id: '1', title: 'Typed while storage was full' });
    await expect.poll(() => log.status$.value.writeError?.name).toBe('QuotaExceededError');
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', listener);
    expect(unhandled).toEqual([]);
    expect(log.state.notes.order).toEqual(['1']);
    await log.close();
  });

  it('reads back only the import records, through the index of payload.id', async () => {
    const log = await openLog(await openIndexedDbStorage(null));
    await log.appendBatch([
      imported(log, '1'),
      log.create('import.notes-added', {
        id: IMPORT_RECORDS_KEY,
        importId: 'import-0001',
        notes: ['1'],
        modified: ['2020-01-01T00:00:00.000Z'],
      }),
    ]);
    await log.append('note.created', { id: '2', title: 'Mine' });
    await log.append('import.finished', { id: IMPORT_RECORDS_KEY, importId: 'import-0001', files: [], cancelled: false });
    expect((await log.importRecords()).map((e) => e.type)).toEqual(['import.notes-added', 'import.finished']);
    await log.close();
  });

  it('writes no snapshot while snapshots are deferred, and one when they are released', async () => {
    const log = await openLog(await openIndexedDbStorage(null));
    const release = log.deferSnapshots();
    await log.appendBatch(Array.from({ length: SNAPSHOT_EVERY_EVENTS + 10 }, (_, i) => imported(log, String(1000 + i))));
    expect(await log.latestSnapshot()).toBeNull();
    release();
    await expect.poll(async () => (await log.latestSnapshot())?.seq).toBe(SNAPSHOT_EVERY_EVENTS + 10);
    await log.close();
  });
});
