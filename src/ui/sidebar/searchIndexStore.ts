import { openDB } from 'idb';
import type { StoredSearchIndex } from '../../projections/storedSearchIndex';

/** IndexedDB database of the stored search index: a cache beside the log, never part of it. */
export const SEARCH_DB_NAME = 'notepad-search';
const STORE = 'index';
const KEY = 'notes';

const open = () =>
  openDB(SEARCH_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });

/**
 * The search index an earlier page stored (docs/architecture.md "Search index"), or null when there
 * is none or it cannot be read (then the index is built from the notes, as on a first start).
 */
export async function readStoredSearchIndex(): Promise<StoredSearchIndex | null> {
  try {
    const db = await open();
    try {
      return ((await db.get(STORE, KEY)) as StoredSearchIndex | undefined) ?? null;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** Store `index` for the next page, in place of the one there; resolves once written. Throws what IndexedDB throws. */
export async function writeStoredSearchIndex(index: StoredSearchIndex): Promise<void> {
  const db = await open();
  try {
    await db.put(STORE, index, KEY);
  } finally {
    db.close();
  }
}
