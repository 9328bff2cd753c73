import type { Browser, BrowserContext, Page } from '@playwright/test';
import { installProbe, readProbe, waitIn } from '../probes';
import { newContext } from '../browser';
import { seedContext, seedSpec } from '../seed';
import type { paragraphDoc } from '../corpus';

type Doc = ReturnType<typeof paragraphDoc>;

/** One editor run: load time, heap after load, per-key latencies, and (NotePad) the autosave that follows. */
export interface EditorRun {
  readyMs: number;
  heapBytes: number | null;
  keyMs: number[];
  autosave?: {
    /** Longest task or rendering step in the window (0: none of 50 ms or more). */
    longestTaskMs: number;
    /** Longest task reported by the Long Tasks API (script, IndexedDB, storage ...). */
    longestScriptTaskMs: number;
    /** Longest rendering step of a long animation frame. */
    longestRenderMs: number;
    /** Tasks and rendering steps of 50 ms or more. */
    tasks: number;
    savedAfterMs: number;
  } | null;
  /** NotePad: making the note's change model after it opened (the app's `notepad:change-model` measure). */
  model?: {
    /** From its first background slice to its last. */
    buildMs: number;
    slices: number;
    /** The longest slice, as the app timed it. */
    longestSliceMs: number;
    /** The longest long task (>= 50 ms, any cause) while it was made; 0: none. */
    longestTaskMs: number;
    /** Whether it was ready before the first key (false: keys were typed while it was made). */
    readyBeforeTyping: boolean;
    /** Whether it was ready before the autosave (else that save carried the whole body). */
    readyBeforeSave: boolean;
  } | null;
  /** NotePad: the typed-text drafts written while typing (the app's `notepad:draft` measures). */
  drafts?: {
    count: number;
    /** The longest draft's capture and write (ms); 0 when none was written. */
    longestMs: number;
    /** The median draft's (ms). */
    medianMs: number;
    /** The note's HTML length in the longest one (characters). */
    chars: number;
  };
}

/** How many keys one run types (first 3 are warm-up, dropped). */
const KEYS = Number(process.env.BENCH_KEYS ?? 53);

/** A context whose NotePad log holds one selected note with `doc` (the 2-block or 5,000-paragraph note). */
export async function notePadEditorContext(browser: Browser, origin: string, doc: Doc): Promise<BrowserContext> {
  const context = await newContext(browser);
  await installProbe(context, false);
  await seedContext(context, origin, seedSpec({ kind: 'single', doc }));
  return context;
}

/** Open the note in NotePad, or the baseline page with `doc` loaded by `replaceBlocks`; resolves when all blocks are in the DOM. */
export async function openEditor(
  context: BrowserContext,
  origin: string,
  app: 'notepad' | 'baseline',
  doc: Doc,
): Promise<{ page: Page; readyMs: number }> {
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(origin + (app === 'notepad' ? '/' : '/bench/baseline/'));
  if (!(await waitIn(page, () => window.__probe.editableAt !== null, 60_000))) throw new Error(`${app}: editor never became editable`);
  if (app === 'baseline' && doc.blocks.length > 2) await page.evaluate((blocks) => window.__bench!.load(blocks as never), doc.blocks);
  const ok = await page
    .waitForFunction((n) => document.querySelectorAll('.bn-editor .bn-block-outer').length >= n, doc.blocks.length, {
      timeout: 120_000,
      polling: 100,
    })
    .then(
      () => true,
      () => false,
    );
  if (!ok) throw new Error(`${app}: the ${doc.blocks.length}-block document never rendered`);
  return { page, readyMs: Date.now() - t0 };
}

/**
 * JS heap in use after forced collections, through the DevTools protocol (`performance.memory` is
 * bucketed and cached for minutes unless Chromium runs with precise memory info).
 */
export async function heapAfterGc(page: Page): Promise<number | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (let i = 0; i < 3; i++) {
      await cdp.send('HeapProfiler.collectGarbage');
      await page.waitForTimeout(100);
    }
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize;
  } catch {
    return null;
  } finally {
    await cdp.detach();
  }
}

/** Type KEYS letters at the end of the second paragraph, one at a time; per-key latency keydown -> next frame. */
export async function typeKeys(page: Page, keys = KEYS): Promise<number[]> {
  await page.locator('.bn-editor .bn-inline-content').nth(1).click();
  await page.keyboard.press('End');
  await page.waitForTimeout(300);
  await page.evaluate(() => (window.__probe.keys = []));
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < keys; i++) {
    await page.keyboard.press(letters[i % letters.length]);
    await page
      .waitForFunction((n) => window.__probe.keys.length >= n && !Number.isNaN(window.__probe.keys[n - 1].t1), i + 1, {
        timeout: 5000,
        polling: 'raf',
      })
      .catch(() => undefined);
    await page.waitForTimeout(25);
  }
  const { keys: measured } = await readProbe(page);
  return measured
    .slice(3)
    .map((k) => k.t1 - k.t0)
    .filter((ms) => Number.isFinite(ms));
}

/** The autosave's pause after the last key before it saves (docs/product.md). */
const AUTOSAVE_DELAY_MS = 2000;

