import type { Page } from '@playwright/test';

/**
 * The derived caches as a test finds them (docs/architecture.md "Derived caches"): the `derived`
 * store of the `notepad-cache` IndexedDB database. Uint32Array fields come back as plain arrays
 * (and go in as such), so a test can read and change them in Node.
 */
export type DerivedKey = 'search-index' | 'note-counts';

/**
 * Navigate `page` away from the app to a same-origin address that runs none of it (the host
 * answers /functions/ itself; the service worker leaves it alone). The app's pending cache writes
 * end with it, so an entry changed now stays as changed until the app is opened again.
 */
export async function leaveApp(page: Page): Promise<void> {
  await page.goto('/functions/v1/not-the-app');
}

/**
 * The entry stored under `key`, or null when there is none; with `replacement`, that is stored
 * instead (the entry read before is returned). Call it on the app's page only to read: the app
 * may write again at any time (use `leaveApp` first to change an entry).
 */
export function derivedEntry<T extends Record<string, unknown>>(page: Page, key: DerivedKey, replacement?: T): Promise<T | null> {
  return page.evaluate(
    async ({ key, replacement }) => {
      // Never create the database here: the app would then find it without its store.
      const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
        const open = indexedDB.open('notepad-cache');
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve(null) : reject(open.error));
      });
      if (!db) return null;
      const done = <R>(r: IDBRequest<R>) =>
        new Promise<R>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      try {
        if (!db.objectStoreNames.contains('derived')) return null;
        const stored = (await done(db.transaction('derived').objectStore('derived').get(key))) as Record<string, unknown> | undefined;
        if (replacement) {
          const typed = Object.fromEntries(
            Object.entries(replacement).map(([k, v]) => [k, stored?.[k] instanceof Uint32Array ? Uint32Array.from(v as number[]) : v]),
          );
          await done(db.transaction('derived', 'readwrite').objectStore('derived').put(typed, key));
        }
        if (!stored) return null;
        return Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, v instanceof Uint32Array ? [...v] : v]));
      } finally {
        db.close();
      }
    },
    { key, replacement },
  ) as Promise<T | null>;
}
