import { statSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { newContext } from '../browser';
import { installProbe, readProbe, waitIn } from '../probes';
import { appSnapshot, seedContext, seedSpec } from '../seed';
import { traced } from '../trace';
import { heapAfterGc } from './editor';

/** One export of all notes, from the click to the download. */
interface ExportRun {
  /** Click on *Export all notes* -> the download starts (ms). */
  ms: number;
  zipBytes: number;
  /** JS heap in use after GC, before the click (bytes). */
  heapBeforeBytes: number | null;
  /** Highest JS heap in use sampled during the export (bytes, every ~100 ms, no forced GC). */
  peakHeapBytes: number | null;
  /** Longest task or rendering step of 50 ms or more during the export (Long Tasks + Long Animation Frames APIs; 0 = none). */
  longestTaskMs: number;
  /** Tasks and rendering steps of 50 ms or more. */
  longTasks: number;
}

/** The export figures of one library size. */
export interface ExportResult {
  notes: number;
  runs: ExportRun[];
  /** Exact longest main-thread task of one more (traced) export, and how many took over 50 ms. */
  traced: { longestTaskMs: number; tasksOver50: number; longestTaskCpuMs: number | null; tasksOver50Cpu: number | null; ms: number } | null;
  /** One more export with a forced GC before each heap sample (every 1 s): heap after GC before it, and the highest during it (bytes). */
  retained: { beforeBytes: number | null; peakBytes: number | null } | null;
}

/**
 * Samples `Runtime.getHeapUsage` every `everyMs` until stopped; resolves with the highest value (bytes).
 * With `collect`, each sample follows a forced GC: what the export keeps, not the garbage it has made
 * (the collections pause the page, so such a run is not timed).
 */
export async function sampleHeap(page: Page, everyMs: number, collect: boolean): Promise<() => Promise<number | null>> {
  const cdp = await page.context().newCDPSession(page);
  let peak: number | null = null;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        if (collect) await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        peak = Math.max(peak ?? 0, usedSize);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    await cdp.detach().catch(() => undefined);
    return peak;
  };
}

/** Open the app on the seeded log and wait until notes can be used (the sidebar is no longer inert). */
async function openReady(page: Page, origin: string): Promise<void> {
  await page.goto(origin + '/');
  if (!(await waitIn(page, () => !!document.querySelector('nav.sidebar:not([inert])'), 180_000)))
    throw new Error('the app never became usable');
  // Idle-time start-up work (search index, mirror) would otherwise run inside the export's window.
  await page.waitForTimeout(3000);
}

/** Click *Export all notes* and wait for the download; the zip's size and the time it took. */
async function exportOnce(page: Page): Promise<{ ms: number; zipBytes: number }> {
  const t0 = Date.now();
  const downloading = page.waitForEvent('download', { timeout: 600_000 });
  await page.getByRole('button', { name: 'Export all notes' }).click();
  const download = await downloading;
  const ms = Date.now() - t0;
  return { ms, zipBytes: statSync(await download.path()).size };
}

/**
 * Seed `notes` notes (library kind: paragraphs, a checklist, every 10th an image), let the app
 * snapshot them, then `runs` times in a fresh page: heap after GC, click *Export all notes*, sample
 * the heap and record long tasks until the download starts. One more export with forced collections
 * gives the heap it keeps, and with `trace` a traced one the exact longest task (the trace of a
 * 10,000-note export is too large to read back). With `seeded`, a context already holding a
 * snapshotted log is used (and left open) instead.
 */
export async function measureExport(
  browser: Browser,
  origin: string,
  notes: number,
  runs: number,
  trace: boolean,
  seeded?: BrowserContext,
): Promise<ExportResult> {
  const context = seeded ?? (await newContext(browser));
  try {
    if (!seeded) {
      await installProbe(context, true);
      await seedContext(context, origin, seedSpec({ kind: 'library', notes, words: 200, seed: 7 }));
      await appSnapshot(context, origin);
    }
    const result: ExportResult = { notes, runs: [], traced: null, retained: null };
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      try {
        await openReady(page, origin);
        const heapBeforeBytes = await heapAfterGc(page);
        const stopHeap = await sampleHeap(page, 100, false);
        const start = await page.evaluate(() => performance.now());
        const { ms, zipBytes } = await exportOnce(page);
        const peakHeapBytes = await stopHeap();
        const { longtasks, frames } = await readProbe(page);
        const tasks = longtasks.filter((t) => t.start >= start).map((t) => t.duration);
        const renders = frames.filter((f) => f.renderStart > 0 && f.renderStart >= start).map((f) => f.start + f.duration - f.renderStart);
        result.runs.push({
          ms,
          zipBytes,
          heapBeforeBytes,
          peakHeapBytes,
          longestTaskMs: Math.max(0, ...tasks, ...renders),
          longTasks: tasks.length + renders.filter((d) => d >= 50).length,
        });
        console.log(
          `  export ${notes} run ${i + 1}/${runs}: ${ms} ms, zip ${(zipBytes / 1e6).toFixed(1)} MB, heap ${((heapBeforeBytes ?? 0) / 2 ** 20).toFixed(0)} -> peak ${((peakHeapBytes ?? 0) / 2 ** 20).toFixed(0)} MiB, longest task ${Math.max(0, ...tasks, ...renders).toFixed(0)} ms`,
        );
      } finally {
        await page.close();
      }
    }
    const memoryPage = await context.newPage();
    try {
      await openReady(memoryPage, origin);
      const beforeBytes = await heapAfterGc(memoryPage);
      const stopHeap = await sampleHeap(memoryPage, 1000, true);
      await exportOnce(memoryPage);
      result.retained = { beforeBytes, peakBytes: await stopHeap() };
      console.log(
        `  export ${notes} heap after GC: ${((beforeBytes ?? 0) / 2 ** 20).toFixed(0)} MiB before, at most ${((result.retained.peakBytes ?? 0) / 2 ** 20).toFixed(0)} MiB during`,
      );
    } finally {
      await memoryPage.close();
    }
    if (!trace) return result;
    const page = await context.newPage();
    try {
      await openReady(page, origin);
      let ms = 0;
      const trace = await traced(browser, page, async () => {
        ms = (await exportOnce(page)).ms;
      });
      result.traced = { ...trace, ms };
      console.log(
        `  export ${notes} traced: longest task ${trace.longestTaskMs.toFixed(1)} ms (${trace.longestTaskCpuMs?.toFixed(1) ?? 'n/a'} ms CPU), ${trace.tasksOver50} tasks > 50 ms (${trace.tasksOver50Cpu ?? 'n/a'} in CPU time)`,
      );
    } finally {
      await page.close();
    }
    return result;
  } finally {
    if (!seeded) await context.close();
  }
}