/** How long after the last key the autosave figure watches the main thread (the save starts 2,000 ms after it). */
const AUTOSAVE_WINDOW_MS = 4000;

/**
 * After typing, wait for NotePad's autosave ("Note saved!", 2,000 ms after the last key) and watch
 * the main thread until AUTOSAVE_WINDOW_MS after the last key: everything the save sets off
 * (HTML, the log's write, the mirror's localStorage write, the search index, re-renders, garbage
 * collection) falls in it. The longest task is the longest long task (Long Tasks API: script and
 * other tasks >= 50 ms) or rendering step of a long animation frame (the Long Tasks API leaves
 * rendering out: style, layout, the content-visibility and IntersectionObserver passes, paint).
 * Until 2026-11-24 the window ended 300 ms after "Note saved!" and rendering was not seen, so
 * tasks after the save's write and long frames went unreported (docs/benchmarks.md).
 */
export async function measureAutosave(page: Page): Promise<EditorRun['autosave']> {
  const lastKey = await page.evaluate(() => {
    const k = window.__probe.keys;
    return k.length ? k[k.length - 1].t1 : performance.now();
  });
  const saved = await waitIn(page, () => document.querySelector('.status-message')?.textContent?.includes('Note saved!') ?? false, 20_000);
  if (!saved) return null;
  const savedAt = await page.evaluate(() => performance.now());
  // The observers' callbacks are delivered in low-priority tasks: wait a little past the window.
  const end = lastKey + AUTOSAVE_WINDOW_MS;
  await page.waitForFunction((t) => performance.now() >= t, end + 300, { timeout: AUTOSAVE_WINDOW_MS + 30_000, polling: 100 });
  const { longtasks, frames } = await readProbe(page);
  const inWindow = (t: number) => t >= lastKey && t < end;
  const tasks = longtasks.filter((t) => inWindow(t.start)).map((t) => t.duration);
  const renders = frames.filter((f) => f.renderStart > 0 && inWindow(f.renderStart)).map((f) => f.start + f.duration - f.renderStart);
  return {
    longestTaskMs: Math.max(0, ...tasks, ...renders),
    longestScriptTaskMs: Math.max(0, ...tasks),
    longestRenderMs: Math.max(0, ...renders),
    tasks: tasks.length + renders.filter((ms) => ms >= 50).length,
    savedAfterMs: savedAt - lastKey,
  };
}

/** How making the change model went (NotePad; call after the autosave): null when it was not made. */
async function measureModel(page: Page): Promise<EditorRun['model']> {
  return page.evaluate((delay) => {
    const m = performance.getEntriesByName('notepad:change-model')[0] as PerformanceMeasure | undefined;
    if (!m) return null;
    const end = m.startTime + m.duration;
    const detail = m.detail as { slices: number; longestSliceMs: number };
    const tasks = window.__probe.longtasks.filter((t) => t.start + t.duration > m.startTime && t.start < end);
    const keys = window.__probe.keys;
    const firstKey = keys[0]?.t0 ?? Number.POSITIVE_INFINITY;
    const saveAt = (keys.at(-1)?.t1 ?? Number.POSITIVE_INFINITY) + delay;
    return {
      buildMs: m.duration,
      slices: detail.slices,
      longestSliceMs: detail.longestSliceMs,
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      readyBeforeTyping: end <= firstKey,
      readyBeforeSave: end <= saveAt,
    };
  }, AUTOSAVE_DELAY_MS);
}

/** The typed-text drafts NotePad wrote so far on `page` (its `notepad:draft` measures). */
async function measureDrafts(page: Page): Promise<NonNullable<EditorRun['drafts']>> {
  return page.evaluate(() => {
    const drafts = performance.getEntriesByName('notepad:draft') as PerformanceMeasure[];
    const longest = drafts.reduce<PerformanceMeasure | null>((a, m) => (!a || m.duration > a.duration ? m : a), null);
    const sorted = drafts.map((m) => m.duration).sort((a, b) => a - b);
    return {
      count: drafts.length,
      longestMs: longest?.duration ?? 0,
      medianMs: sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0,
      chars: (longest?.detail as { chars?: number } | null)?.chars ?? 0,
    };
  });
}

/** One full editor run on `app`: open, heap, type, and for NotePad's big note the autosave. */
export async function editorRun(
  browser: Browser,
  origin: string,
  app: 'notepad' | 'baseline',
  doc: Doc,
  seeded: BrowserContext | null,
  withAutosave: boolean,
): Promise<EditorRun> {
  let context = seeded;
  if (!context) {
    context = await newContext(browser);
    await installProbe(context, false);
  }
  const { page, readyMs } = await openEditor(context, origin, app, doc);
  try {
    await page.waitForTimeout(500);
    const heapBytes = await heapAfterGc(page);
    const keyMs = await typeKeys(page);
    const drafts = app === 'notepad' ? await measureDrafts(page) : undefined;
    const autosave = withAutosave ? await measureAutosave(page) : undefined;
    const model = app === 'notepad' && withAutosave ? await measureModel(page) : undefined;
    return { readyMs, heapBytes, keyMs, autosave, model, drafts };
  } finally {
    await page.close();
    if (!seeded) await context.close();
  }
}
