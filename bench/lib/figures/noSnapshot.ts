import type { BrowserContext } from '@playwright/test';
import { withDeadline } from '../../../tests/support/deadline';
import { BLANK_PATH } from '../server';
import { waitIn } from '../probes';
import { sampleHeap } from './exportAll';
import { settledHeap } from './library';

/** One start of a log without a usable snapshot (docs/benchmarks.md "Library figures"). */
export interface ColdStart {
  /** Navigation -> first row painted (ms), null when it never showed. */
  firstRowMs: number | null;
  /** Navigation -> the selected note editable and painted (ms), null when it never was. */
  editableMs: number | null;
  /** Highest JS heap sampled every 500 ms from navigation to editable (bytes; garbage included). */
  peakHeap: number | null;
  /** JS heap after forced GC, 3 s after editable (bytes). */
  settledHeap: number | null;
  /** Why the start did not finish (the page crashed, or a timeout), or null. */
  failed: string | null;
}

/**
 * Delete every snapshot of the log in `context` (records and their parts) from the seeding page,
 * so the next start folds the whole log: what a snapshot that cannot be used leaves a start with.
 */
export async function dropSnapshots(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  try {
    // A blank page of the origin: the seeding page waits for the log's database, which a start that was just closed may still hold.
    await page.goto(origin + BLANK_PATH);
    const dropped = page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.open('notepad-log');
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            const db = req.result;
            const tx = db.transaction(['snapshots', 'snapshotBodies', 'documents'], 'readwrite');
            tx.objectStore('snapshots').clear();
            tx.objectStore('snapshotBodies').clear();
            tx.objectStore('documents').clear();
            tx.oncomplete = () => (db.close(), resolve());
            tx.onerror = () => (db.close(), reject(tx.error));
          };
        }),
    );
    await withDeadline(dropped, 600_000, 'dropping the snapshots');
  } finally {
    await page.close();
  }
}

/**
 * Open the app on the log in `context` (its probe installed) in a new page: first row, editable,
 * the highest heap meanwhile and the heap once settled. A crash ("Target crashed", out of memory)
 * or `timeoutMs` without an editable note is reported in `failed`, not thrown. `label` names its
 * heap snapshot (settledHeap).
 */
export async function coldStart(context: BrowserContext, origin: string, timeoutMs: number, label?: string): Promise<ColdStart> {
  const page = await context.newPage();
  let crashed = false;
  page.on('crash', () => (crashed = true));
  const out: ColdStart = { firstRowMs: null, editableMs: null, peakHeap: null, settledHeap: null, failed: null };
  try {
    // A page of the same origin first: the heap sampler's session stays with the page's process through the navigation.
    await page.goto(origin + BLANK_PATH);
    const stopHeap = await sampleHeap(page, 500, false);
    await page.goto(origin + '/');
    const editable = await waitIn(page, () => window.__probe.editableAt !== null, timeoutMs).catch(() => false);
    out.peakHeap = await stopHeap();
    if (!editable) {
      out.failed = crashed ? 'the page crashed (out of memory)' : `not editable within ${timeoutMs / 1000} s`;
      return out;
    }
    const { firstRowAt, editableAt } = await page.evaluate(() => window.__probe);
    out.firstRowMs = firstRowAt;
    out.editableMs = editableAt;
    out.settledHeap = await settledHeap(page, 3000, label);
    return out;
  } catch (error) {
    out.failed = crashed ? 'the page crashed (out of memory)' : error instanceof Error ? error.message.split('\n')[0] : String(error);
    return out;
  } finally {
    await page.close().catch(() => undefined);
  }
}
