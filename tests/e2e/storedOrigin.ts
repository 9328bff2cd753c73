import type { Page } from '@playwright/test';

/**
 * Replace the checkpoint a synced device started from (its origin, `notepad-sync` store `device`, key
 * `origin`) with one this build cannot read: `broken` (notes that do not parse) or `unknown` (a form a
 * newer build might store: no notes object), and drop every snapshot of its log, so the next start
 * has no snapshot and folds from that origin (docs/architecture.md "Reading states").
 * The app is left first (the page shows a static file of its origin), so it writes nothing after the
 * change; the caller opens it again. Rejects when the device has no origin or a write fails.
 */
export async function replaceStoredOrigin(page: Page, form: 'broken' | 'unknown'): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(async (kind) => {
    const opened = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onblocked = () => reject(new Error(`opening ${name} is blocked`));
        open.onsuccess = () => resolve(open.result);
      });
    const done = (tx: IDBTransaction) =>
      new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error ?? new Error('the write was aborted'));
      });
    const sync = await opened('notepad-sync');
    const read = sync.transaction('device').objectStore('device').get('origin');
    const stored = await new Promise<{ key: string; origin: { head: number; v?: number } } | undefined>((resolve, reject) => {
      read.onsuccess = () => resolve(read.result as never);
      read.onerror = () => reject(read.error);
    });
    if (!stored) throw new Error('this device has no stored origin');
    const { head, v } = stored.origin;
    // 'unknown': a form a newer build might store (its notes in parts); 'broken': notes that do not parse.
    const origin = kind === 'unknown' ? { head, v, parts: [[31, 139, 8, 0]] } : { head, v, notes: { order: 'not a list' } };
    const write = sync.transaction('device', 'readwrite');
    write.objectStore('device').put({ key: 'origin', origin });
    await done(write);
    sync.close();
    // Every snapshot and its parts; the log's epoch (below the parts) stays.
    const log = await opened('notepad-log');
    const snapshots = log.transaction(['snapshots', 'snapshotBodies'], 'readwrite');
    snapshots.objectStore('snapshots').clear();
    snapshots.objectStore('snapshotBodies').delete(IDBKeyRange.bound([0, 0], [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]));
    await done(snapshots);
    log.close();
  }, form);
}
