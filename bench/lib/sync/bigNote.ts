/**
 * Check: a note too large to sync stays on the device that wrote it (docs/benchmarks.md "Sync
 * figures"; docs/product.md "Account and sync": changes that cannot be synced "stay on this
 * device"). A context holding a 5,000-paragraph note of 40 words each (7.3 MB of HTML, over the
 * server's 6 MiB per event even without its BlockNote document) signs in; counted:
 * the note's blocks the editor shows before and after, and what the status line says.
 */
import type { Browser, Page } from '@playwright/test';
import type { paragraphDoc } from '../corpus';
import { notePadEditorContext } from '../figures/editor';
import { benchEmail, openApp, signInThroughUi } from './signInSteps';

type Doc = ReturnType<typeof paragraphDoc>;

/** Blocks shown before and after signing in, and the sync status line after. */
export interface BigNoteCheck {
  blocksBefore: number;
  blocksAfter: number;
  status: string;
}

const shownBlocks = (page: Page) => page.evaluate(() => document.querySelectorAll('.bn-editor .bn-block-outer').length);

/** Sign in a device holding `doc` and see whether it still shows the note. */
export async function checkBigNote(browser: Browser, origin: string, doc: Doc): Promise<BigNoteCheck> {
  const context = await notePadEditorContext(browser, origin, doc);
  try {
    const page = await openApp(context, origin);
    await page.waitForFunction((n) => document.querySelectorAll('.bn-editor .bn-block-outer').length >= n, doc.blocks.length, {
      timeout: 120_000,
      polling: 100,
    });
    const blocksBefore = await shownBlocks(page);
    await signInThroughUi(page, benchEmail('bignote'), true, 180_000);
    await page.waitForTimeout(1000);
    const blocksAfter = await shownBlocks(page);
    const status = (await page.getByRole('status', { name: 'Sync status' }).textContent()) ?? '';
    return { blocksBefore, blocksAfter, status };
  } finally {
    await context.close();
  }
}
