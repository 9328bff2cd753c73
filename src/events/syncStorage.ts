import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ServerBase } from './logRecords';

/**
 * This device's sync bookkeeping (docs/architecture.md "Sync"), in a database of its own beside
 * the log (`notepad-sync`): the log's database keeps its version, so a build that does not know
 * sync never meets an upgrade it cannot open.
 */

/** The account this device syncs with, and how far the server has this device's events. */
export interface SyncRecord {
  userId: string;
  email: string;
  /** This browser profile's device id for the account (bound to it by the server). */
  deviceId: string;
  deviceName: string;
  /**
   * Every note event of this device up to this local seq is ordered by the server (or set
   * aside): the outbox is read from the log after it. A hint; ordered ids are checked too.
   */
  ackedThrough: number;
  /** When sync began (ISO time). */
  since: string;
  /**
   * The serverSeq of the newest account checkpoint this device uploaded or read, if any. Checkpoints
   * only move forward, so it is a lower bound of the account's: while it shows none is due, the
   * checkpoint (megabytes at 10,000 notes) is not downloaded to read its serverSeq.
   */
  checkpointSeq?: number;
}

/** Where the server put an event of the account: its sequence number and the event id. */
interface OrderEntry {
  sseq: number;
  id: string;
}

/**
 * An event of the account's order this build could not read (a newer schema, or malformed): the
 * fold skips it (docs/architecture.md "Sync"); it stays untouched on the server. `id` as the event
 * named itself, when it did with a string.
 */
export interface UnreadableEntry {
  sseq: number;
  id: string | null;
  reason: string;
}

/**
 * A checkpoint's notes as the sync transport opened them: gzip of the JSON of a notes state of
 * schema version `v`, not yet parsed (lib/gzipJson.ts `gunzipJson` reads them).
 */
