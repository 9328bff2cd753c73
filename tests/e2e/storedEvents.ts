import type { Page } from '@playwright/test';

/** One record of the IndexedDB events store, as stored (seq order; see src/events/storedForm.ts). */
export interface StoredEvent {
  seq: number;
  /** When it was appended (ISO 8601, ms). */
  at: string;
  type: string;
  payload: Record<string, unknown>;
  /** A change's blocks, or a whole body's document, as stored (JSON text). */
  blocksJson?: string;
}

/** Every stored event of the log (`notepad-log`), read straight from IndexedDB, oldest first. */
export async function storedEvents(page: Page): Promise<StoredEvent[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEvent[]>((resolve, reject) => {
        const open = indexedDB.open('notepad-log');
        open.onerror = () => reject(open.error);
        open.onblocked = () => reject(new Error('opening notepad-log is blocked'));
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

/**
 * Add raw records to the events store of the page's log, as another build or a corrupted disk
 * would leave them (seq is assigned by IndexedDB). Rejects when the database cannot be opened or
 * the write fails, instead of waiting forever.
 */
export async function addStoredRecords(page: Page, records: unknown[]): Promise<void> {
  await page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('notepad-log');
        open.onerror = () => reject(open.error);
        open.onblocked = () => reject(new Error('opening notepad-log is blocked'));
        open.onsuccess = () => {
          const tx = open.result.transaction('events', 'readwrite');
          for (const record of list) tx.objectStore('events').add(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error ?? new Error('the write was aborted'));
        };
      }),
    records,
  );
}
