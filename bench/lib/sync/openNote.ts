/**
 * Open the app on a context holding one seeded note and show that note, signed in or not (docs/
 * benchmarks.md "Sync figures"). On a synced device a reload does not keep the selected note
 * (docs/benchmarks.md "Sync figures" names the cause), so the note's row is clicked when nothing is
 * selected; then, as the editor stage's `openEditor`, wait for the editable editor and every block.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { waitIn } from '../probes';

/** Open `origin` in a new page of `context` (the editor probe installed) and show its note of `blocks` blocks. */
export async function openSeededNote(context: BrowserContext, origin: string, blocks: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(origin + '/');
  const row = page.locator('.note-list .note-row').first();
  await row.waitFor({ state: 'visible', timeout: 120_000 });
  await page.waitForFunction(() => !document.querySelector('nav[aria-busy="true"]'), undefined, { timeout: 120_000 });
  if (!(await page.locator('.note-list .note-row.selected').count())) await row.locator('.note-row-main').click();
  if (!(await waitIn(page, () => window.__probe.editableAt !== null, 60_000))) throw new Error('the seeded note never became editable');
  await page.waitForFunction((n) => document.querySelectorAll('.bn-editor .bn-block-outer').length >= n, blocks, {
    timeout: 120_000,
    polling: 100,
  });
  return page;
}
