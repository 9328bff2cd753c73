/**
 * Figure: a change on one device visible on another (docs/benchmarks.md "Sync figures"). Two
 * browser contexts signed in to one account show the same note; on A a word is typed at the end of
 * the note and the editor is blurred (the autosave saves at once); measured from A's "Note saved!"
 * (the save is durable) to B's editor showing the word (painted), and to B's `note_{id}` key.
 */
import type { Browser, Page } from '@playwright/test';
import { newContext } from '../browser';
import { benchEmail, openApp, signInThroughUi } from './signInSteps';
import { armSyncProbe, installSyncProbe, waitSyncProbe } from './probe';

/** One round: ms from A's durable save to B's painted editor and to B's stored key (NaN when not seen in time). */
export interface VisibleRound {
  editorMs: number;
  keyMs: number;
  /** A's own `note_{id}` write relative to its "Note saved!" (negative: the copy was written before the save was durable). */
  ownKeyMs: number;
}

const TITLE = 'Seen on both devices';

/** Put the caret at the end of the shown note (the click lands at the end of its last line) and let ProseMirror see it. */
async function caretAtEnd(page: Page): Promise<void> {
  const last = page.locator('.bn-editor .bn-inline-content').last();
  const box = await last.boundingBox();
  if (box) await last.click({ position: { x: Math.max(1, box.width - 2), y: box.height / 2 } });
  else await page.locator('.bn-editor').click();
  await page.keyboard.press('Control+End');
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Run `rounds` rounds between two fresh devices of a new account on `origin`. */
export async function measureVisible(
  browser: Browser,
  origin: string,
  rounds: number,
  log: (msg: string) => void,
): Promise<VisibleRound[]> {
  const email = benchEmail('visible');
  const contextA = await newContext(browser);
  const contextB = await newContext(browser);
  try {
    const a = await openApp(contextA, origin);
    const b = await openApp(contextB, origin);
    await signInThroughUi(a, email, true);
    await signInThroughUi(b, email, false);
    await a.getByRole('button', { name: 'New Note' }).click();
    const title = a.getByRole('textbox', { name: 'Note title' });
    await title.fill(TITLE);
    await title.press('Enter');
    await caretAtEnd(a);
    await a.keyboard.type('start');
    await a.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const row = b.locator('.note-list .note-row').filter({ hasText: TITLE });
    await row.waitFor({ state: 'visible', timeout: 20_000 });
    await row.locator('.note-row-main').click();
    await b.locator('.bn-editor').filter({ hasText: 'start' }).waitFor({ timeout: 20_000 });
    await installSyncProbe(a);
    await installSyncProbe(b);

    const results: VisibleRound[] = [];
    for (let i = 0; i < rounds; i++) {
      // "Note saved!" of the last round must be gone, so this round's appears anew (it stays 2 s).
      await a.waitForFunction(() => !document.querySelector('.status-message')?.textContent, undefined, { timeout: 10_000 });
      const marker = `zq${i}x`;
      await armSyncProbe(a, marker);
      await armSyncProbe(b, marker);
      await caretAtEnd(a);
      await a.keyboard.type(` ${marker}`);
      await a.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const seenA = await waitSyncProbe(a, ['savedAt', 'keyAt'], 10_000);
      const seenB = await waitSyncProbe(b, ['paintedAt', 'keyAt'], 20_000);
      const round = {
        editorMs: seenB.paintedAt - seenA.savedAt,
        keyMs: seenB.keyAt - seenA.savedAt,
        ownKeyMs: seenA.keyAt - seenA.savedAt,
      };
      results.push(round);
      log(
        `visible round ${i + 1}/${rounds}: B's editor ${round.editorMs.toFixed(0)} ms, B's note_{id} ${round.keyMs.toFixed(0)} ms after A's save`,
      );
    }
    return results;
  } finally {
    await contextA.close();
    await contextB.close();
  }
}
