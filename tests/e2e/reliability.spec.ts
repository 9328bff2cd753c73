import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { NotesPage } from './notesPage';
import { seededRandom } from '../support/random';

const TRIALS_PER_WORKER = Number(process.env.RELOAD_TRIALS ?? 10);
const WAYS = ['reload', 'close', 'navigate'] as const;

/** Leave the page the way a user would: reload it, close the tab, or go to another site. Returns the page to check. */
async function leave(way: (typeof WAYS)[number], page: Page, context: BrowserContext): Promise<Page> {
  if (way === 'reload') {
    await page.reload();
    return page;
  }
  if (way === 'navigate') {
    await page.goto('about:blank');
    await page.goto('/');
    return page;
  }
  await page.close({ runBeforeUnload: true });
  const next = await context.newPage();
  await next.goto('/');
  return next;
}

for (const seed of [1, 2]) {
  test(`reloading, closing or navigating 0-500 ms after typing loses no character (${TRIALS_PER_WORKER} trials, seed ${seed})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(TRIALS_PER_WORKER * 8000 + 30000);
    const rand = seededRandom(seed);
    let app = new NotesPage(page);
    await app.open();
    await app.createNote('Trials');
    const typed: string[] = [];
    const mismatches: string[] = [];
    for (let trial = 0; trial < TRIALS_PER_WORKER; trial++) {
      const word = `w${seed}t${trial}x${Math.floor(rand() * 1000)}`;
      const delay = Math.floor(rand() * 500);
      const way = WAYS[Math.floor(rand() * WAYS.length)];
      await app.typeBody(` ${word}`);
      typed.push(word);
      await app.page.waitForTimeout(delay);
      app = new NotesPage(await leave(way, app.page, context));
      await expect(app.page.locator('.editor-title')).toHaveText('Trials');
      await expect(app.editor).toBeVisible();
      const text = (await app.editor.textContent()) ?? '';
      const expected = typed.map((w) => ` ${w}`).join('');
      if (text !== expected)
        mismatches.push(`trial ${trial} (${way} after ${delay} ms): expected ${JSON.stringify(expected)}, found ${JSON.stringify(text)}`);
    }
    const characters = typed.map((w) => ` ${w}`).join('').length;
    console.log(
      `reload trials seed ${seed}: ${typed.length} trials, ${characters} characters typed, ${mismatches.length} trials with lost or changed text`,
    );
    expect(mismatches).toEqual([]);
  });
}

test('a page killed before its page-hide handler ran keeps the words typed half a second before', async ({ page }) => {
  // What a loaded machine does to a closing page: its page-hide handlers never get to run.
  await page.addInitScript(() => {
    const stop = (event: Event) => event.stopImmediatePropagation();
    window.addEventListener('pagehide', stop, true);
    window.addEventListener('visibilitychange', stop, true);
  });
  const app = new NotesPage(page);
  await app.open();
  await app.createNote('Killed');
  await app.typeBody('kept words');
  await app.waitForSaved();
  await app.typeBody(' typed last');
  // The draft is written shortly after typing, well before the autosave's 2 s.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('notepad:draft') ?? '')).toContain('typed last');
  await page.reload();
  await expect(page.locator('.editor-title')).toHaveText('Killed');
  await expect(app.editor).toHaveText('kept words typed last');
  // Saved once: the next start finds no draft to append again.
  await page.reload();
  await expect(app.editor).toHaveText('kept words typed last');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('notepad:draft'))).toBeNull();
});

test('without IndexedDB the app works for the session and says changes will not persist', async ({ page }) => {
  await page.addInitScript(() => {
    // Private modes and blocked storage make indexedDB.open fail.
    Object.defineProperty(window, 'indexedDB', {
      get: () => ({
        open: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
      }),
    });
  });
  const app = new NotesPage(page);
  await app.open();
  await expect(page.getByText('Storage unavailable')).toBeVisible();
  await expect(page.getByText('changes will not persist')).toBeVisible();
  await app.createNote('Session only');
  await app.typeBody('still editable');
  await app.waitForSaved();
  await expect(app.row('Session only')).toBeVisible();
});
