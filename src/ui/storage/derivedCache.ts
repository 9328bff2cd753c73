import { openDB } from 'idb';

/**
 * IndexedDB database of figures derived from the notes and kept between pages (docs/architecture.md
 * "Derived caches"): a cache beside the log, never part of it; losing it costs time, never notes.
 */
const CACHE_DB_NAME = 'notepad-cache';
const STORE = 'derived';

/** What is kept: the search index, the dashboard's per-note counts. */
export type CacheKey = 'search-index' | 'note-counts';

const open = () =>
  openDB(CACHE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });

/** The value an earlier page stored under `key`, or null when there is none or it cannot be read. Never throws. */
export async function readCache<T>(key: CacheKey): Promise<T | null> {
  try {
    const db = await open();
    try {
      return ((await db.get(STORE, key)) as T | undefined) ?? null;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** Store `value` under `key` for the next page, in place of the one there; resolves once written. Throws what IndexedDB throws. */
export async function writeCache(key: CacheKey, value: unknown): Promise<void> {
  const db = await open();
  try {
    await db.put(STORE, value, key);
  } finally {
    db.close();
  }
}
