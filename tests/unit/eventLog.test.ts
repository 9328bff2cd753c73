import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { SNAPSHOT_EVERY_EVENTS } from '../../src/events/snapshotSchedule';
import { LOG_DB_NAME } from '../../src/events/logDatabase';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { InvalidEventError, type EventPayloads } from '../../catalog';

/** Two BroadcastChannel-like ends that deliver to each other asynchronously, as browsers do. */
function channelPair() {
  type End = { onmessage: ((ev: MessageEvent) => void) | null; postMessage(data: unknown): void; close(): void };
  const a: End = { onmessage: null, postMessage: (data) => setTimeout(() => b.onmessage?.({ data } as MessageEvent)), close() {} };
  const b: End = { onmessage: null, postMessage: (data) => setTimeout(() => a.onmessage?.({ data } as MessageEvent)), close() {} };
  return [a, b] as const;
}

async function openLog(channel: ReturnType<typeof channelPair>[number] | null = null, storage?: LogStorage) {
  const log = new EventLog({ storage: storage ?? (await openIndexedDbStorage()), channel });
  await log.load();
  return log;
}

const created = (id: string): EventPayloads['note.created'] => ({ id, title: 'Untitled Note' });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('event log', () => {
  it('applies an append at once and resolves it with a seq once durable', async () => {
    const log = await openLog();
    const pending = log.append('note.created', created('1'));
    expect(log.state.notes.order).toEqual(['1']);
    const stored = await pending;
    expect(stored.seq).toBe(1);
    expect((await log.append('note.starred', { id: '1' })).seq).toBe(2);
    await log.close();
  });

  it('gives a reopened page the same state from IndexedDB', async () => {
    const first = await openLog();
    await first.append('note.created', created('1'));
    await first.append('note.renamed', { id: '1', title: 'Kept' });
    await first.close();
    const second = await openLog();
    expect(second.state.notes.meta['1'].title).toBe('Kept');
    expect(second.state.seq).toBe(2);
  });

  it('rejects an invalid event synchronously and applies nothing', async () => {
    const log = await openLog();
    expect(() => log.append('note.created', { id: 'not-a-number', title: 'x' })).toThrow(InvalidEventError);
    expect(log.state.notes.order).toEqual([]);
    expect(log.pendingEvents()).toEqual([]);
  });

  it("brings another tab's appends in without moving this tab's selection", async () => {
    const [endA, endB] = channelPair();
    const tabA = await openLog(endA);
    const tabB = await openLog(endB);
    await tabB.append('note.created', created('1'));
    await tabA.append('note.created', created('2'));
    // The other tab hears of the append through the channel, a task or more later.
    await vi.waitFor(() => expect(tabB.state.notes.order).toEqual(['2', '1']));
    expect(tabB.state.view.selectedId).toBe('1');
    expect(tabA.state.notes.order).toEqual(['2', '1']);
    expect(tabA.state.view.selectedId).toBe('2');
  });

  it('quarantines unreadable records once and still loads every valid event', async () => {
    const first = await openLog();
    await first.append('note.created', created('1'));
    await first.close();
    const db = await openDB(LOG_DB_NAME);
    await db.add('events', { v: 1, id: 'corrupt-record-1', at: 'x', type: 'note.created', payload: {} });
    await db.add('events', { v: 1, id: 'unknown-type-1', at: '2030-01-01T00:00:00Z', type: 'note.exploded', payload: { id: '9' } });
    db.close();
    const log = new EventLog({ storage: await openIndexedDbStorage() });
    await log.load();
    void log.append('note.created', created('3'));
    await log.append('note.created', created('4'));
    expect(log.state.notes.order).toEqual(['4', '3', '1']);
    expect(log.status$.value.quarantinedNow.map((q) => q.reason)).toEqual(['bad time', 'unknown event type "note.exploded"']);
    await log.close();
    const again = new EventLog({ storage: await openIndexedDbStorage() });
    await again.load();
    expect(again.status$.value.quarantinedNow).toEqual([]);
    expect(await again.quarantined()).toHaveLength(2);
  });

  it('writes a snapshot every SNAPSHOT_EVERY_EVENTS events and starts from it', async () => {
    const log = await openLog();
    await log.append('note.created', created('1'));
    await Promise.all(Array.from({ length: SNAPSHOT_EVERY_EVENTS + 5 }, (_, i) => log.append('note.renamed', { id: '1', title: `t${i}` })));
    await log.append('note.starred', { id: '1' });
    // The snapshot is written after the append resolved, in a transaction of its own.
    await vi.waitFor(async () => expect((await log.latestSnapshot())?.seq).toBeGreaterThanOrEqual(SNAPSHOT_EVERY_EVENTS));
    await log.close();
    const reopened = await openLog();
    expect(reopened.state.notes).toEqual(log.state.notes);
  });

  it('keeps events pending after a failed write and stores them on retry', async () => {
    const storage = createMemoryLogStorage();
    const realAppend = storage.append;
    let full = true;
    storage.append = (events) => (full ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : realAppend(events));
    const log = await openLog(null, storage);
    await expect(log.append('note.created', created('1'))).rejects.toThrow('full');
    expect(log.state.notes.order).toEqual(['1']);
    expect(log.status$.value.writeError?.name).toBe('QuotaExceededError');
    full = false;
    const [stored] = await log.retryPending();
    expect(stored.seq).toBe(1);
    expect(log.pendingEvents()).toEqual([]);
    expect(log.status$.value.writeError).toBeNull();
  });

  it('keeps an event another tab stored with the same id before this tab wrote it, and stores the rest of the batch once', async () => {
    const [endA, endB] = channelPair();
    const tabA = await openLog(endA);
    const tabB = await openLog(endB);
    const shared = tabA.create('note.created', created('1'));
    const own = tabB.create('note.created', created('2'));
    // Both tabs hold the same event (a page-hide journal both recovered); tab A makes it durable first.
    const storedByA = await tabA.appendEvent(shared);
    const written = await tabB.appendBatch([shared, own]);

    expect(written.map((e) => e.id)).toEqual([shared.id, own.id]);
    expect(written[0].seq).toBe(storedByA.seq);
    expect(tabB.status$.value.writeError).toBeNull();
    expect(tabB.pendingEvents()).toEqual([]);
    expect(tabB.state.notes.order).toEqual(['2', '1']);
    const reopened = await openLog();
    const ids = (await reopened.storedRecords()).map((r) => r.id);
    expect(ids.sort()).toEqual([shared.id, own.id].sort());
    await vi.waitFor(() => expect(tabA.state.notes.order).toEqual(['2', '1']));
  });

  it('still reports a write error when a refused id is not in the log after all', async () => {
    const storage = await openIndexedDbStorage();
    storage.append = () => Promise.reject(new DOMException('refused', 'ConstraintError'));
    const log = await openLog(null, storage);
    await expect(log.append('note.created', created('1'))).rejects.toThrow('refused');
    expect(log.status$.value.writeError?.name).toBe('ConstraintError');
    expect(log.pendingEvents().length).toBe(1);
  });
});
