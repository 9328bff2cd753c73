import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { storedEvents } from './storedEvents';
import { isSave, savedHtml } from './editorHelpers';
import { chooseFiles, toastTitled } from './importPage';
import { largeVault } from '../fixtures/import/vaults';

/**
 * Storage full: the origin's localStorage is filled until `setItem` throws
 * QuotaExceededError, and IndexedDB refuses writes with a QuotaExceededError too. (Chromium gives
 * an origin gigabytes of IndexedDB and ignores DevTools' quota override in a test profile, so an
 * init script makes IndexedDB's add/put throw the DOMException a full disk gives, while
 * `window.__idbFull` is set.) A full log says so clearly, the edit stays in the editor and in
 * memory, nothing saved earlier is lost, and the save succeeds once space is freed. A full
 * localStorage is no error: the Storage line says what its copy holds (docs/product.md "Sidebar"),
 * also for a library of about 15 MB that localStorage cannot hold.
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

/** The HTML every stored save of note `id` carries (a whole body, or a change's blocks), oldest first. */
async function storedBodies(page: Page, id: string): Promise<string[]> {
  return (await storedEvents(page)).filter((e) => e.payload.id === id && (isSave(e) || typeof e.payload.html === 'string')).map(savedHtml);
}

// The newest first: a retry says its error again, a new toast beside the closing one for a moment.
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
/** The line under the Storage line that says what the localStorage copy holds when it is not complete. */
const copyLine = (page: Page) => page.getByLabel('localStorage copy', { exact: true });

/**
 * A note with `title` and `text`, saved, its typed-text draft gone; returns its id. Not waitForSaved: the
 * last note's "Note saved!" can still be on screen, and a fill before this save lands would find its draft,
 * whose room the mirror takes first (docs/architecture.md "Page-hide journal").
 */
async function savedNote(app: NotesPage, title: string, text: string): Promise<string> {
  await app.createNote(title);
  await app.typeBody(text);
  await app.waitForSavedText(text);
  await expect.poll(async () => Object.keys(await app.localStorageKeys()).filter((k) => k.startsWith('notepad:draft'))).toEqual([]);
  const index = JSON.parse((await app.localStorageKeys()).notes) as { id: string; title: string }[];
  return index.find((n) => n.title === title)!.id;
}

