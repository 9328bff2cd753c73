import type { Page } from '@playwright/test';

/** One record of the IndexedDB events store, as stored (seq order; see src/events/storedForm.ts). */
export interface StoredEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}

/** Every stored event of the log (`notepad-log`), read straight from IndexedDB, oldest first. */
export async function storedEvents(page: Page): Promise<StoredEvent[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEvent[]>((resolve, reject) => {
        const open = indexedDB.open('notepad-log');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('events').objectStore('events').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as StoredEvent[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}
