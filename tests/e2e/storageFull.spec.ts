import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { storedEvents } from './storedEvents';

/**
 * Storage full: the origin's localStorage is filled until `setItem` throws
 * QuotaExceededError, and IndexedDB refuses writes with a QuotaExceededError too. (Chromium gives
 * an origin gigabytes of IndexedDB and ignores DevTools' quota override in a test profile, so an
 * init script makes IndexedDB's add/put throw the DOMException a full disk gives, while
 * `window.__idbFull` is set.) The user sees a clear message, the edit stays in the editor and in
 * memory, nothing saved earlier is lost, and the save succeeds once space is freed.
 * Also the Storage line: usage shown, persistent storage asked for after the first save.
 */

const FULL_IDB = () => {
  const w = window as unknown as { __idbFull?: boolean };
  for (const method of ['add', 'put'] as const) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
      if (w.__idbFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    } as typeof original;
  }
};

/** Fill localStorage with `filler:N` keys until not even one more character fits; returns the characters written. */
async function fillLocalStorage(page: Page): Promise<number> {
  return page.evaluate(() => {
    let written = 0;
    let n = 0;
    for (let size = 1 << 20; size >= 1;) {
      try {
        localStorage.setItem(`filler:${n}`, 'x'.repeat(size));
        written += size;
        n += 1;
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'QuotaExceededError')) throw error;
        size = Math.floor(size / 2);
      }
    }
    try {
      localStorage.setItem('probe', 'x');
      throw new Error('localStorage still takes writes');
    } catch (error) {
      if (!(error instanceof DOMException) || error.name !== 'QuotaExceededError') throw error;
    }
    return written;
  });
}

async function freeLocalStorage(page: Page) {
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('filler:'))
      .forEach((k) => localStorage.removeItem(k)),
  );
}

/** The HTML of every stored body save of note `id`, oldest first. */
async function storedBodies(page: Page, id: string): Promise<string[]> {
  return (await storedEvents(page))
    .filter((e) => e.payload.id === id && typeof e.payload.html === 'string')
    .map((e) => e.payload.html as string);
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

/** A note with `title` and `text`, saved; returns its id. */
async function savedNote(app: NotesPage, title: string, text: string): Promise<string> {
  await app.createNote(title);
  await app.typeBody(text);
  await app.waitForSaved();
  const index = JSON.parse((await app.localStorageKeys()).notes) as { id: string; title: string }[];
  return index.find((n) => n.title === title)!.id;
}

test.describe('storage full', () => {
  test('with localStorage full an edit says "Storage full", stays in the editor and the log, loses nothing saved, and the copy catches up once space is freed', async ({
    page,
  }) => {
    const app = new NotesPage(page);
    await app.open();
    const earlier = await savedNote(app, 'Earlier', 'written before the disk filled');
    const current = await savedNote(app, 'Current', 'first words');
    const before = await app.localStorageKeys();

    const filled = await fillLocalStorage(page);
    console.log(`localStorage took ${(filled / 1e6).toFixed(2)} million characters of filler before QuotaExceededError`);
    await app.typeBody(' and an edit while full');
    await expect(toast(page, 'Storage full')).toBeVisible({ timeout: 8000 });
    await expect(toast(page, 'Storage full')).toContainText('Your notes are safe');
    await expect(app.editor).toContainText('first words and an edit while full');
    // The log has the edit; the localStorage copy keeps what it had, nothing was removed.
    await expect
      .poll(() => storedBodies(page, current))
      .toEqual(expect.arrayContaining([expect.stringContaining('first words and an edit while full')]));
    const during = await app.localStorageKeys();
    expect(during[`note_${earlier}`]).toBe(before[`note_${earlier}`]);
    expect(during[`note_${current}`]).toBe(before[`note_${current}`]);
    // (The index may be rewritten in place: a same-length value needs no extra space.)
    expect(JSON.parse(during.notes).map((n: { id: string }) => n.id)).toEqual(JSON.parse(before.notes).map((n: { id: string }) => n.id));

    await freeLocalStorage(page);
    await app.typeBody('.');
    await app.waitForSavedText('first words and an edit while full.');
    await expect.poll(async () => (await app.localStorageKeys())[`note_${current}`]).toContain('first words and an edit while full.');
    const after = await app.localStorageKeys();
    expect(after[`note_${earlier}`]).toBe(before[`note_${earlier}`]);
    expect(JSON.parse(after.notes).map((n: { title: string }) => n.title)).toEqual(['Current', 'Earlier']);

    await page.reload();
    await app.row('Earlier').locator('.note-row-main').click();
    await expect(app.editor).toContainText('written before the disk filled');
    await app.row('Current').locator('.note-row-main').click();
    await expect(app.editor).toContainText('first words and an edit while full.');
    expectNoConsoleErrors(page, { allow: [/QuotaExceeded|quota/i] });
  });

  test('with IndexedDB and localStorage full a save shows "Error saving note" with a clear message, keeps the edit in the editor and in memory, and succeeds once space is freed', async ({
    page,
  }) => {
    await page.addInitScript(FULL_IDB);
    const app = new NotesPage(page);
    await app.open();
    const earlier = await savedNote(app, 'Earlier', 'written before the disk filled');
    const current = await savedNote(app, 'Current', 'first words');
    const before = await app.localStorageKeys();
    const storedBefore = await storedBodies(page, earlier);

    await fillLocalStorage(page);
    await page.evaluate(() => ((window as unknown as { __idbFull: boolean }).__idbFull = true));
    await app.typeBody(' typed while the disk is full');
    const error = toast(page, 'Error saving note');
    await expect(error).toBeVisible({ timeout: 8000 });
    await expect(error).toContainText('NotePad’s storage is full. Your text is kept in this tab and saved as soon as there is room');
    await expect(app.status).not.toHaveText('Note saved!');

    // In the editor, and in memory: search (which reads the projection) finds the unsaved words.
    await expect(app.editor).toContainText('first words typed while the disk is full');
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('disk is full');
    await expect.poll(() => app.rowTitles()).toEqual(['Current']);
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await storedBodies(page, current)).not.toEqual(expect.arrayContaining([expect.stringContaining('disk is full')]));
    // Nothing saved earlier is lost, in the log or in localStorage.
    expect(await storedBodies(page, earlier)).toEqual(storedBefore);
    const during = await app.localStorageKeys();
    expect(during[`note_${earlier}`]).toBe(before[`note_${earlier}`]);
    expect(during[`note_${current}`]).toBe(before[`note_${current}`]);

    // Space comes back: the edit is saved without the user typing again.
    await freeLocalStorage(page);
    await page.evaluate(() => ((window as unknown as { __idbFull: boolean }).__idbFull = false));
    await expect
      .poll(() => storedBodies(page, current), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('first words typed while the disk is full')]));
    await expect
      .poll(async () => (await app.localStorageKeys())[`note_${current}`], { timeout: 15_000 })
      .toContain('typed while the disk is full');
    await page.reload();
    await app.row('Current').locator('.note-row-main').click();
    await expect(app.editor).toContainText('first words typed while the disk is full');
    await app.row('Earlier').locator('.note-row-main').click();
    await expect(app.editor).toContainText('written before the disk filled');
    expectNoConsoleErrors(page, { allow: [/QuotaExceeded|quota/i] });
  });
});

