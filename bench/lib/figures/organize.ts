import type { Locator, Page } from '@playwright/test';
import { waitIn } from '../probes';
import { timeToChange } from './library';
import { profiled } from '../cpuProfile';

/** One page's organisation figures (docs/benchmarks.md "Organisation figures"), ms unless said. */
export interface OrganizeRun {
  /** Click on a notebook of the Notebooks tree -> the note list changed and painted. */
  notebookMs: number;
  /** Click on a tag of the Tags tree -> the note list changed and painted. */
  tagMs: number;
  /** Ctrl-click on a second tag -> the note list changed and painted. */
  secondTagMs: number;
  /** Each key typed into the note header's tag field: keydown -> the suggestions changed and painted. */
  suggestionKeyMs: number[];
  /** Keys whose suggestions did not change within 2 s. */
  suggestionKeysUnchanged: number;
  /** Click on the rename dialog's *Rename* -> the Tags tree shows the new name, painted. */
  renameMs: number;
  /** Events the rename appended, and their types. */
  renameEvents: { count: number; types: string[] };
}

const tree = (page: Page, name: 'Notebooks' | 'Tags') => page.getByRole('tree', { name });

/**
 * Click `act` and time it from its click or key event to the frame after an element matching
 * `selector` whose text contains `text` is in the DOM (NaN after `timeoutMs`).
 */
async function timeToText(page: Page, selector: string, text: string, act: () => Promise<void>, timeoutMs: number): Promise<number> {
  await page.evaluate(
    ([sel, want]) => {
      const w = window as unknown as { __text: { t0: number; t1: number } };
      const state = (w.__text = { t0: performance.now(), t1: Number.NaN });
      const mark = (e: Event) => {
        state.t0 = e.timeStamp;
        for (const type of ['click', 'keydown']) document.removeEventListener(type, mark, true);
      };
      for (const type of ['click', 'keydown']) document.addEventListener(type, mark, true);
      const holds = () => [...document.querySelectorAll(sel)].some((e) => e.textContent?.includes(want));
      const observer = new MutationObserver(() => {
        if (!holds()) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (state.t1 = performance.now()), 0));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [selector, text] as const,
  );
  await act();
  if (!(await waitIn(page, () => !Number.isNaN((window as unknown as { __text: { t1: number } }).__text.t1), timeoutMs))) return Number.NaN;
  return page.evaluate(() => {
    const s = (window as unknown as { __text: { t0: number; t1: number } }).__text;
    return s.t1 - s.t0;
  });
}

/** The seqs and types of the stored events after `afterSeq` (read beside the app). */
function eventsAfter(page: Page, afterSeq: number): Promise<string[]> {
  return page.evaluate(
    (after) =>
      new Promise<string[]>((resolve, reject) => {
        const req = indexedDB.open('notepad-log');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const read = db.transaction('events').objectStore('events').getAll(IDBKeyRange.lowerBound(after, true));
          read.onsuccess = () => {
            db.close();
            resolve((read.result as { type: string }[]).map((e) => e.type));
          };
          read.onerror = () => reject(read.error);
        };
      }),
    afterSeq,
  );
}

async function lastSeq(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('notepad-log');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const cursor = db.transaction('events').objectStore('events').openKeyCursor(null, 'prev');
          cursor.onsuccess = () => {
            db.close();
            resolve(cursor.result ? Number(cursor.result.key) : 0);
          };
          cursor.onerror = () => reject(cursor.error);
        };
      }),
  );
}

/**
 * Put the pointer on `target` and let the page settle before a timed click, as a person's pointer
 * arrives before they click: Playwright's click moves and clicks in one go, so what the pointer
 * leaving the editor re-renders (BlockNote's side menu) would otherwise be timed as the click's work.
 */
async function pointAt(target: Locator): Promise<void> {
  await target.hover();
  await target.page().waitForTimeout(300);
}

