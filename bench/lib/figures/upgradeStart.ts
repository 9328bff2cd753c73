import type { BrowserContext, Page } from '@playwright/test';
import { waitIn } from '../probes';
import { startProfile, type CpuProfile } from '../profile';

/** A snapshot write the page began: ms since navigation start when its transaction began and completed (NaN: not yet). */
interface SnapshotWrite {
  start: number;
  end: number;
  aborted: boolean;
}

declare global {
  interface Window {
    __snapshotWrites?: SnapshotWrite[];
  }
}

/**
 * Install in every page of `context`, before any app script, a record of the app's snapshot writes:
 * each read-write transaction of the log's database over `snapshots` and `snapshotBodies` and not
 * `events` (the shape of a checkpoint, docs/architecture.md "Snapshots"; replacing the log takes
 * `events` too), with the time it began and completed. Nothing is read from storage meanwhile, so
 * the page's main thread does only the app's work.
 */
export async function installSnapshotWriteProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const writes: SnapshotWrite[] = [];
    window.__snapshotWrites = writes;
    const open = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      names: string | string[],
      mode?: IDBTransactionMode,
      options?: IDBTransactionOptions,
    ) {
      const tx = open.call(this, names, mode, options);
      const stores = typeof names === 'string' ? [names] : Array.from(names);
      if (
        this.name === 'notepad-log' &&
        mode === 'readwrite' &&
        stores.includes('snapshots') &&
        stores.includes('snapshotBodies') &&
        !stores.includes('events')
      ) {
        const write: SnapshotWrite = { start: performance.now(), end: Number.NaN, aborted: false };
        writes.push(write);
        tx.addEventListener('complete', () => (write.end = performance.now()));
        tx.addEventListener('abort', () => (write.aborted = true));
      }
      return tx;
    } as typeof IDBDatabase.prototype.transaction;
  });
}

/** One start of the app on a library after an update (times in ms since navigation start). */
export interface UpgradeStart {
  firstRowMs: number;
  editableMs: number;
  /** The first snapshot write that completed in the page, or null (none completed before it was closed). */
  write: { startMs: number; endMs: number } | null;
  /** The longest task (Long Tasks API) and long animation frame beginning between editable and that write's end (ms; 0: none). */
  longestTaskMs: number;
  longestFrameMs: number;
}

/**
 * Open the app in a new page of `context` (both probes installed: installProbe, installSnapshotWriteProbe):
 * navigation to the first row and to editable. With `waitForWrite`, the page stays open until a
 * snapshot write has completed (at most `timeoutMs`): the one-off work of the first start after an
 * update; without it, the page is closed at editable, which aborts a snapshot write under way (the
 * stored log stays as it was). `profile`: a CPU profile of navigation to editable ('start') or of
 * editable to the write's end ('rewrite', with `waitForWrite`), returned in `cpu`. @throws when the
 * note never becomes editable, or with `waitForWrite` no snapshot is written in time.
 */
export async function upgradeStart(
  context: BrowserContext,
  origin: string,
  waitForWrite: boolean,
  profile?: 'start' | 'rewrite',
  timeoutMs = 300_000,
): Promise<UpgradeStart & { cpu?: CpuProfile }> {
  // A pause first: the previous start's page, closed at editable, is not torn down during this one.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const page = await context.newPage();
  try {
    let stop = profile === 'start' ? await startProfile(page) : null;
    await page.goto(origin + '/');
    if (!(await waitIn(page, () => window.__probe.editableAt !== null && window.__probe.firstRowAt !== null, 180_000)))
      throw new Error('the library never became editable');
    let cpu = await stop?.();
    if (profile === 'rewrite') stop = await startProfile(page);
    const written = () => (window.__snapshotWrites ?? []).some((w) => Number.isFinite(w.end));
    if (waitForWrite && !(await waitIn(page, written, timeoutMs)))
      throw new Error(`no snapshot written within ${timeoutMs / 1000} s of editable`);
    if (profile === 'rewrite') cpu = await stop!();
    const start = await page.evaluate(() => {
      const { firstRowAt, editableAt, longtasks, frames } = window.__probe;
      const done = (window.__snapshotWrites ?? []).find((w) => Number.isFinite(w.end));
      const until = done?.end ?? editableAt!;
      const within = (xs: { start: number; duration: number }[]) =>
        Math.max(0, ...xs.filter((x) => x.start >= editableAt! && x.start < until).map((x) => x.duration));
      return {
        firstRowMs: firstRowAt!,
        editableMs: editableAt!,
        write: done ? { startMs: done.start, endMs: done.end } : null,
        longestTaskMs: within(longtasks),
        longestFrameMs: within(frames),
      };
    });
    return { ...start, ...(cpu ? { cpu } : {}) };
  } finally {
    await page.close();
  }
}

