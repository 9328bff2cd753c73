import type { Browser } from '@playwright/test';
import { newContext } from '../browser';
import { installProbe, waitIn } from '../probes';
import { withDeadline } from '../../../tests/support/deadline';
import { countStored, seedContext, seedSpec } from '../seed';

/** Log size after a simulated year, before and after the app's own compaction. */
export interface GrowthResult {
  saves: number;
  notes: number;
  seededEvents: number;
  seededBytes: number;
  compacted: boolean;
  eventsAfter: number;
  /** JSON bytes of every stored event and snapshot after compaction. */
  bytesAfter: number;
  /** `navigator.storage.estimate().usage` (on-disk, lags deletions): before and after. */
  usageBefore: number | null;
  usageAfter: number | null;
  compactMs: number | null;
}

/**
 * Seed a year of use (`saves` body saves spread over 365 days across `notes` notes, bodies growing
 * from 20 to `words` words), open NotePad with its last compaction over a day old so that it
 * compacts in idle time as in use (src/services/compactionSchedule.ts `scheduleCompaction`), wait for it,
 * and measure what stays. Deterministic for a seed, so it is measured once.
 */
export async function measureGrowth(browser: Browser, origin: string, notes: number, saves: number, words: number): Promise<GrowthResult> {
  const context = await newContext(browser);
  try {
    await installProbe(context, true);
    const seeded = await seedContext(
      context,
      origin,
      seedSpec({ kind: 'growth', notes, events: saves, words, seed: 365, skipCompaction: false }),
    );
    const page = await context.newPage();
    await page.goto(origin + '/__bench/blank');
    const usageBefore = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? null);
    const t0 = Date.now();
    await page.goto(origin + '/');
    const compacted = await waitIn(page, () => localStorage.getItem('notepad:compacted-at') !== null, 600_000);
    const compactMs = compacted ? Date.now() - t0 : null;
    await page.close();
    const probe = await context.newPage();
    await probe.goto(origin + '/__bench/blank');
    const { events: eventsAfter } = await countStored(probe);
    const measured = probe.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const req = indexedDB.open('notepad-log');
          req.onerror = () => reject(req.error);
          req.onblocked = () => reject(new Error('opening notepad-log is blocked by another connection'));
          req.onsuccess = () => {
            const db = req.result;
            let bytes = 0;
            // Snapshot bodies are stored in parts beside their snapshots (src/events/snapshotParts.ts), their documents apart.
            const stores = ['events', 'snapshots', 'snapshotBodies', 'documents'].filter((name) => db.objectStoreNames.contains(name));
            const tx = db.transaction(stores);
            for (const store of stores) {
              const cursor = tx.objectStore(store).openCursor();
              cursor.onsuccess = () => {
                if (!cursor.result) return;
                bytes += JSON.stringify(cursor.result.value).length;
                cursor.result.continue();
              };
            }
            tx.oncomplete = () => {
              db.close();
              resolve(bytes);
            };
          };
        }),
    );
    const bytesAfter = await withDeadline(measured, 120_000, 'measuring the stored log');
    const usageAfter = await probe.evaluate(async () => (await navigator.storage.estimate()).usage ?? null);
    return {
      saves,
      notes,
      seededEvents: seeded.events,
      seededBytes: seeded.bytes,
      compacted,
      eventsAfter,
      bytesAfter,
      usageBefore,
      usageAfter,
      compactMs,
    };
  } finally {
    await context.close();
  }
}