/** Choose *All notes* again (a filter left from the previous step), and wait until the list settles. */
async function showAll(page: Page): Promise<void> {
  await page.locator('.organise-views button', { hasText: 'All notes' }).click();
  await page.waitForTimeout(500);
}

/**
 * On a page of the organised library, its trees live: choose a notebook, a tag, Ctrl-click a
 * second tag, type `typed` into a note's tag field a key at a time, and rename the tag `renameFrom`
 * to `renameTo` from its menu (counting the events appended). The page ends with the filter cleared.
 */
export async function organizeRun(
  page: Page,
  picks: { notebook: string; tag: string; secondTag: string; typed: string; renameFrom: string; renameTo: string },
): Promise<OrganizeRun> {
  const list = '.note-list';
  const notebookItem = tree(page, 'Notebooks').getByRole('treeitem', { name: picks.notebook });
  await pointAt(notebookItem);
  const notebookMs = await profiled(page, 'notebook', () => timeToChange(page, list, () => notebookItem.click(), 10_000));
  await page.waitForTimeout(500);
  await showAll(page);
  const tagItem = (name: string) => tree(page, 'Tags').getByRole('treeitem', { name, exact: true });
  await pointAt(tagItem(picks.tag));
  const tagMs = await profiled(page, 'tag', () => timeToChange(page, list, () => tagItem(picks.tag).click(), 10_000));
  await page.waitForTimeout(500);
  await pointAt(tagItem(picks.secondTag));
  const secondTagMs = await timeToChange(page, list, () => tagItem(picks.secondTag).click({ modifiers: ['ControlOrMeta'] }), 10_000);
  await page.waitForTimeout(500);
  await showAll(page);

  // The tag field of the first note (the editor pane's header); its code loads with the note.
  await page.locator('.note-list .note-row .note-row-main').first().click();
  const field = page.getByRole('combobox', { name: 'Add a tag' });
  await field.waitFor({ timeout: 30_000 });
  await field.click();
  await page.waitForTimeout(300);
  const suggestionKeyMs: number[] = [];
  let suggestionKeysUnchanged = 0;
  for (const key of picks.typed) {
    const ms = await timeToChange(page, '[role="listbox"][aria-label="Tag suggestions"]', () => page.keyboard.press(key), 2000);
    if (Number.isNaN(ms)) suggestionKeysUnchanged += 1;
    else suggestionKeyMs.push(ms);
    await page.waitForTimeout(150);
  }
  await field.fill('');
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);

  // Rename from the tag's ⋯ menu; the time runs from the dialog's Rename to the new name in the tree.
  const before = await lastSeq(page);
  const item = tagItem(picks.renameFrom);
  await item.hover();
  await item.getByRole('button', { name: `More actions for ${picks.renameFrom}` }).click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(picks.renameTo);
  await page.waitForTimeout(300);
  const renameMs = await timeToText(
    page,
    '[role="tree"][aria-label="Tags"] .tree-name',
    picks.renameTo,
    () => dialog.getByRole('button', { name: 'Rename' }).click(),
    10_000,
  );
  // The append is stored by then, or soon after: wait for it (bounded), then give a stray second one time to show.
  const deadline = Date.now() + 10_000;
  while ((await lastSeq(page)) === before && Date.now() < deadline) await page.waitForTimeout(100);
  await page.waitForTimeout(1000);
  const types = await eventsAfter(page, before);
  return {
    notebookMs,
    tagMs,
    secondTagMs,
    suggestionKeyMs,
    suggestionKeysUnchanged,
    renameMs,
    renameEvents: { count: types.length, types },
  };
}

/** Wait (bounded) until the sidebar's trees are live: their counts and keys loaded after start-up. */
export async function treesLive(page: Page, timeoutMs: number): Promise<boolean> {
  return waitIn(
    page,
    () => !!document.querySelector('.organise-nav:not([aria-busy])') && !!document.querySelector('.organise-tree .tree-count'),
    timeoutMs,
  );
}
