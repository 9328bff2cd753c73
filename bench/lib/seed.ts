import type { BrowserContext, Page } from '@playwright/test';
import { seedInPage, type SeedSpec } from './pageSeed';
import { vocabulary } from './corpus';
import { waitIn } from './probes';
import { withDeadline } from '../../tests/support/deadline';

const VOCAB = vocabulary();

/** Defaults of a seed spec; callers give what differs. */
export function seedSpec(part: Partial<SeedSpec> & Pick<SeedSpec, 'kind'>): SeedSpec {
  return { now: Date.now(), seed: 42, vocab: VOCAB, firstSeq: 1, notes: 1, events: 0, words: 500, skipCompaction: true, ...part };
}

/**
 * Path of the bench build's seeding page (bench/seed/): the app never runs there, but it opens the
 * log's database with the app's own code (`window.__logDatabase`), so a seed never names its schema.
 */
const SEED_PATH = '/bench/seed/';

/** Open the seeding page (SEED_PATH) in `page`; resolves once it can open the log's database. */
export async function openSeedPage(page: Page, origin: string): Promise<void> {
  await page.goto(origin + SEED_PATH);
  await page.waitForFunction(() => !!window.__logDatabase, undefined, { timeout: 30_000 });
}

/** Write a seeded log into `context`'s IndexedDB from the seeding page (SEED_PATH). */
export async function seedContext(
  context: BrowserContext,
  origin: string,
  spec: SeedSpec,
): Promise<{ events: number; lastSeq: number; bytes: number }> {
  const page = await context.newPage();
  try {
    await openSeedPage(page, origin);
    // Writing 200k events takes tens of seconds; an IndexedDB open blocked by another connection would take forever.
    return await withDeadline(page.evaluate(seedInPage, spec), 600_000, 'seeding the log in IndexedDB');
  } finally {
    await page.close();
  }
}

/** Number of snapshots and events in the page's NotePad log (opened read-only beside the app). */
export function countStored(page: Page): Promise<{ snapshots: number; events: number; lastSnapshotSeq: number }> {
  const counted = page.evaluate(
    () =>
      new Promise<{ snapshots: number; events: number; lastSnapshotSeq: number }>((resolve, reject) => {
        const req = indexedDB.open('notepad-log');
        req.onerror = () => reject(req.error);
        req.onblocked = () => reject(new Error('opening notepad-log is blocked by another connection'));
        req.onsuccess = () => {
          const db = req.result;
          const tx = db.transaction(['snapshots', 'events']);
          const snaps = tx.objectStore('snapshots').getAllKeys();
          const events = tx.objectStore('events').count();
          tx.oncomplete = () => {
            const keys = snaps.result as number[];
            resolve({ snapshots: keys.length, events: events.result, lastSnapshotSeq: keys.length ? Math.max(...keys) : 0 });
            db.close();
          };
        };
      }),
  );
  return withDeadline(counted, 60_000, 'counting the stored log');
}

/**
 * Let the app itself checkpoint a seeded log, as it does in use every 500 events: open it (a full
 * fold, timed as `fullFoldMs`), select a note (one append), and wait until its snapshot is stored
 * (one after `afterSeq`, when an earlier one exists).
 */
export async function appSnapshot(
  context: BrowserContext,
  origin: string,
  timeoutMs = 180_000,
  afterSeq = 0,
): Promise<{ firstRowMs: number | null; snapshotSeq: number }> {
  const page = await context.newPage();
  try {
    await page.goto(origin + '/');
    const shown = await waitIn(page, () => window.__probe.firstRowAt !== null, timeoutMs);
    const firstRowMs = shown ? await page.evaluate(() => window.__probe.firstRowAt) : null;
    await page.locator('.note-list .note-row .note-row-main').first().click();
    const deadline = Date.now() + timeoutMs;
    let stored = await countStored(page);
    while ((stored.snapshots === 0 || stored.lastSnapshotSeq <= afterSeq) && Date.now() < deadline) {
      await page.waitForTimeout(250);
      stored = await countStored(page);
    }
    return { firstRowMs, snapshotSeq: stored.lastSnapshotSeq };
  } finally {
    await page.close();
  }
}