test.describe('storage full', () => {
  test('with localStorage full an edit says no "Storage full": the Storage line says the copy holds the newest note, no key holds an older text, and the copy catches up once space is freed', async ({
    page,
  }) => {
    const app = new NotesPage(page);
    await app.open();
    const earlier = await savedNote(app, 'Earlier', 'written before the disk filled');
    const current = await savedNote(app, 'Current', 'first words');
    const before = await app.localStorageKeys();
    await expect(copyLine(page)).toHaveCount(0);

    const filled = await fillLocalStorage(page);
    console.log(`localStorage took ${(filled / 1e6).toFixed(2)} million characters of filler before QuotaExceededError`);
    await app.typeBody(' and an edit while full');
    await app.waitForSavedText('first words and an edit while full');
    // The newest note's text takes the room of the older one: the copy is the list and the newest note.
    await expect(copyLine(page)).toHaveText('localStorage copy: the newest 1 of 2 notes');
    await expect(toast(page, 'Storage full')).toHaveCount(0);
    await expect(app.editor).toContainText('first words and an edit while full');
    await expect
      .poll(() => storedBodies(page, current))
      .toEqual(expect.arrayContaining([expect.stringContaining('first words and an edit while full')]));
    const during = await app.localStorageKeys();
    expect(during[`note_${current}`]).toContain('first words and an edit while full');
    expect(during[`note_${earlier}`]).toBeUndefined();
    expect(JSON.parse(during.notes).map((n: { id: string }) => n.id)).toEqual(JSON.parse(before.notes).map((n: { id: string }) => n.id));

    await freeLocalStorage(page);
    await app.typeBody('.');
    await app.waitForSavedText('first words and an edit while full.');
    await expect.poll(async () => (await app.localStorageKeys())[`note_${earlier}`]).toBe(before[`note_${earlier}`]);
    await expect(copyLine(page)).toHaveCount(0);
    const after = await app.localStorageKeys();
    expect(after[`note_${current}`]).toContain('first words and an edit while full.');
    expect(JSON.parse(after.notes).map((n: { title: string }) => n.title)).toEqual(['Current', 'Earlier']);

    await page.reload();
    await app.row('Earlier').locator('.note-row-main').click();
    await expect(app.editor).toContainText('written before the disk filled');
    await app.row('Current').locator('.note-row-main').click();
    await expect(app.editor).toContainText('first words and an edit while full.');
    expectNoConsoleErrors(page);
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
    // Nothing saved earlier is lost from the log; the localStorage copy holds each note's current text or none.
    expect(await storedBodies(page, earlier)).toEqual(storedBefore);
    const during = await app.localStorageKeys();
    expect([before[`note_${earlier}`], undefined]).toContain(during[`note_${earlier}`]);
    if (during[`note_${current}`] !== undefined) expect(during[`note_${current}`]).toContain('typed while the disk is full');
    // "Storage full" is the log's to say; the copy's state is the Storage line's.
    await expect(toast(page, 'Storage full')).toHaveCount(0);

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

test.describe('a library larger than localStorage', () => {
  test('an imported vault of about 15 MB gives no "Storage full": notes and linkedNotes are whole, the newest bodies are kept whole, the Storage line says so, and a new note is listed', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const vault = await largeVault();
    const app = new NotesPage(page);
    await app.open();
    const started = Date.now();
    await chooseFiles(page, [{ name: 'Big vault.zip', mimeType: 'application/zip', buffer: Buffer.from(vault.zip) }]);
    await expect(toastTitled(page, 'Imported 150 notes')).toBeVisible({ timeout: 240_000 });
    const importSeconds = (Date.now() - started) / 1000;
    await expect(copyLine(page)).toHaveText(/^localStorage copy: the newest \d+ of 150 notes$/);
    const held = Number((await copyLine(page).textContent())!.match(/newest (\d+)/)![1]);

    const keys = await app.localStorageKeys();
    const index = JSON.parse(keys.notes) as { id: string; title: string; modified: string }[];
    expect(index.map((n) => n.title)).toEqual(vault.notes.map((n) => n.title));
    const imported = (await storedEvents(page)).filter((e) => e.type === 'note.imported');
    expect(index.map((n) => n.id).sort()).toEqual(imported.map((e) => e.payload.id as string).sort());
    const pinned = new Set(vault.notes.filter((n) => n.pinned).map((n) => n.title));
    expect(JSON.parse(keys.linkedNotes)).toEqual(index.filter((n) => pinned.has(n.title)).map((n) => n.id));

    // The bodies kept are the newest by last edit, each exactly the note's text; the others are absent.
    const newestFirst = index
      .map((n, position) => ({ ...n, position }))
      .sort((a, b) => (a.modified === b.modified ? a.position - b.position : a.modified < b.modified ? 1 : -1));
    const kept = newestFirst.filter((n) => keys[`note_${n.id}`] !== undefined).map((n) => n.id);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(150);
    expect(kept).toEqual(newestFirst.slice(0, held).map((n) => n.id));
    const html = new Map(imported.map((e) => [e.payload.id as string, e.payload.html as string]));
    for (const id of kept) expect(keys[`note_${id}`] === html.get(id), `note_${id}`).toBe(true);

    await expect(toast(page, 'Storage full')).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
    await expect(page.getByLabel('Storage', { exact: true })).toHaveText(/^Storage: \d+(\.\d)? MB used of /);
    const mirrored = Object.entries(keys)
      .filter(([key]) => key === 'notes' || key === 'linkedNotes' || key.startsWith('note_'))
      .reduce((sum, [key, value]) => sum + key.length + value.length, 0);
    const logChars = imported.reduce((sum, e) => sum + (e.payload.html as string).length, 0);
    console.log(
      `15 MB vault: imported in ${importSeconds.toFixed(1)} s; notes' HTML ${(logChars / 1e6).toFixed(1)} million characters; ` +
        `localStorage copy ${(mirrored / 1e6).toFixed(2)} million characters, the newest ${held} of 150 bodies; ${await page.getByLabel('Storage', { exact: true }).textContent()}`,
    );

    // A note made after it is listed first, and its (empty) body is the newest one kept.
    await app.createNote('After the import');
    await expect.poll(async () => JSON.parse((await app.localStorageKeys()).notes)[0].title).toBe('After the import');
    const after = await app.localStorageKeys();
    const made = JSON.parse(after.notes)[0] as { id: string };
    expect(JSON.parse(after.notes)).toHaveLength(151);
    expect(after[`note_${made.id}`]).toBe('');
    await expect(copyLine(page)).toHaveText(/^localStorage copy: the newest \d+ of 151 notes$/);
    await expect(toast(page, 'Storage full')).toHaveCount(0);
    expectNoConsoleErrors(page);
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
