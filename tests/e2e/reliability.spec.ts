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
    const pageErrors: string[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') pageErrors.push(message.text());
    });
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
      // What the editor showed before leaving: a failure then says whether the keys never landed or the text was lost.
      const shown = (await app.editor.textContent()) ?? '';
      await app.page.waitForTimeout(delay);
      app = new NotesPage(await leave(way, app.page, context));
      await expect(app.page.locator('.editor-title')).toHaveText('Trials');
      await expect(app.editor).toBeVisible();
      const text = (await app.editor.textContent()) ?? '';
      const expected = typed.map((w) => ` ${w}`).join('');
      if (text !== expected)
        mismatches.push(
          `trial ${trial} (${way} after ${delay} ms): expected ${JSON.stringify(expected)}, shown before leaving ${JSON.stringify(shown)}, found ${JSON.stringify(text)}`,
        );
    }
    const characters = typed.map((w) => ` ${w}`).join('').length;
    console.log(
      `reload trials seed ${seed}: ${typed.length} trials, ${characters} characters typed, ${mismatches.length} trials with lost or changed text`,
    );
    if (mismatches.length > 0) console.log(`the pages' errors and warnings:\n${pageErrors.join('\n')}`);
    expect(mismatches).toEqual([]);
  });
}

/** What a loaded machine does to a leaving page: its page-hide handlers never get to run. */
const blockPageHide = () => {
  const stop = (event: Event) => event.stopImmediatePropagation();
  window.addEventListener('pagehide', stop, true);
  window.addEventListener('visibilitychange', stop, true);
};

/** The typed-text drafts in the page's localStorage (docs/architecture.md "Page-hide journal"). */
const drafts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('notepad:draft:'))
      .map((key) => localStorage.getItem(key) ?? ''),
  );

/** A note titled `title` holding "kept words" saved and " typed last" typed and not saved, with its draft written. */
async function typedNotSaved(app: NotesPage, title: string) {
  await app.open();
  await app.createNote(title);
  await app.typeBody('kept words');
  await app.waitForSaved();
  await app.typeBody(' typed last');
  // The draft is written shortly after typing, well before the autosave's 2 s.
  await expect.poll(async () => (await drafts(app.page)).join()).toContain('typed last');
}

for (const way of ['reload', 'close'] as const) {
  test(`a page killed before its page-hide handler ran keeps the words typed half a second before (${way})`, async ({ page, context }) => {
    await context.addInitScript(blockPageHide);
    await typedNotSaved(new NotesPage(page), 'Killed');
    let next = page;
    if (way === 'reload') await page.reload();
    else {
      await page.close();
      next = await context.newPage();
      await next.goto('/');
    }
    const app = new NotesPage(next);
    await expect(next.locator('.editor-title')).toHaveText('Killed');
    await expect(app.editor).toHaveText('kept words typed last');
    // Saved once: the next start finds no draft to append again.
    await expect.poll(() => drafts(next)).toEqual([]);
    await next.reload();
    await expect(app.editor).toHaveText('kept words typed last');
  });
}

/**
 * What a loaded machine does to a page hidden right after typing: its page-hide handler gets no further
 * than its first write. Drafts are refused until the page hides (so the 0.4 s draft is not what keeps
 * the words); from then on no IndexedDB write starts, and once the draft is written and listed nothing
 * else in Web Storage is written or removed: the page is gone.
 */
const cutPageHideAfterDraft = () => {
  let hiding = false;
  let gone = false;
  const hide = () => (hiding = true);
  window.addEventListener('pagehide', hide, true);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && hide(), true);
  const refuse = () => new DOMException('the page is gone', 'InvalidStateError');
  const { setItem, removeItem } = Storage.prototype;
  Storage.prototype.setItem = function (key: string, value: string) {
    if (gone || key.startsWith('notepad:draft') !== hiding) throw refuse();
    setItem.call(this, key, value);
    if (key === 'notepad:draft-pages') gone = true;
  };
  Storage.prototype.removeItem = function (key: string) {
    if (gone) throw refuse();
    removeItem.call(this, key);
  };
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    if (hiding && args[1] === 'readwrite') throw refuse();
    return transaction.apply(this, args);
  } as IDBDatabase['transaction'];
};

for (const way of ['reload', 'close'] as const) {
  test(`a page hidden right after typing, whose handler gets no further than its first write, keeps the words (${way})`, async ({
    page,
    context,
  }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Cut short');
    await app.typeBody('kept words');
    await app.waitForSaved();
    await context.addInitScript(cutPageHideAfterDraft);
    await page.reload();
    await expect(app.editor).toHaveText('kept words');
    await app.typeBody(' typed last');
    let next = page;
    if (way === 'reload') await page.reload();
    else {
      // With its unload handlers run, close does not wait for the page to be gone, and a page still open keeps its draft.
      const gone = page.waitForEvent('close');
      await page.close({ runBeforeUnload: true });
      await gone;
      next = await context.newPage();
      await next.goto('/');
    }
    const after = new NotesPage(next);
    await expect(next.locator('.editor-title')).toHaveText('Cut short');
    await expect(after.editor).toHaveText('kept words typed last');
  });
}

test("an open tab holds the Web Lock that keeps other tabs' starts from taking its draft", async ({ page, context }) => {
  const typing = new NotesPage(page);
  await typing.open();
  await typing.createNote('Two tabs');
  await typing.typeBody('typed last');
  // The draft's key names the page that wrote it.
  let key = '';
  await expect
    .poll(async () => (key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('notepad:draft:')) ?? '')))
    .toMatch(/^notepad:draft:.+/);
  const pageId = key.slice('notepad:draft:'.length);
  const other = await context.newPage();
  await new NotesPage(other).open();
  const held = await other.evaluate(async () => ((await navigator.locks.query()).held ?? []).map((lock) => lock.name));
  expect(held).toContain(`notepad-page:${pageId}`);
  // Once the autosave has saved the text, the draft is gone.
  await expect.poll(() => drafts(page)).toEqual([]);
  await expect(new NotesPage(other).editor).toHaveText('typed last');
});

test("a page whose entry in the drafts' list another page's rewrite dropped lists itself again, so a later start still finds its draft", async ({
  page,
  context,
}) => {
  await context.addInitScript(blockPageHide);
  const other = await context.newPage();
  await new NotesPage(other).open();
  const app = new NotesPage(page);
  await app.open();
  await app.createNote('Listed');
  await app.typeBody('kept words');
  await app.waitForSaved();
  // From now on the page's saves fail, so its draft stays until the page is gone.
  await page.evaluate(() => {
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      if (args[1] === 'readwrite') throw new DOMException('refused by the test', 'InvalidStateError');
      return transaction.apply(this, args);
    } as IDBDatabase['transaction'];
  });
  await app.typeBody(' typed last');
  await expect.poll(async () => (await drafts(page)).join()).toContain('typed last');
  const listed = () => other.evaluate(() => JSON.parse(localStorage.getItem('notepad:draft-pages') ?? '[]') as string[]);
  const [pageId] = await listed();
  expect(pageId).toBeTruthy();
  // The other page rewrites the list at the same moment and drops this page's entry.
  await other.evaluate(() => localStorage.setItem('notepad:draft-pages', '[]'));
  await expect.poll(listed).toEqual([pageId]);
  await page.close();
  const next = await context.newPage();
  await next.goto('/');
  await expect(next.locator('.editor-title')).toHaveText('Listed');
  await expect(new NotesPage(next).editor).toHaveText('kept words typed last');
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
