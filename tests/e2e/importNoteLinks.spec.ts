import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test, trackConsoleErrors } from './fixtures';
import { NotesPage } from './notesPage';
import { chooseFiles, fixturePath, toastTitled } from './importPage';

/*
 * Links between notes of an import (docs/product.md "Import notes", "Links between notes"): the vault
 * made like a real one (tests/fixtures/import/vaults.ts) arrives as a web of notes: links open their
 * notes, "Linked from" lists the backlinks, a rename shows in every link, and Export all notes read back
 * into an empty NotePad keeps the links.
 */

const noteLinks = (app: NotesPage) => app.editor.locator('a.note-link');
const linkedFrom = (page: Page) => page.getByRole('navigation', { name: /^Linked from/ });
const title = (page: Page) => page.locator('.editor-title');

/** Open the note titled `name` from the sidebar. */
async function openNote(app: NotesPage, name: string) {
  await app.row(name).locator('.note-row-main').click();
  await expect(title(app.page)).toHaveText(name);
}

/** Import the vault into the open NotePad of `page`. */
async function importVault(page: Page, file = fixturePath('obsidian-full-vault.zip')) {
  await chooseFiles(page, [file]);
  await expect(toastTitled(page, 'Imported 7 notes')).toBeVisible();
}

/** The titles the links of the open note show, in order. */
const START_HERE_LINKS = [
  'Launch plan',
  'Launch plan',
  'Launch plan',
  'Launch plan',
  'Budget',
  'Budget',
  'Old idea',
  'Budget',
  'Launch plan',
  'Markdown links',
  'Budget',
];

test.describe('links between the notes of an import', () => {
  test('a vault’s links open their notes, list the linking notes under "Linked from", and show a renamed note’s new title', async ({
    page,
  }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Reading list');
    await importVault(page);

    await openNote(app, 'Start here');
    await expect(noteLinks(app)).toHaveText([...START_HERE_LINKS, 'Reading list']);
    // A link to a note the vault does not hold stays its text.
    await expect(app.editor).toContainText('not written yet: Someday plan; already in NotePad');

    await noteLinks(app).filter({ hasText: 'Old idea' }).click();
    await expect(title(page)).toHaveText('Old idea');
    await expect(linkedFrom(page).getByRole('button')).toHaveText(['Markdown links', 'Start here']);
    await noteLinks(app).filter({ hasText: 'Budget' }).click();
    await expect(title(page)).toHaveText('Budget');
    // The link inside the table.
    await app.editor.locator('table a.note-link').click();
    await expect(title(page)).toHaveText('Launch plan');
    await expect(linkedFrom(page).getByRole('button')).toHaveText(['2024-03-05', 'Budget', 'Start here']);

    await openNote(app, 'Budget');
    await title(page).locator('span').dblclick();
    await page.getByRole('textbox', { name: 'Note title' }).fill('Budget 2024');
    await page.keyboard.press('Enter');
    await openNote(app, 'Start here');
    await expect(noteLinks(app)).toHaveText([...START_HERE_LINKS.map((t) => (t === 'Budget' ? 'Budget 2024' : t)), 'Reading list']);
    await noteLinks(app).filter({ hasText: 'Reading list' }).click();
    await expect(title(page)).toHaveText('Reading list');
    await expect(linkedFrom(page).getByRole('button')).toHaveText(['Start here']);
  });

  test('Export all notes read back into an empty NotePad keeps the links: the notes link to each other', async ({
    page,
    browser,
  }, testInfo) => {
    const app = new NotesPage(page);
    await app.open();
    await importVault(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export all notes' }).click();
    const download = await downloading;
    const zipPath = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(zipPath);

    const fresh = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const other = await fresh.newPage();
    trackConsoleErrors(other);
    try {
      const second = new NotesPage(other);
      await second.open();
      await importVault(other, zipPath);
      await openNote(second, 'Start here');
      await expect(noteLinks(second)).toHaveText(START_HERE_LINKS);
      await expect(noteLinks(second)).not.toHaveClass([/note-link-missing/]);
      await noteLinks(second).filter({ hasText: 'Markdown links' }).click();
      await expect(title(other)).toHaveText('Markdown links');
      await expect(linkedFrom(other).getByRole('button')).toHaveText(['Old idea', 'Start here']);
      await noteLinks(second).filter({ hasText: 'Old idea' }).click();
      await expect(title(other)).toHaveText('Old idea');
      // Every link of the library names a note of this NotePad.
      const dangling = await other.evaluate(() => {
        const ids = new Set((JSON.parse(localStorage.getItem('notes') ?? '[]') as { id: string }[]).map((n) => n.id));
        const linked = [...ids].flatMap((id) =>
          [...(localStorage.getItem(`note_${id}`) ?? '').matchAll(/data-note-id="(\d+)"/g)].map((m) => m[1]),
        );
        return { linked: linked.length, missing: linked.filter((id) => !ids.has(id)) };
      });
      expect(dangling.missing).toEqual([]);
      expect(dangling.linked).toBeGreaterThan(START_HERE_LINKS.length);
      expectNoConsoleErrors(other);
    } finally {
      await fresh.close();
    }
  });

  test('a Notion export’s links between pages open their pages, up and across the page tree', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await chooseFiles(page, [fixturePath('notion-workspace.zip')]);
    await expect(toastTitled(page, /Imported \d+ notes/)).toBeVisible();

    // A link across the tree, written as a URL-encoded path with Notion's ids.
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('Loose ideas');
    await openNote(app, 'Loose ideas');
    await noteLinks(app).filter({ hasText: 'Kyoto' }).click();
    await expect(title(page)).toHaveText('Kyoto');
    await expect(linkedFrom(page).getByRole('button')).toHaveText(['Japan 2024', 'Loose ideas']);
    // A link up the tree (../../Travel <id>.md).
    await noteLinks(app).filter({ hasText: 'Travel' }).click();
    await expect(title(page)).toHaveText('Travel');
    await noteLinks(app).filter({ hasText: 'Japan 2024' }).click();
    await expect(title(page)).toHaveText('Japan 2024');
    await expect(linkedFrom(page).getByRole('button')).toHaveText(['Travel']);
    expectNoConsoleErrors(page);
  });
});
