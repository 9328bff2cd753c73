import { BLOCKED_INLINE_HANDLER, expect, expectHostileSvgInert, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { chooseFiles, fixturePath, toastTitled } from './importPage';
import { organisationOf } from './organisationOf';

/*
 * Imports keep the shape people gave their notes (docs/product.md "Import notes", "What each format
 * keeps"): each .enex is a notebook, a vault's folders are notebooks, tags come along nested and once
 * per name; what cannot be a tag is listed; Undo takes away the notebooks the import made.
 */

const VAULT_NOTEBOOKS: [string, string[]][] = [
  ['Daily', ['2024-03-05']],
  ['Projects', []],
  ['Projects / 2024', ['Budget', 'Launch plan']],
  ['Projects / Archive', ['Old idea']],
  ['Reference', ['Markdown links', 'Untrusted drawing']],
];

test.describe('notebooks and tags of imported notes', () => {
  test('two Evernote notebooks and an Obsidian vault come in as notebooks and tags, and Undo takes them away', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await chooseFiles(page, [fixturePath('Travel.enex'), fixturePath('Work Projects.enex'), fixturePath('obsidian-full-vault.zip')]);
    const done = toastTitled(page, 'Imported 12 notes');
    await expect(done).toBeVisible();

    const shape = await organisationOf(page);
    expect(shape.notebooks).toEqual([
      ...VAULT_NOTEBOOKS,
      ['Travel', ['Lisbon weekend', 'Packing list']],
      ['Work Projects', ['Alpha kickoff', 'Beta budget', 'Untagged memo']],
    ]);
    const tags = Object.fromEntries(shape.tags);
    expect(tags).toMatchObject({
      travel: ['Lisbon weekend', 'Packing list'],
      'road trip': ['Beta budget', 'Lisbon weekend'],
      'project/alpha': ['Alpha kickoff'],
      'project/active': ['Launch plan'],
      'help/basics': ['Start here'],
      welcome: ['Start here'],
      'daily/standup': ['2024-03-05'],
    });
    // Nested tags sit under their parent, which exists as soon as they do.
    expect(shape.tags.findIndex(([path]) => path === 'project')).toBeLessThan(shape.tags.findIndex(([path]) => path === 'project/alpha'));

    // Tags are no longer written into the text; inline tags stay as written.
    await app.row('Lisbon weekend').locator('.note-row-title').click();
    await expect(app.editor).toContainText('Trams, tiles and custard tarts.');
    await expect(app.editor).not.toContainText('Tags:');
    await app.row('Launch plan').locator('.note-row-title').click();
    await expect(app.editor).toContainText('The plan for the launch. #project/active');

    // The result toast may be gone by now: Undo from the summary of past imports.
    await page.getByRole('button', { name: 'Past imports' }).click();
    const summary = page.getByRole('dialog', { name: 'Imports' });
    await summary.getByRole('article').first().getByRole('button', { name: 'Undo' }).click();
    await expect(toastTitled(page, 'Removed 12 notes')).toBeVisible();
    await summary.getByRole('button', { name: 'Close' }).click();
    await expect(app.rows).toHaveCount(0);
    expect(await organisationOf(page)).toEqual({ notebooks: [], tags: expect.any(Array) });
    // The vault holds a hostile SVG: the browser reports the handlers it blocked while it was sanitized.
    await expectHostileSvgInert(page);
    expectNoConsoleErrors(page, { allow: [BLOCKED_INLINE_HANDLER] });
  });

  test('a notebook already there takes the imported notes, and a tag that cannot be one is listed in the summary', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await chooseFiles(page, [fixturePath('Travel.enex')]);
    await expect(toastTitled(page, 'Imported 2 notes')).toBeVisible();
    // The same notebook exported again, and a notebook whose note's tags are damaged.
    await chooseFiles(page, [fixturePath('Travel.enex'), fixturePath('Damaged tags.enex')]);
    const second = toastTitled(page, 'Imported 3 notes');
    await expect(second).toBeVisible();
    const shape = await organisationOf(page);
    expect(shape.notebooks).toEqual([
      ['Damaged tags', ['Odd tags']],
      ['Travel', ['Lisbon weekend', 'Lisbon weekend', 'Packing list', 'Packing list']],
    ]);
    expect(Object.fromEntries(shape.tags)).toMatchObject({ fine: ['Odd tags'], todo: ['Odd tags'] });

    await page.getByRole('button', { name: 'Past imports' }).click();
    const summary = page.getByRole('dialog', { name: 'Imports' });
    await expect(summary).toContainText('Not imported (3)');
    await expect(summary).toContainText('tag "///": not a tag: it holds no name');
    await expect(summary).toContainText('tag "to?do": it held control characters: kept as "todo"');
    expectNoConsoleErrors(page);
  });
});
