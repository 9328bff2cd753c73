import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYNC_DB_NAME, openLazySyncStorage, type SyncRecord } from '../../src/events/syncStorage';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const names = async () => (await indexedDB.databases()).map((db) => db.name);
const record: SyncRecord = {
  userId: 'u',
  email: 'a@example.org',
  deviceId: 'd',
  deviceName: 'Laptop',
  ackedThrough: 0,
  since: '2026-11-24T00:00:00.000Z',
};

describe('sync bookkeeping opened only when the device syncs', () => {
  it('a device that never synced reads nothing and gets no notepad-sync database', async () => {
    const sync = openLazySyncStorage();
    expect(await sync.read()).toBeNull();
    expect(await sync.orderedAfter(0)).toEqual([]);
    expect(await sync.orderedIds(['x'])).toEqual(new Set());
    expect(await sync.aside()).toEqual(new Map());
    expect(await sync.origin()).toBeNull();
    await sync.write(null); // leaving sync with nothing recorded
    expect(await names()).not.toContain(SYNC_DB_NAME);
    sync.close();
  });

  it('the first write creates it, and the next start reads what it holds', async () => {
    const first = openLazySyncStorage();
    await first.write(record);
    await first.order([{ sseq: 1, id: 'e1' }]);
    expect(await names()).toContain(SYNC_DB_NAME);
    first.close();
    const next = openLazySyncStorage();
    expect(await next.read()).toEqual(record);
    expect(await next.orderedAfter(0)).toEqual([{ sseq: 1, id: 'e1' }]);
    await next.write(null);
    expect(await next.read()).toBeNull();
    next.close();
  });

  it('sees a database another tab created after this one started', async () => {
    const here = openLazySyncStorage();
    expect(await here.read()).toBeNull();
    const other = openLazySyncStorage();
    await other.write(record);
    other.close();
    expect(await here.read()).toEqual(record);
    here.close();
  });
});