export interface OriginBytes {
  v: number;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * The checkpoint a synced device started from, as stored (docs/architecture.md "Sync"): its head and
 * either its notes as they came from the server (`gzip`, stored since 2026-11-28: a copy of bytes
 * instead of every note's objects) or, as builds before stored it and `restartFrom` still may, the
 * notes state itself; `v` the schema version of its notes (absent where a build before version 4
 * stored it). Read through ServerSync.origin and snapshotReading.ts `readOrigin`.
 */
type StoredOrigin = (ServerBase & { v?: number }) | ({ head: number } & OriginBytes);

/** The sync bookkeeping store; an IndexedDB database in the browser, memory in tests. */
export interface SyncStorage {
  read(): Promise<SyncRecord | null>;
  /** Write the record; `null` leaves sync: the record, the server order, the set-aside and unreadable lists are cleared. */
  write(record: SyncRecord | null): Promise<void>;
  /** Server order entries after `sseq`, ascending. */
  orderedAfter(sseq: number): Promise<OrderEntry[]>;
  /** Record where the server put events (idempotent). */
  order(entries: readonly OrderEntry[]): Promise<void>;
  /** Which of `ids` the server has ordered. */
  orderedIds(ids: readonly string[]): Promise<Set<string>>;
  /** Events the server refused for good, by id, with the reason. */
  aside(): Promise<Map<string, string>>;
  setAside(entries: readonly { id: string; reason: string }[]): Promise<void>;
  /** The events of the server's order this build skipped as unreadable, by ascending sseq. */
  unreadable(): Promise<UnreadableEntry[]>;
  /** Add to that list (idempotent by sseq). */
  addUnreadable(entries: readonly UnreadableEntry[]): Promise<void>;
  /** The account's checkpoint this device started from (its events before it are not in the local log), for exports. */
  origin(): Promise<StoredOrigin | null>;
  setOrigin(origin: StoredOrigin): Promise<void>;
  /**
   * The account key (a non-extractable AES-GCM CryptoKey, stored as such: its bytes cannot be read
   * back), or null while this device is locked (docs/sync.md "Keys"). `write(null)` removes it.
   */
  accountKey(): Promise<CryptoKey | null>;
  setAccountKey(key: CryptoKey): Promise<void>;
  close(): void;
}

interface SyncDB extends DBSchema {
  device: {
    key: string;
    value:
      | (SyncRecord & { key: string })
      | { key: string; origin: StoredOrigin }
      | { key: string; unreadable: UnreadableEntry[] }
      | { key: string; accountKey: CryptoKey };
  };
  order: { key: number; value: OrderEntry; indexes: { id: string } };
  aside: { key: string; value: { id: string; reason: string } };
}

/**
 * Name of the sync bookkeeping database.
 * @internal Test seam: used here; the tests read this constant.
 */
export const SYNC_DB_NAME = 'notepad-sync';
const SYNC_DB_VERSION = 1;
const RECORD_KEY = 'account';
const ORIGIN_KEY = 'origin';
/** The list of unreadable server events: one record in the `device` store, so the database keeps its version. */
const UNREADABLE_KEY = 'unreadable';
/** The account key: in the `device` store, which leaving sync clears. */
const ACCOUNT_KEY_KEY = 'account-key';

/** `list` with `added` merged in, by ascending sseq, one entry per sseq. */
function mergeUnreadable(list: readonly UnreadableEntry[], added: readonly UnreadableEntry[]): UnreadableEntry[] {
  const bySseq = new Map(list.map((u) => [u.sseq, u]));
  for (const u of added) bySseq.set(u.sseq, { ...u });
  return [...bySseq.values()].sort((a, b) => a.sseq - b.sseq);
}

/** Open (creating) the sync bookkeeping database. @throws when IndexedDB is unavailable. */
async function openIndexedDbSyncStorage(): Promise<SyncStorage> {
  const db: IDBPDatabase<SyncDB> = await openDB<SyncDB>(SYNC_DB_NAME, SYNC_DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('device', { keyPath: 'key' });
      database.createObjectStore('order', { keyPath: 'sseq' }).createIndex('id', 'id', { unique: true });
      database.createObjectStore('aside', { keyPath: 'id' });
    },
  });
  return {
    async read() {
      const stored = await db.get('device', RECORD_KEY);
      if (!stored || !('userId' in stored)) return null;
      const { key: _key, ...record } = stored;
      return record;
    },
    async write(record) {
      const tx = db.transaction(['device', 'order', 'aside'], 'readwrite');
      if (record) await tx.objectStore('device').put({ ...record, key: RECORD_KEY });
      else await Promise.all([tx.objectStore('device').clear(), tx.objectStore('order').clear(), tx.objectStore('aside').clear()]);
      await tx.done;
    },
    orderedAfter: (sseq) => db.getAll('order', IDBKeyRange.lowerBound(sseq, true)),
    async order(entries) {
      const tx = db.transaction('order', 'readwrite');
      await Promise.all([...entries.map((e) => tx.store.put(e)), tx.done]);
    },
    async orderedIds(ids) {
      const tx = db.transaction('order');
      const found = await Promise.all(ids.map((id) => tx.store.index('id').getKey(id)));
      return new Set(ids.filter((_, i) => found[i] !== undefined));
    },
    async aside() {
      return new Map((await db.getAll('aside')).map((a) => [a.id, a.reason]));
    },
    async setAside(entries) {
      const tx = db.transaction('aside', 'readwrite');
      await Promise.all([...entries.map((e) => tx.store.put(e)), tx.done]);
    },
    async unreadable() {
      const stored = await db.get('device', UNREADABLE_KEY);
      return stored && 'unreadable' in stored ? stored.unreadable : [];
    },
    async addUnreadable(entries) {
      if (!entries.length) return;
      const tx = db.transaction('device', 'readwrite');
      const stored = await tx.store.get(UNREADABLE_KEY);
      const list = stored && 'unreadable' in stored ? stored.unreadable : [];
      await Promise.all([tx.store.put({ key: UNREADABLE_KEY, unreadable: mergeUnreadable(list, entries) }), tx.done]);
    },
    async origin() {
      const stored = await db.get('device', ORIGIN_KEY);
      return stored && 'origin' in stored ? stored.origin : null;
    },
    async setOrigin(origin) {
      await db.put('device', { key: ORIGIN_KEY, origin });
    },
    async accountKey() {
      const stored = await db.get('device', ACCOUNT_KEY_KEY);
      return stored && 'accountKey' in stored ? stored.accountKey : null;
    },
    async setAccountKey(accountKey) {
      await db.put('device', { key: ACCOUNT_KEY_KEY, accountKey });
    },
    close: () => db.close(),
  };
}

