import type { Page } from '@playwright/test';
import { BLOCKED_INLINE_HANDLER, expect, expectHostileSvgInert, expectNoConsoleErrors, test, trackConsoleErrors } from './fixtures';
import { NotesPage } from './notesPage';
import { makePng, toolbar } from './editorHelpers';
import { chooseFiles, fixturePath, toastTitled } from './importPage';
import { organisationOf } from './organisationOf';

/*
 * Export all notes, then import that zip into an empty NotePad in another browser (docs/product.md
 * "Export all notes", "Import notes"): the same titles, text, checklists, images, dates and stars come
 * back, and the same notebooks and tags.
 */

/** What a person would compare of a library: per note (in the manual order) its id, title, date, star, text, checklist and images. */
async function library(page: Page) {
  return page.evaluate(() => {
    const index = JSON.parse(localStorage.getItem('notes') ?? '[]') as { id: string; title: string; modified: string }[];
    const starred = new Set(JSON.parse(localStorage.getItem('linkedNotes') ?? '[]') as string[]);
    return index.map(({ id, title, modified }) => {
      const body = new DOMParser().parseFromString(localStorage.getItem(`note_${id}`) ?? '', 'text/html').body;
      const checks = [...body.querySelectorAll('[data-content-type="checkListItem"]')].map(
        (item) => `${item.querySelector('input')?.hasAttribute('checked') ? '[x]' : '[ ]'} ${item.textContent?.trim()}`,
      );
      const images = [...body.querySelectorAll('img')].map((img) => img.getAttribute('src')?.slice(0, 23));
      // Blocks' text, one per line: formatting that Markdown keeps (bold, a link) is compared through the HTML below.
      // The original app's notes are plain HTML, NotePad's the editor's blocks.
      const blockSelector = body.querySelector('.bn-block-content') ? '.bn-block-content' : 'p, li, h1, h2, h3, pre';
      const blocks = [...body.querySelectorAll(blockSelector)].map((block) => block.textContent?.trim()).filter(Boolean);
      const bold = [...body.querySelectorAll('strong')].map((b) => b.textContent);
      return { id, title, modified, starred: starred.has(id), blocks, checks, images, bold };
    });
  });
}

test('a library exported with Export all notes comes back whole when that zip is imported into an empty NotePad', async ({
  page,
  browser,
}, testInfo) => {
  const app = new NotesPage(page);
  await page.route('/__round_trip_seed__', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }),
  );
  await page.goto('/__round_trip_seed__');
  // A note of the original app, dated in the past and starred: its date and star must survive.
  await page.evaluate(() => {
    localStorage.setItem('notes', JSON.stringify([{ id: '1600000000000', title: 'Old: notes', modified: '2021-03-04T05:06:07.000Z' }]));
    localStorage.setItem('note_1600000000000', '<p>Written <strong>long</strong> ago</p><p>second line</p>');
    localStorage.setItem('linkedNotes', JSON.stringify(['1600000000000']));
  });
  await app.open();
  await expect(app.row('Old: notes')).toBeVisible();

  await app.createNote('Groceries');
  await app.typeBody('milk');
  await toolbar(page).getByRole('button', { name: 'Checklist' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('eggs');
  await app.editor.locator('[data-content-type="checkListItem"]', { hasText: 'milk' }).locator('input').check();
  const chooser = page.waitForEvent('filechooser');
  await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
  await (await chooser).setFiles({ name: 'basket.png', mimeType: 'image/png', buffer: await makePng(page, 60, 40) });
  await expect(app.editor.locator('[data-content-type="image"] img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await app.waitForSaved();
  await page.getByRole('button', { name: 'Star', exact: true }).first().click();

  await app.createNote('groceries');
  await app.typeBody('the other list, same title');
  await app.waitForSaved();

  const before = await library(page);
  expect(before.map((n) => n.title)).toEqual(['groceries', 'Groceries', 'Old: notes']);
  expect(before[1].checks).toEqual(['[x] milk', '[ ] eggs']);
  expect(before[1].images).toEqual(['data:image/jpeg;base64,']);

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
    await chooseFiles(other, [zipPath]);
    await expect(toastTitled(other, 'Imported 3 notes')).toBeVisible();
    await expect.poll(async () => (await library(other)).length).toBe(3);
    expect(await library(other)).toEqual(before);
    await expect(second.row('Groceries').getByRole('button', { name: 'Unstar' })).toBeVisible();
    expectNoConsoleErrors(other);
  } finally {
    await fresh.close();
  }
  expectNoConsoleErrors(page);
});

test('notebooks and tags come back from an export of all notes: the same notebooks, nesting, tags and notes in an empty NotePad', async ({
  page,
  browser,
}, testInfo) => {
  const app = new NotesPage(page);
  await app.open();
  await chooseFiles(page, [
    fixturePath('Travel.enex'),
    fixturePath('Work Projects.enex'),
    fixturePath('obsidian-full-vault.zip'),
    fixturePath('notion-workspace.zip'),
  ]);
  await expect(toastTitled(page, 'Imported 18 notes')).toBeVisible();
  const before = await organisationOf(page);
  expect(before.notebooks.map(([path]) => path)).toEqual([
    'Daily',
    'Projects',
    'Projects / 2024',
    'Projects / Archive',
    'Reference',
    'Travel',
    'Travel / Japan 2024',
    'Travel / Reading list',
    'Work Projects',
  ]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all notes' }).click();
  const download = await downloading;
  const zipPath = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(zipPath);

  const fresh = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const other = await fresh.newPage();
  trackConsoleErrors(other);
  try {
    await new NotesPage(other).open();
    await chooseFiles(other, [zipPath]);
    await expect(toastTitled(other, 'Imported 18 notes')).toBeVisible();
    expect(await organisationOf(other)).toEqual(before);
    // The export holds the SVG as sanitized: nothing in it for the browser to block.
    expectNoConsoleErrors(other);
  } finally {
    await fresh.close();
  }
  // The vault holds a hostile SVG: the browser reports the handlers it blocked while it was sanitized.
  await expectHostileSvgInert(page);
  expectNoConsoleErrors(page, { allow: [BLOCKED_INLINE_HANDLER] });
});