/** Count calls of navigator.storage.persist (passing them on to the browser). */
const COUNT_PERSIST = () => {
  const w = window as unknown as { __persistCalls: number };
  w.__persistCalls = 0;
  const original = navigator.storage.persist.bind(navigator.storage);
  navigator.storage.persist = () => {
    w.__persistCalls += 1;
    return original();
  };
};

test.describe('storage line', () => {
  test('shows the storage used and available, and asks for persistent storage once, after the first saved note', async ({ page }) => {
    await page.addInitScript(COUNT_PERSIST);
    const persistCalls = () => page.evaluate(() => (window as unknown as { __persistCalls: number }).__persistCalls);
    const app = new NotesPage(page);
    await app.open();
    const line = page.getByLabel('Storage', { exact: true });
    await expect(line).toHaveText(/^Storage: \d+(\.\d)? (B|KB|MB|GB) used of \d+(\.\d)? (B|KB|MB|GB|TB)/);
    await app.createNote('First');
    expect(await persistCalls()).toBe(0);
    await app.typeBody('the first saved words');
    await app.waitForSaved();
    await expect.poll(persistCalls).toBe(1);
    await app.typeBody(' and more');
    await app.waitForSavedText('the first saved words and more');
    await app.createNote('Second');
    await app.typeBody('another note');
    await app.waitForSavedText('another note');
    expect(await persistCalls()).toBe(1);
    expectNoConsoleErrors(page);
  });

  test('on a phone, with the Storage line in the closed drawer, persistent storage is still asked for after the first save', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(COUNT_PERSIST);
    const persistCalls = () => page.evaluate(() => (window as unknown as { __persistCalls: number }).__persistCalls);
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Phone');
    await expect(page.getByRole('navigation', { name: 'Notes' })).toHaveCount(0);
    await app.typeBody('saved on a phone');
    await app.waitForSaved();
    await expect.poll(persistCalls).toBe(1);
  });
});
