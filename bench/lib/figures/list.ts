import type { Browser, Page } from '@playwright/test';
import { newContext } from '../browser';
import { armSearchProbe, installProbe, waitIn } from '../probes';
import { appSnapshot, seedContext, seedSpec } from '../seed';
import { vocabulary } from '../corpus';
import { FrameNamer, startProfile, type Attribution } from '../profile';

/** Sidebar and search figures over one log of `notes` notes of ~`words` words. */
export interface ListResult {
  notes: number;
  rowElements: number;
  scrollEndMs: number[];
  searchMs: number[];
  /** Queries whose list never changed within the time bound. */
  searchTimeouts: number;
  profile: Attribution | null;
}

/**
 * Queries from common to rare words of the corpus (in ~60%, 28%, 11%, 5% of the notes), a prefix and
 * a miss. The very commonest words are left out: nearly every note has them, so the list would not change.
 */
function queries(): string[] {
  const v = vocabulary();
  return [v[50], v[200], v[1000], v[2900], v[400].slice(0, 4), 'zzqx'];
}

/** Scroll the note list from the top to its end; ms until the last row is in the DOM and painted. */
function scrollToEnd(page: Page, lastIndex: number): Promise<number> {
  return page.evaluate(async (last) => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const scroller = document.querySelector('.note-list-scroller') as HTMLElement;
    scroller.scrollTop = 0;
    for (let i = 0; i < 5; i++) await frame();
    const t0 = performance.now();
    // Row heights are measured as rows render, so the end can move: keep scrolling until it holds.
    while (performance.now() - t0 < 5000) {
      scroller.scrollTop = scroller.scrollHeight;
      await frame();
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      if (atEnd && document.querySelector(`.note-list .note-row[data-index="${last}"]`)) return performance.now() - t0;
    }
    return Number.NaN;
  }, lastIndex);
}

/** Fill the search box with `query` and wait (bounded) for the list to change; ms input -> painted. */
async function searchOnce(page: Page, query: string): Promise<number> {
  const n = await page.evaluate(() => window.__probe.search.length);
  await page.getByRole('searchbox', { name: 'Search notes' }).fill(query);
  const done = await page
    .waitForFunction((k) => window.__probe.search.length > k && !Number.isNaN(window.__probe.search[k].t1), n, {
      timeout: 5000,
      polling: 'raf',
    })
    .then(
      () => true,
      () => false,
    );
  if (!done) return Number.NaN;
  return page.evaluate((k) => window.__probe.search[k].t1 - window.__probe.search[k].t0, n);
}

/**
 * Seed `notes` notes of ~`words` words (a note.created and a note.body-saved each), let the app
 * snapshot them, then in one page: count row elements, scroll to the end `runs` times, and run
 * every query `runs` times (each followed by clearing the box), the last round under the profiler.
 */
export async function measureList(
  browser: Browser,
  origin: string,
  namer: FrameNamer,
  notes: number,
  words: number,
  runs: number,
): Promise<ListResult> {
  const context = await newContext(browser);
  try {
    await installProbe(context, true);
    await seedContext(context, origin, seedSpec({ kind: 'search', notes, words, seed: 99 }));
    const first = await appSnapshot(context, origin);
    console.log(`  first boot of the search log (no snapshot yet): first row after ${first.firstRowMs?.toFixed(0) ?? 'n/a'} ms`);
    const page = await context.newPage();
    await page.goto(origin + '/');
    if (!(await waitIn(page, () => window.__probe.firstRowAt !== null, 120_000))) throw new Error('sidebar never showed a row');
    await page.waitForTimeout(1000);
    const result: ListResult = {
      notes,
      rowElements: await page.locator('.note-list .note-row').count(),
      scrollEndMs: [],
      searchMs: [],
      searchTimeouts: 0,
      profile: null,
    };
    for (let i = 0; i < runs; i++) result.scrollEndMs.push(await scrollToEnd(page, notes - 1));
    await armSearchProbe(page);
    // Bounded: a slow search must not stretch the bench past its ~15 minutes.
    const deadline = Date.now() + 150_000;
    for (let r = 0; r <= runs && Date.now() < deadline; r++) {
      const stop = r === runs ? await startProfile(page) : null;
      for (const q of queries()) {
        const ms = await searchOnce(page, q);
        if (Number.isNaN(ms)) result.searchTimeouts++;
        else if (!stop) result.searchMs.push(ms);
        await searchOnce(page, '');
      }
      if (stop) result.profile = namer.attribute(await stop());
      console.log(`  search round ${r + 1}/${runs + 1}${stop ? ' (profiled)' : ''}: ${result.searchMs.length} timed queries`);
    }
    return result;
  } finally {
    await context.close();
  }
}
