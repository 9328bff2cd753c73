import { test, expect, expectNoConsoleErrors } from './fixtures';
import { loggedEvents, expectToast } from './editorHelpers';
import { seriousViolations } from './axe';
import { noteIdAt, notesTitled, openWith, type SeedEvent } from './organisePage';

/**
 * Five notes (listed Kyoto, Launch, Plan, Trip, Errands): Errands untagged; Trip tagged trips; Plan
 * project/alpha and urgent; Launch project/beta; Kyoto Travel and japan.
 */
const library = (): SeedEvent[] => [
  ...notesTitled(['Errands', 'Trip', 'Plan', 'Launch', 'Kyoto']),
  { type: 'note.tagged', payload: { id: noteIdAt(1), tag: 'trips' } },
  { type: 'note.tagged', payload: { id: noteIdAt(2), tag: 'project/alpha' } },
  { type: 'note.tagged', payload: { id: noteIdAt(2), tag: 'urgent' } },
  { type: 'note.tagged', payload: { id: noteIdAt(3), tag: 'project/beta' } },
  { type: 'note.tagged', payload: { id: noteIdAt(4), tag: 'Travel' } },
  { type: 'note.tagged', payload: { id: noteIdAt(4), tag: 'japan' } },
];

test.describe('Tags', () => {
  test('the note’s tag field suggests existing tags ignoring case; Enter adds, Backspace and ✕ remove', async ({ page }) => {
    const app = await openWith(page, library());
    await app.row('Errands').locator('.note-row-main').click();
    const field = page.getByRole('combobox', { name: 'Add a tag' });
    await field.click();
    await page.keyboard.type('TR');
    const suggestions = page.getByRole('listbox', { name: 'Tag suggestions' }).getByRole('option');
    await expect(suggestions).toHaveText(['Travel', 'trips', 'Create “TR”']);
    await expect(field).toHaveAttribute('aria-activedescendant', /-0$/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Tags of this note' }).getByRole('listitem')).toHaveText(['#trips✕']);
    await expect(page.locator('.status-message')).toHaveText('Tag added');
    await expect(field).toBeFocused();

    await page.keyboard.type('Home/Garden');
    await expect(suggestions).toHaveText(['Create “Home/Garden”']);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Tags of this note' }).getByRole('listitem')).toHaveText(['#Home/Garden✕', '#trips✕']);
    await expect(app.item('Tags', 'Home')).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Backspace');
    await expect(page.getByRole('list', { name: 'Tags of this note' }).getByRole('listitem')).toHaveText(['#Home/Garden✕']);
    await page.getByRole('button', { name: 'Remove tag Home/Garden' }).click();
    await expect(page.getByRole('list', { name: 'Tags of this note' }).getByRole('listitem')).toHaveCount(0);
    await expect(page.locator('.status-message')).toHaveText('Tag removed');

    expect((await loggedEvents(page)).filter((e) => e.type === 'note.tagged' || e.type === 'note.untagged').slice(-4)).toEqual([
      { type: 'note.tagged', payload: { id: noteIdAt(0), tag: 'trips', ref: expect.any(String) } },
      { type: 'note.tagged', payload: { id: noteIdAt(0), tag: 'Home/Garden', ref: expect.any(String) } },
      { type: 'note.untagged', payload: { id: noteIdAt(0), tag: 'trips', ref: expect.any(String) } },
      { type: 'note.untagged', payload: { id: noteIdAt(0), tag: 'Home/Garden', ref: expect.any(String) } },
    ]);

    // A tag of several words is one item of the tree, named by its whole name.
    await field.click();
    await page.keyboard.type('road trip');
    await page.keyboard.press('Enter');
    await expect(app.item('Tags', 'road trip')).toBeVisible();
    await app.item('Tags', 'road trip').click();
    await expect(app.rows).toHaveCount(1);
    expectNoConsoleErrors(page);
  });

  test('a bad tag name in the field says why and adds nothing', async ({ page }) => {
    const app = await openWith(page, library());
    await app.row('Errands').locator('.note-row-main').click();
    const field = page.getByRole('combobox', { name: 'Add a tag' });
    await field.fill('a//b');
    await field.press('Enter');
    await expect(page.locator('.note-tag-problem')).toHaveText('A tag level needs at least one character.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('x'.repeat(101));
    await field.press('Enter');
    await expect(page.locator('.note-tag-problem')).toHaveText('A name can have at most 100 characters.');
    expect(await loggedEvents(page, 'note.tagged')).toHaveLength(6);
    expectNoConsoleErrors(page);
  });

  test('choosing a tag lists the notes with it or a tag under it; Ctrl-click narrows to notes with both', async ({ page }) => {
    const app = await openWith(page, library());
    await expect(app.item('Tags', 'project').locator('.tree-count')).toHaveText('2 notes');
    await app.item('Tags', 'project').click();
    await expect.poll(() => app.listTitles()).toEqual(['Launch', 'Plan']);
    await app.item('Tags', 'urgent').click({ modifiers: ['Control'] });
    await expect.poll(() => app.listTitles()).toEqual(['Plan']);
    await expect(app.chips.getByText('project')).toBeVisible();
    await expect(app.chips.getByText('urgent')).toBeVisible();
    await expect(app.item('Tags', 'project')).toHaveAttribute('aria-selected', 'true');
    await expect(app.item('Tags', 'urgent')).toHaveAttribute('aria-selected', 'true');
    await app.chips.getByRole('button', { name: 'Remove tag urgent' }).click();
    await expect.poll(() => app.listTitles()).toEqual(['Launch', 'Plan']);

    // From the keyboard: Ctrl+Enter adds a tag to the filter, Enter shows it alone.
    await app.item('Tags', 'japan').focus();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => app.listTitles()).toEqual([]);
    await expect(page.getByText('No notes with all these tags.')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect.poll(() => app.listTitles()).toEqual(['Kyoto']);
    await app.chips.getByRole('button', { name: 'Remove tag japan' }).click();
    await expect(app.chips).toHaveCount(0);
    expectNoConsoleErrors(page);
  });

  test('renaming a tag onto an existing one asks, then merges them, with Undo', async ({ page }) => {
    const app = await openWith(page, library());
    await app.menu('Tags', 'trips', 'Rename…');
    await app.dialog.getByRole('textbox', { name: 'Name' }).fill('travel');
    await app.dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(app.dialog.getByRole('heading')).toHaveText('Merge “trips” into “Travel”?');
    await app.dialog.getByRole('button', { name: 'Merge' }).click();
    await expectToast(page, 'Tags merged', '“trips” was merged into “Travel”.');
    await expect(app.item('Tags', 'trips')).toHaveCount(0);
    await expect(app.item('Tags', 'Travel').locator('.tree-count')).toHaveText('2 notes');
    expect(await loggedEvents(page, 'tag.renamed')).toEqual([{ type: 'tag.renamed', payload: { tag: 'trips', to: 'travel' } }]);
    await app.undo('Tags merged');
    await expect(app.item('Tags', 'trips').locator('.tree-count')).toHaveText('1 note');
    await expect(app.item('Tags', 'Travel').locator('.tree-count')).toHaveText('1 note');
    expectNoConsoleErrors(page);
  });

  test('renaming a parent renames the tags under it; Move nests a tag; Delete takes it off its notes and deletes no note', async ({
    page,
  }) => {
    const app = await openWith(page, library());
    await app.menu('Tags', 'project', 'Rename…');
    await app.dialog.getByRole('textbox', { name: 'Name' }).fill('Work');
    await app.dialog.getByRole('button', { name: 'Rename' }).click();
    await expectToast(page, 'Tag renamed', '“project” is now “Work”.');
    await app.item('Tags', 'Work').click();
    await app.item('Tags', 'Work').press('ArrowRight');
    await expect(app.item('Tags', 'alpha')).toHaveAttribute('title', 'Work/alpha');
    await expect(app.item('Tags', 'beta')).toHaveAttribute('title', 'Work/beta');
    await expect.poll(() => app.listTitles()).toEqual(['Launch', 'Plan']);
    await app.undo('Tag renamed');
    await expect(app.item('Tags', 'project')).toBeVisible();
    await expect(app.chips.getByText('project')).toBeVisible();

    await app.menu('Tags', 'urgent', 'Move to…');
    await app.dialog.getByRole('combobox', { name: 'Into' }).selectOption({ label: 'project' });
    await app.dialog.getByRole('button', { name: 'Move' }).click();
    await expectToast(page, 'Tag moved', '“urgent” is now “project/urgent”.');
    await expect(app.item('Tags', 'urgent')).toHaveAttribute('aria-level', '2');

    await app.menu('Tags', 'project', 'Delete…');
    await expect(app.dialog).toContainText('It is taken off its 2 notes, with the 3 tags under it. No note is deleted.');
    await app.dialog.getByRole('button', { name: 'Delete tag' }).click();
    await expectToast(page, 'Tag deleted', '“project” was taken off 2 notes.');
    await expect(app.item('Tags', 'project')).toHaveCount(0);
    await expect(app.chips).toHaveCount(0);
    await page.getByRole('button', { name: /^All notes/ }).click();
    await expect.poll(() => app.listTitles()).toEqual(['Kyoto', 'Launch', 'Plan', 'Trip', 'Errands']);
    await app.undo('Tag deleted');
    await expect(app.item('Tags', 'project').locator('.tree-count')).toHaveText('2 notes');
    expect((await loggedEvents(page)).filter((e) => e.type.startsWith('tag.')).map((e) => e.type)).toEqual([
      'tag.renamed',
      'tag.renamed', // Undo: the rename back
      'tag.renamed', // the move
      'tag.deleted',
      'tag.created', // Undo: the tags made again, then their notes tagged again
      'tag.created',
      'tag.created',
      'tag.created',
    ]);
    expectNoConsoleErrors(page);
  });

  test('a note is tagged by dragging its row onto a tag, with Undo', async ({ page }) => {
    const app = await openWith(page, library());
    await app.row('Errands').locator('.note-row-main').dragTo(app.item('Tags', 'urgent'));
    await expectToast(page, 'Tag added', '“Errands” is now tagged “urgent”.');
    await expect(app.item('Tags', 'urgent').locator('.tree-count')).toHaveText('2 notes');
    await app.undo('Tag added');
    await expect(app.item('Tags', 'urgent').locator('.tree-count')).toHaveText('1 note');
    expectNoConsoleErrors(page);
  });

  test('a new tag from the Tags menu is made with its parents, and a bad one is refused', async ({ page }) => {
    const app = await openWith(page, library());
    await page.getByRole('button', { name: 'Add tag' }).click();
    const name = app.dialog.getByRole('textbox', { name: 'Name' });
    await name.fill('JAPAN');
    await app.dialog.getByRole('button', { name: 'Create' }).click();
    await expect(app.dialog.getByRole('alert')).toHaveText('A tag “japan” already exists.');
    await name.fill('ideas/ later');
    await app.dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Tag created', '“ideas/later”');
    await expect(app.item('Tags', 'ideas').locator('.tree-count')).toHaveText('0 notes');
    expectNoConsoleErrors(page);
  });

  test('the tag tree, the tag field and its suggestions have no serious accessibility violations', async ({ page }) => {
    const app = await openWith(page, library());
    await app.item('Tags', 'project').click();
    await app.item('Tags', 'project').press('ArrowRight');
    await app.row('Plan').locator('.note-row-main').click();
    await page.getByRole('combobox', { name: 'Add a tag' }).fill('a');
    await expect(page.getByRole('listbox', { name: 'Tag suggestions' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expectNoConsoleErrors(page);
  });
});
