import type { Browser, CDPSession, Page } from '@playwright/test';
import { newContext } from '../browser';
import { installProbe, readProbe, waitIn } from '../probes';
import { BLANK_PATH } from '../server';

/** One import through the app's picker, as a person makes it. Times in ms (page clock), bytes of JS heap. */
export interface ImportRun {
  notes: number;
  ms: number;
  /** Longest task (Long Tasks API, >= 50 ms; 0 = none) from choosing the file to the result. */
  longestTaskMs: number;
  /** Longest animation frame's rendering part in that time (Long Animation Frames API; 0 = none). */
  longestRenderMs: number;
  /** Peak of the page's used JS heap during the import, over its heap just before (after a GC). */
  heapPeakBytes: number;
  heapBaseBytes: number;
  /** The same events appended again by the log in bulk, on a fresh database (null when not asked). */
  bulkAppendMs: number | null;
}

const used = async (cdp: CDPSession) => ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;

/** Every stored event of the page's log, as stored (for the bulk-append yardstick). */
function storedRecords(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('notepad-log');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('events').objectStore('events').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as unknown[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** Append `records` with the log in bulk on a fresh context's database; ms. */
async function bulkAppend(browser: Browser, origin: string, records: unknown[]): Promise<number> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(origin + '/append/');
    await page.waitForFunction(() => !!window.__appendBench, undefined, { timeout: 30_000 });
    return await page.evaluate(([list, batch]) => window.__appendBench!(list, batch as number), [records, 200] as const);
  } finally {
    await context.close();
  }
}

/**
 * Import the ENEX at `path` in a fresh NotePad: open the app, wait until it is editable, choose the
 * file in *Import notes…*, wait for the result toast. Samples the page's JS heap every 100 ms
 * (DevTools protocol, no work in the page), and with `bulk` appends the import's events again with
 * the log alone to compare.
 */
export async function importRun(browser: Browser, origin: string, path: string, expected: number, bulk: boolean): Promise<ImportRun> {
  const context = await newContext(browser);
  try {
    await installProbe(context, false);
    const page = await context.newPage();
    await page.goto(origin + '/');
    // An empty app shows no editor: notes may be changed once the sidebar is no longer inert.
    await page.locator('nav[aria-label="Notes"]:not([inert])').waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heapBaseBytes = await used(cdp);
    let heapPeak = heapBaseBytes;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        heapPeak = Math.max(heapPeak, await used(cdp).catch(() => 0));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const t0 = await page.evaluate(() => performance.now());
    await page.locator('input[aria-label="Files to import as notes"]').setInputFiles(path);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: /Imported [\d,]+ notes?|Import failed|The import stopped/ });
    await toast.first().waitFor({ timeout: 15 * 60_000 });
    const t1 = await page.evaluate(() => performance.now());
    sampling = false;
    await sampler;
    const text = (await toast.first().textContent()) ?? '';
    const notes = Number(/Imported ([\d,]+) notes?/.exec(text)?.[1].replace(/,/g, '') ?? Number.NaN);
    if (notes !== expected) throw new Error(`expected ${expected} notes, the import said: ${text}`);
    const probe = await readProbe(page);
    const within = <T extends { start: number }>(list: T[]) => list.filter((e) => e.start >= t0 && e.start <= t1);
    const records = bulk ? await storedRecords(page) : [];
    await context.close();
    return {
      notes,
      ms: t1 - t0,
      longestTaskMs: Math.max(0, ...within(probe.longtasks).map((e) => e.duration)),
      longestRenderMs: Math.max(0, ...within(probe.frames).map((f) => (f.renderStart > 0 ? f.start + f.duration - f.renderStart : 0))),
      heapPeakBytes: heapPeak - heapBaseBytes,
      heapBaseBytes,
      bulkAppendMs: bulk ? await bulkAppend(browser, origin, records) : null,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** The first seeded note's id: its creation time, as the original app made them. */
const FIRST_LEGACY_ID = 1_600_000_000_000;

/** The original app's notes on a first start: when the list shows, a note opens, and every note is in. */
export interface LegacyRun {
  firstRowMs: number;
  editableMs: number;
  /** From navigation to the first note's body shown in the editor, clicked as soon as the list is usable. */
  noteOpenMs: number;
  /** From navigation to every note in the log. */
  doneMs: number;
  /** Longest task (>= 50 ms; 0 = none) from editable to done. */
  longestTaskMs: number;
}

/** Events in the page's log about notes with ids from `first` (the seeded ones: their imports, and a selection). */
function eventsAbout(page: Page, first: number, count: number): Promise<number> {
  return page.evaluate(
    ([low, high]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('notepad-log');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('events')) {
            db.close();
            resolve(0);
            return;
          }
          const request = db.transaction('events').objectStore('events').index('noteId').count(IDBKeyRange.bound(low, high));
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [String(first), String(first + count - 1)] as const,
  );
}

/**
 * Seed `count` notes of the original app (about 450 bytes of HTML each, ~4.5 MB for 10,000) in a
 * fresh context's localStorage, open NotePad, open the first note as soon as the list is usable, and
 * wait until the log holds every note.
 */
export async function legacyRun(browser: Browser, origin: string, count: number): Promise<LegacyRun> {
  const context = await newContext(browser);
  try {
    await installProbe(context, true);
    const seedPage = await context.newPage();
    await seedPage.goto(origin + BLANK_PATH);
    await seedPage.evaluate(
      ([n, first]) => {
        const body = (i: number) =>
          `<p><b>Note ${i}</b> written by the original app.</p><ul><li>one item</li><li>another item</li></ul><p>${'Some words of the note. '.repeat(12)}</p>`;
        localStorage.setItem(
          'notes',
          JSON.stringify(
            Array.from({ length: n }, (_, i) => ({
              id: String(first + i),
              title: `Legacy ${i}`,
              modified: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
            })),
          ),
        );
        for (let i = 0; i < n; i++) localStorage.setItem(`note_${first + i}`, body(i));
      },
      [count, FIRST_LEGACY_ID] as const,
    );
    await seedPage.close();
    const page = await context.newPage();
    await page.goto(origin + '/');
    if (!(await waitIn(page, () => window.__probe.firstRowAt !== null, 60_000))) throw new Error('no list');
    await page.locator('nav[aria-label="Notes"]:not([inert]) .note-row-title').first().click({ timeout: 60_000 });
    await page.locator('.bn-editor').filter({ hasText: 'Note 0 written by the original app.' }).waitFor({ timeout: 60_000 });
    const noteOpenMs = await page.evaluate(() => performance.now());
    // Done: the progress bar is gone and the log holds every note (besides the selection of the first).
    while ((await page.locator('.import-progress').count()) > 0 || (await eventsAbout(page, FIRST_LEGACY_ID, count)) < count)
      await page.waitForTimeout(100);
    const doneMs = await page.evaluate(() => performance.now());
    const probe = await readProbe(page);
    const editableMs = probe.editableAt ?? Number.NaN;
    return {
      firstRowMs: probe.firstRowAt ?? Number.NaN,
      editableMs,
      noteOpenMs,
      doneMs,
      longestTaskMs: Math.max(0, ...probe.longtasks.filter((e) => e.start >= editableMs && e.start <= doneMs).map((e) => e.duration)),
    };
  } finally {
    await context.close();
  }
}
