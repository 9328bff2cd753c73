/**
 * The browser half of the saves-as-changes spike (docs/changes-spike.md): typing runs of NotePad,
 * the bare BlockNote baseline and the spike page's editors (with and without the Yjs binding),
 * interleaved; then the save-path costs and the two-device merges in the spike page.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { newContext } from '../lib/browser';
import { installProbe, readProbe, waitIn } from '../lib/probes';
import { notePadEditorContext, openEditor } from '../lib/figures/editor';
import type { paragraphDoc } from '../lib/corpus';
import type { MountOptions } from './main';

type Doc = ReturnType<typeof paragraphDoc>;

/** The editors a typing run can measure. */
export type Variant = 'notepad' | 'baseline' | 'bare+y' | 'note' | 'note+y';

/** What one typing run gives. */
export interface TypingRun {
  variant: Variant;
  keyMs: number[];
  /** Spike page only: from the stored form (blocks JSON, or the Y.Doc state) to every block in the DOM. */
  loadMs: number | null;
  /** Live binding only: bytes of each Y.Doc update made while typing (one per key). */
  updateBytes: number[] | null;
  /** Live binding only: merged (mergeUpdatesV2) bytes of groups of 6 and of 27 updates. */
  merged6: number[] | null;
  merged27: number[] | null;
  /** Live binding, 5,000 blocks, first run only: the Y.Doc's whole state (v2 bytes, for gzip in Node), v1 size, encode time. */
  state?: { v2: number[]; v1Bytes: number; encodeMs: number } | null;
  /** Live binding: Y.Doc to blocks (yXmlFragmentToBlocks) and blocks to HTML, ms. */
  yToHtml?: { blocksMs: number; htmlMs: number; blocks: number } | null;
}

const KEYS = Number(process.env.BENCH_KEYS ?? 53);

/**
 * Type KEYS letters at the end of top-level block `index`, one at a time; per-key latency from the
 * keydown to the frame after it (the probe of bench/lib/probes.ts). As bench/lib/figures/editor.ts
 * `typeKeys`, with the block given (the bench types in the second).
 */
async function typeKeysAt(page: Page, index: number, keys = KEYS): Promise<number[]> {
  await page.locator('.bn-editor .bn-inline-content').nth(index).click();
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

/** Open the spike page in a fresh context and mount `options`. */
async function openSpike(
  browser: Browser,
  origin: string,
  options: MountOptions,
): Promise<{ context: BrowserContext; page: Page; loadMs: number }> {
  const context = await newContext(browser);
  await installProbe(context, false);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.warn(`  spike page error (${options.schema}, ${options.y}): ${error.message}`));
  await page.goto(origin + '/bench/changes/');
  if (!(await waitIn(page, () => !!window.__spike, 60_000))) throw new Error('spike page never loaded');
  const { loadMs } = await page.evaluate((o) => window.__spike!.mount(o), options as never);
  return { context, page, loadMs };
}

/** One typing run of `variant` on `doc`, typing in top-level block `at`. */
export async function typingRun(
  browser: Browser,
  origin: string,
  variant: Variant,
  doc: Doc,
  at: number,
  withState: boolean,
): Promise<TypingRun> {
  if (variant === 'notepad' || variant === 'baseline') {
    const context = variant === 'notepad' ? await notePadEditorContext(browser, origin, doc) : await newContext(browser);
    if (variant === 'baseline') await installProbe(context, false);
    try {
      const { page } = await openEditor(context, origin, variant, doc);
      await page.waitForTimeout(500);
      const keyMs = await typeKeysAt(page, at);
      return { variant, keyMs, loadMs: null, updateBytes: null, merged6: null, merged27: null };
    } finally {
      await context.close();
    }
  }
  const live = variant.endsWith('+y');
  const { context, page, loadMs } = await openSpike(browser, origin, {
    schema: variant.startsWith('bare') ? 'bare' : 'note',
    y: live ? 'live' : 'none',
    blocks: doc.blocks as never,
  });
  try {
    await page.waitForTimeout(500);
    const before = live ? (await page.evaluate(() => window.__spike!.updateBytes())).length : 0;
    const keyMs = await typeKeysAt(page, at);
    if (!live) return { variant, keyMs, loadMs, updateBytes: null, merged6: null, merged27: null };
    const updateBytes = await page.evaluate((from) => window.__spike!.updateBytes(from), before);
    const merged = (size: number) =>
      page.evaluate(([from, n]) => window.__spike!.mergedGroups(from, n).map((g) => g.bytes), [before + 3, size]);
    return {
      variant,
      keyMs,
      loadMs,
      updateBytes,
      merged6: await merged(6),
      merged27: await merged(27),
      state: withState ? await page.evaluate(() => window.__spike!.state()) : null,
      yToHtml: doc.blocks.length > 2 ? await page.evaluate(() => window.__spike!.yToHtml()) : null,
    };
  } finally {
    await context.close();
  }
}

/** The save-path costs of the spike page's NotePad editor (no binding) holding `doc`: `reps` one-word edits of block `at`. */
export async function saveCostsRun(browser: Browser, origin: string, doc: Doc, reps: number, at: number) {
  const { context, page } = await openSpike(browser, origin, { schema: 'note', y: 'none', blocks: doc.blocks as never });
  try {
    return await page.evaluate(([n, i]) => window.__spike!.saveCosts(n, i), [reps, at]);
  } finally {
    await context.close();
  }
}

/** Two devices, `edits` offline edits of B in different blocks of `doc`, applied on A: live binding (updates one by one or merged first), or the (a') block model. */
export async function remoteRun(browser: Browser, origin: string, doc: Doc, edits: number, kind: 'live' | 'live-merged' | 'model') {
  const { context, page } = await openSpike(browser, origin, {
    schema: 'note',
    y: kind === 'model' ? 'none' : 'live',
    blocks: doc.blocks as never,
  });
  try {
    return kind === 'model'
      ? { kind, ...(await page.evaluate((n) => window.__spike!.applyRemoteModel(n), edits)) }
      : {
          kind,
          ...(await page.evaluate(([n, merged]) => window.__spike!.applyRemote(n, merged), [edits, kind === 'live-merged'] as const)),
        };
  } finally {
    await context.close();
  }
}
