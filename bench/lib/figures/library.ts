import type { BrowserContext, Page } from '@playwright/test';
import { createWriteStream } from 'node:fs';
import { withDeadline } from '../../../tests/support/deadline';
import { openSeedPage } from '../seed';
import { seedLibraryInPage, type LibrarySeeded, type LibrarySpec } from '../librarySeed';
import { armSearchProbe, waitIn } from '../probes';
import { heapAfterGc } from './editor';

/** One start of the library: navigation to the first row and to an editable note, then the first search and keystrokes. */
export interface LibraryStart {
  firstRowMs: number;
  editableMs: number;
  /** Input of the first query, typed as soon as the note is editable -> the list changed and painted. */
  firstSearchMs: number;
  /** Each later keystroke in the box: input -> the list changed and painted (keys that changed the list). */
  keystrokeMs: number[];
  /** Keystrokes whose list did not change within 1 s (nothing to wait for, or slower than that). */
  keystrokesUnchanged: number;
  /** Each of those keystrokes: keydown -> the next frame (what blocks typing, changed list or not). */
  keyFrameMs: number[];
}

/** Write the library into `context`'s IndexedDB from the seeding page (SEED_PATH: the app never runs there). */
export async function seedLibrary(context: BrowserContext, origin: string, spec: LibrarySpec): Promise<LibrarySeeded> {
  const page = await context.newPage();
  try {
    await openSeedPage(page, origin);
    return await withDeadline(page.evaluate(seedLibraryInPage, spec), 1_200_000, 'seeding the library in IndexedDB');
  } finally {
    await page.close();
  }
}

/** Fill the search box with `query`; ms from its input event to the frame after the list changed, NaN after `timeoutMs`. */
async function searchFor(page: Page, query: string, timeoutMs: number): Promise<number> {
  const n = await page.evaluate(() => window.__probe.search.length);
  await page.getByRole('searchbox', { name: 'Search notes' }).fill(query);
  return searchDone(page, n, timeoutMs);
}

async function searchDone(page: Page, n: number, timeoutMs: number): Promise<number> {
  const done = await page
    .waitForFunction((k) => window.__probe.search.length > k && !Number.isNaN(window.__probe.search[k].t1), n, {
      timeout: timeoutMs,
      polling: 'raf',
    })
    .then(
      () => true,
      () => false,
    );
  return done ? page.evaluate((k) => window.__probe.search[k].t1 - window.__probe.search[k].t0, n) : Number.NaN;
}

/**
 * Type `words` into the search box a key at a time (the box cleared before each word): per key,
 * input -> the list changed and painted, and keydown -> the next frame. Needs the search probe armed (armSearchProbe).
 */
export async function typeQueries(
  page: Page,
  words: string[],
): Promise<Pick<LibraryStart, 'keystrokeMs' | 'keystrokesUnchanged' | 'keyFrameMs'>> {
  const box = page.getByRole('searchbox', { name: 'Search notes' });
  const out = { keystrokeMs: [] as number[], keystrokesUnchanged: 0, keyFrameMs: [] as number[] };
  for (const word of words) {
    await box.fill('');
    await page.waitForTimeout(300);
    await box.focus();
    for (const letter of word) {
      const n = await page.evaluate(() => window.__probe.search.length);
      const k = await page.evaluate(() => window.__probe.keys.length);
      await page.keyboard.press(letter);
      const ms = await searchDone(page, n, 1000);
      if (Number.isNaN(ms)) out.keystrokesUnchanged++;
      else out.keystrokeMs.push(ms);
      const frame = await page.evaluate((i) => {
        const key = window.__probe.keys[i];
        return key ? key.t1 - key.t0 : Number.NaN;
      }, k);
      if (Number.isFinite(frame)) out.keyFrameMs.push(frame);
      await page.waitForTimeout(120);
    }
  }
  await box.fill('');
  return out;
}

/**
 * Open the app on the seeded library in a new page of `context`: navigation -> first row and ->
 * editable note; as soon as it is editable, search for `first`, then type `words` a key at a time.
 * Leaves the page open (the caller closes it).
 */
export async function startLibrary(
  context: BrowserContext,
  origin: string,
  first: string,
  words: string[],
): Promise<{ page: Page; start: LibraryStart }> {
  const page = await context.newPage();
  await page.goto(origin + '/');
  if (!(await waitIn(page, () => window.__probe.editableAt !== null && window.__probe.firstRowAt !== null, 180_000)))
    throw new Error('the library never became editable');
  await waitIn(page, () => !document.querySelector('nav.sidebar[inert]'), 30_000);
  await armSearchProbe(page);
  const firstSearchMs = await searchFor(page, first, 20_000);
  const { firstRowAt, editableAt } = await page.evaluate(() => window.__probe);
  const typed = await typeQueries(page, words);
  return { page, start: { firstRowMs: firstRowAt!, editableMs: editableAt!, firstSearchMs, ...typed } };
}

/**
 * JS heap after forced GC once start-up's idle work (search index, mirror) has had `settleMs`.
 * With BENCH_HEAP_SNAPSHOT, the heap snapshot goes to that file, or with `label` to the file named
 * with `.label` before its extension (so the starts of one run keep theirs apart).
 */
