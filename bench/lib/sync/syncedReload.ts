/**
 * Figures: a synced device's start from its own snapshot (docs/benchmarks.md "Library figures",
 * `library10k.synced.*`). A fresh context signs in to the seeded account, opens a note and lets the
 * device write its snapshot; then the app is opened again in new pages of that context, each to the
 * note editable and the JS heap after GC, as `library10k.editable` and `.heap` measure a local device.
 */
import type { Browser } from '@playwright/test';
import { newContext } from '../browser';
import { installProbe } from '../probes';
import { settledHeap } from '../figures/library';
import { openApp, signInThroughUi } from './signInSteps';

/** One start of the synced device: navigation -> the selected note editable (ms), and the heap after GC (bytes, null unread). */
export interface SyncedReload {
  editableMs: number;
  heap: number | null;
}

/** Time the device gets after it synced and opened a note, for its snapshot writes to finish. */
const SETTLE_MS = 8_000;

/**
 * Sign a new device in to `email`'s account at `origin`, select the first note, then open the app
 * `runs` times again in new pages (one at a time, the one before closed). @throws when the device
 * never syncs or a start never becomes editable.
 */
export async function syncedReloads(browser: Browser, origin: string, email: string, runs: number): Promise<SyncedReload[]> {
  const context = await newContext(browser);
  try {
    await installProbe(context, true);
    const first = await openApp(context, origin);
    await signInThroughUi(first, email, false, 300_000);
    await first.locator('.note-list .note-row').first().click();
    await first.locator('.bn-editor[contenteditable="true"]').waitFor({ timeout: 60_000 });
    await first.waitForTimeout(SETTLE_MS);
    await first.close();
    const out: SyncedReload[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      await page.goto(origin + '/');
      await page.waitForFunction(() => window.__probe.editableAt !== null && window.__probe.firstRowAt !== null, undefined, {
        timeout: 180_000,
      });
      const editableMs = await page.evaluate(() => window.__probe.editableAt!);
      const heap = await settledHeap(page, 3000);
      await page.close();
      out.push({ editableMs, heap });
    }
    return out;
  } finally {
    await context.close();
  }
}