/** What the app shows of a library: its notes, starred notes, and the history length of a few notes. */
export interface LibraryCensus {
  notes: number;
  starred: number;
  /** The selected note's and the list's first rows' revisions in *History*, by note id. */
  histories: Record<string, number>;
}

/** The count beside a sidebar view (*All notes*, *Starred*), or NaN. */
function viewCount(page: Page, label: string): Promise<number> {
  return page.evaluate((name) => {
    const view = [...document.querySelectorAll('button.organise-view')].find((b) => b.querySelector('.tree-name')?.textContent === name);
    return Number(view?.querySelector('.tree-count')?.firstChild?.textContent ?? Number.NaN);
  }, label);
}

/**
 * *All notes* and *Starred* as the sidebar counts them. A build from before the sidebar's counts
 * (before notebooks and tags) is counted from its dashboard's donut, "Starred N, not starred M",
 * opened and closed again (a view event, so the next start opens without it).
 */
async function libraryCounts(page: Page): Promise<{ notes: number; starred: number }> {
  const notes = await viewCount(page, 'All notes');
  if (!Number.isNaN(notes)) return { notes, starred: await viewCount(page, 'Starred') };
  await page.getByRole('button', { name: 'Analytics', exact: true }).click();
  const donut = page.locator('[aria-label^="Starred "][aria-label*=", not starred "]');
  await donut.waitFor({ timeout: 60_000 });
  const [, starred, unstarred] = /^Starred (\d+), not starred (\d+)$/.exec((await donut.getAttribute('aria-label')) ?? '') ?? [];
  await page.getByRole('button', { name: 'Close analytics' }).click();
  await waitIn(page, () => !document.querySelector('.dashboard'), 10_000);
  return { notes: Number(starred) + Number(unstarred), starred: Number(starred) };
}

/**
 * In `page` (the app open and usable): the library's counts in the sidebar, and for the selected
 * note and the first `rows` rows of the list, the entries *History* lists. Each is selected by a
 * click (a selection event), so the selected note is selected again at the end: the next start
 * opens the same note.
 */
export async function libraryCensus(page: Page, rows: number): Promise<LibraryCensus> {
  const { notes, starred } = await libraryCounts(page);
  const selected = await page.evaluate(() => document.querySelector('.note-row.selected')?.getAttribute('data-note-id') ?? null);
  const listed = await page.evaluate(
    (n) => [...document.querySelectorAll('.note-list .note-row')].slice(0, n).map((r) => r.getAttribute('data-note-id')!),
    rows,
  );
  const histories: Record<string, number> = {};
  const select = async (id: string) => {
    await page.locator(`.note-row[data-note-id="${id}"] .note-row-main`).click();
    await page.waitForFunction((i) => !!document.querySelector(`.note-row.selected[data-note-id="${i}"]`), id, { timeout: 30_000 });
  };
  for (const id of [...new Set([...(selected ? [selected] : []), ...listed])]) {
    await select(id);
    await page.locator('button.history-button:not([disabled])').click();
    if (!(await waitIn(page, () => document.querySelectorAll('ol.history-list > li').length > 0, 60_000)))
      throw new Error(`the history of ${id} never listed a revision`);
    histories[id] = await page.locator('ol.history-list > li').count();
    await page.keyboard.press('Escape');
    await waitIn(page, () => !document.querySelector('ol.history-list'), 10_000);
  }
  if (selected) {
    await select(selected);
    // The selection is appended before the page closes.
    await page.waitForTimeout(1000);
  }
  return { notes, starred, histories };
}