export async function settledHeap(page: Page, settleMs: number, label?: string): Promise<number | null> {
  await page.waitForTimeout(settleMs);
  const heap = await heapAfterGc(page);
  const file = process.env.BENCH_HEAP_SNAPSHOT;
  if (file) await writeHeapSnapshot(page, label ? file.replace(/(\.[^./]*)?$/, `.${label}$1`) : file);
  return heap;
}

/**
 * Bytes outside the JS heap that its strings and buffers hold (`backingStorageSize`: external strings,
 * array buffers), read right after `settledHeap`. A long string handed to a browser API (localStorage's
 * setItem, DOMParser) can become external: its characters leave `usedSize` but stay in memory, so the
 * heap figure alone can drop without anything freed (docs/benchmarks.md "Library figures"). Null when
 * the browser does not report it.
 */
export async function backingStorage(page: Page): Promise<number | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const usage = (await cdp.send('Runtime.getHeapUsage')) as { backingStorageSize?: number };
    return usage.backingStorageSize ?? null;
  } catch {
    return null;
  } finally {
    await cdp.detach();
  }
}

/** BENCH_HEAP_SNAPSHOT=<file>: the page's heap snapshot (Chromium's .heapsnapshot JSON) written to `file`, to read its retainers. */
async function writeHeapSnapshot(page: Page, file: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const out = createWriteStream(file);
  try {
    cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }: { chunk: string }) => void out.write(chunk));
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
    await cdp.detach();
  }
}

/** The origin's storage use as the browser reports it (bytes; lags deletions) and the stored JSON of the log and snapshots. */
export function storedBytes(page: Page): Promise<{ usage: number | null; eventsJson: number; snapshotsJson: number }> {
  return page.evaluate(async () => {
    const usage = (await navigator.storage?.estimate?.())?.usage ?? null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('notepad-log');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const sum = (store: string) =>
      new Promise<number>((resolve, reject) => {
        let bytes = 0;
        const req = db.transaction(store).objectStore(store).openCursor();
        req.onsuccess = () => {
          const cursor = req.result;
          if (!cursor) return resolve(bytes);
          bytes += JSON.stringify(cursor.value).length;
          cursor.continue();
        };
        req.onerror = () => reject(req.error);
      });
    const eventsJson = await sum('events');
    // Snapshot bodies are stored in parts beside their snapshots (src/events/snapshotParts.ts), their documents apart (snapshotDocuments.ts).
    const snapshotsJson =
      (await sum('snapshots')) + (await sum('snapshotBodies')) + (db.objectStoreNames.contains('documents') ? await sum('documents') : 0);
    db.close();
    return { usage, eventsJson, snapshotsJson };
  });
}

/**
 * Ms from the event `act` causes (a click, key or input; else the moment before it) to the frame after
 * the next DOM change under `selector` (or its appearance, for a lazy screen); NaN after `timeoutMs`.
 */
export async function timeToChange(page: Page, selector: string, act: () => Promise<void>, timeoutMs: number): Promise<number> {
  await page.evaluate((sel) => {
    const w = window as unknown as { __change?: { t0: number; t1: number; observer?: MutationObserver } };
    w.__change = { t0: performance.now(), t1: Number.NaN };
    const state = w.__change;
    // From the action's own event when it is a click or a key (the harness's round trip left out).
    const mark = (e: Event) => {
      state.t0 = e.timeStamp;
      for (const type of ['click', 'keydown', 'input']) document.removeEventListener(type, mark, true);
    };
    for (const type of ['click', 'keydown', 'input']) document.addEventListener(type, mark, true);
    const start = () => {
      const root = document.querySelector(sel);
      if (!root) return false;
      state.observer = new MutationObserver(() => {
        state.observer!.disconnect();
        requestAnimationFrame(() => setTimeout(() => (state.t1 = performance.now()), 0));
      });
      state.observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
      return true;
    };
    if (!start()) {
      // Not in the DOM yet (a lazy screen): its appearance is the change.
      const appear = new MutationObserver(() => {
        if (!document.querySelector(sel)) return;
        appear.disconnect();
        requestAnimationFrame(() => setTimeout(() => (state.t1 = performance.now()), 0));
      });
      appear.observe(document.body, { childList: true, subtree: true });
    }
  }, selector);
  await act();
  const done = await waitIn(page, () => !Number.isNaN((window as unknown as { __change: { t1: number } }).__change.t1), timeoutMs);
  if (!done) return Number.NaN;
  return page.evaluate(() => {
    const c = (window as unknown as { __change: { t0: number; t1: number } }).__change;
    return c.t1 - c.t0;
  });
}

/**
 * Keep `page` open until the app has stored its search index (docs/architecture.md "Search index"),
 * as a person's first session after an import leaves it; false after `timeoutMs`.
 */
export async function searchIndexStored(page: Page, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const stored = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('notepad-cache');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            const done = (value: boolean) => (db.close(), resolve(value));
            if (!db.objectStoreNames.contains('derived')) return done(false);
            const count = db.transaction('derived').objectStore('derived').count('search-index');
            count.onsuccess = () => done(count.result > 0);
            count.onerror = () => done(false);
          };
        }),
    );
    if (stored) return true;
    await page.waitForTimeout(500);
  }
  return false;
}