/** Whether the sync database exists, or null when the browser cannot say (no `indexedDB.databases()`). */
async function syncDatabaseExists(): Promise<boolean | null> {
  if (typeof indexedDB.databases !== 'function') return null;
  try {
    return (await indexedDB.databases()).some((db) => db.name === SYNC_DB_NAME);
  } catch {
    return null;
  }
}

/**
 * The sync bookkeeping, opened only once it is needed (docs/architecture.md "Sync"): a device
 * that never synced has no `notepad-sync` database, and start-up asks the browser which
 * databases exist instead of opening (and creating) it, so the log knows at load that the device
 * does not sync without the second open. Reads answer "nothing recorded" while it does not exist;
 * the first write opens (creates) it. Whether it exists is asked again at every read until it is
 * open: another tab may begin sync meanwhile (it then tells this tab to fold again).
 */
export function openLazySyncStorage(open: () => Promise<SyncStorage> = openIndexedDbSyncStorage): SyncStorage {
  let opened: Promise<SyncStorage> | null = null;
  const connect = () => {
    if (!opened) {
      const opening = open();
      opening.catch(() => opened === opening && (opened = null));
      opened = opening;
    }
    return opened;
  };
  /** The open store, or null when the database does not exist (and nothing is to be read from it). */
  const ifExists = async (): Promise<SyncStorage | null> => (opened || (await syncDatabaseExists()) !== false ? connect() : null);
  return {
    read: async () => (await ifExists())?.read() ?? null,
    write: async (record) => {
      const store = record ? await connect() : await ifExists();
      await store?.write(record);
    },
    orderedAfter: async (sseq) => (await ifExists())?.orderedAfter(sseq) ?? [],
    order: async (entries) => (await connect()).order(entries),
    orderedIds: async (ids) => (await ifExists())?.orderedIds(ids) ?? new Set(),
    aside: async () => (await ifExists())?.aside() ?? new Map(),
    setAside: async (entries) => (await connect()).setAside(entries),
    unreadable: async () => (await ifExists())?.unreadable() ?? [],
    addUnreadable: async (entries) => (await connect()).addUnreadable(entries),
    origin: async () => (await ifExists())?.origin() ?? null,
    setOrigin: async (origin) => (await connect()).setOrigin(origin),
    accountKey: async () => (await ifExists())?.accountKey() ?? null,
    setAccountKey: async (key) => (await connect()).setAccountKey(key),
    close: () =>
      void opened?.then(
        (store) => store.close(),
        () => undefined,
      ),
  };
}

/** The sync bookkeeping in memory (tests, and the memory log when IndexedDB is unavailable). */
export function createMemorySyncStorage(): SyncStorage {
  let record: SyncRecord | null = null;
  let origin: StoredOrigin | null = null;
  let accountKey: CryptoKey | null = null;
  const order = new Map<number, string>();
  const aside = new Map<string, string>();
  let unreadable: UnreadableEntry[] = [];
  return {
    read: async () => (record ? { ...record } : null),
    write: async (next) => {
      record = next ? { ...next } : null;
      if (!next) {
        order.clear();
        aside.clear();
        unreadable = [];
        origin = null;
        accountKey = null;
      }
    },
    orderedAfter: async (sseq) =>
      [...order]
        .filter(([s]) => s > sseq)
        .sort((a, b) => a[0] - b[0])
        .map(([s, id]) => ({ sseq: s, id })),
    order: async (entries) => entries.forEach((e) => order.set(e.sseq, e.id)),
    orderedIds: async (ids) => {
      const all = new Set(order.values());
      return new Set(ids.filter((id) => all.has(id)));
    },
    aside: async () => new Map(aside),
    setAside: async (entries) => entries.forEach((e) => aside.set(e.id, e.reason)),
    unreadable: async () => unreadable.map((u) => ({ ...u })),
    addUnreadable: async (entries) => {
      unreadable = mergeUnreadable(unreadable, entries);
    },
    origin: async () => origin,
    setOrigin: async (next) => {
      origin = next;
    },
    accountKey: async () => accountKey,
    setAccountKey: async (key) => {
      accountKey = key;
    },
    close: () => {},
  };
}
