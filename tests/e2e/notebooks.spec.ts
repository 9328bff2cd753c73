import { test, expect, expectNoConsoleErrors } from './fixtures';
import { loggedEvents, expectToast } from './editorHelpers';
import { seriousViolations } from './axe';
import { noteIdAt, notesTitled, openWith, type SeedEvent } from './organisePage';

const WORK = 'nb-work-00000001';
const PROJECTS = 'nb-proj-00000001';
const HOME = 'nb-home-00000001';

/**
 * Five notes (listed Epsilon, Gamma, Delta, Beta, Alpha), Work with Projects inside it, and Home:
 * Alpha and Beta in Work, Gamma in Projects, Delta in Home, Epsilon in none.
 */
const library = (): SeedEvent[] => [
  ...notesTitled(['Alpha', 'Beta', 'Delta', 'Gamma', 'Epsilon']),
  { type: 'notebook.created', payload: { notebook: WORK, name: 'Work', parent: null } },
  { type: 'notebook.created', payload: { notebook: PROJECTS, name: 'Projects', parent: WORK } },
  { type: 'notebook.created', payload: { notebook: HOME, name: 'Home', parent: null } },
  { type: 'note.filed', payload: { id: noteIdAt(0), notebook: WORK } },
  { type: 'note.filed', payload: { id: noteIdAt(1), notebook: WORK } },
  { type: 'note.filed', payload: { id: noteIdAt(3), notebook: PROJECTS } },
  { type: 'note.filed', payload: { id: noteIdAt(2), notebook: HOME } },
];

test.describe('Notebooks', () => {
  test('a notebook is created, renamed, nested, un-nested and deleted from its menu, each one event with Undo', async ({ page }) => {
    const app = await openWith(page, notesTitled(['Plan']));
    await page.getByRole('button', { name: 'Add notebook' }).click();
    await app.dialog.getByRole('textbox', { name: 'Name' }).fill('  Work  ');
    await app.dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Notebook created', '“Work”');
    await expect(app.item('Notebooks', 'Work')).toBeVisible();
    await app.undo('Notebook created');
    await expect(app.toast('Undone')).toBeVisible();
    await expect(page.getByText('No notebooks yet.')).toBeVisible();

    for (const name of ['Work', 'Home']) {
      await page.getByRole('button', { name: 'Add notebook' }).click();
      await app.dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await app.dialog.getByRole('button', { name: 'Create' }).click();
      await expect(app.item('Notebooks', name)).toBeVisible();
    }

    await app.menu('Notebooks', 'Home', 'Rename…');
    await expect(app.dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Home');
    await app.dialog.getByRole('textbox', { name: 'Name' }).fill('Personal');
    await app.dialog.getByRole('button', { name: 'Rename' }).click();
    await expectToast(page, 'Notebook renamed', '“Home” is now “Personal”.');
    await expect(app.item('Notebooks', 'Personal')).toBeVisible();
    await app.undo('Notebook renamed');
    await expect(app.item('Notebooks', 'Home')).toBeVisible();

    await app.menu('Notebooks', 'Work', 'Move to…');
    await app.dialog.getByRole('combobox', { name: 'Into' }).selectOption({ label: 'Home' });
    await app.dialog.getByRole('button', { name: 'Move' }).click();
    await expectToast(page, 'Notebook moved', '“Work” is now in “Home”.');
    await expect(app.item('Notebooks', 'Home')).toHaveAttribute('aria-expanded', 'false');
    await app.item('Notebooks', 'Home').click();
    await app.item('Notebooks', 'Home').press('ArrowRight');
    await expect(app.item('Notebooks', 'Work')).toHaveAttribute('aria-level', '2');
    await app.undo('Notebook moved');
    await expect(app.item('Notebooks', 'Work')).toHaveAttribute('aria-level', '1');

    // A note filed in Work stays when Work is deleted, and comes back into it with Undo.
    await page.getByRole('button', { name: /^All notes/ }).click();
    await app.rows.first().locator('.note-row-main').dragTo(app.item('Notebooks', 'Work'));
    await expectToast(page, 'Note moved', '“Plan” is now in “Work”.');
    await app.menu('Notebooks', 'Work', 'Delete…');
    await expect(app.dialog).toContainText('Its 1 note moves out of any notebook. No note is deleted.');
    await app.dialog.getByRole('button', { name: 'Delete notebook' }).click();
    await expectToast(page, 'Notebook deleted', '“Work” is gone; its 1 note moved out of any notebook.');
    await expect(app.item('Notebooks', 'Work')).toHaveCount(0);
    await expect(app.row('Plan')).toBeVisible();
    await app.undo('Notebook deleted');
    await expect(app.item('Notebooks', 'Work').locator('.tree-count')).toHaveText('1 note');

    const types = (await loggedEvents(page)).map((e) => e.type).filter((t) => t.startsWith('notebook.') || t === 'note.filed');
    expect(types).toEqual([
      'notebook.created',
      'notebook.deleted', // Undo of the first creation
      'notebook.created',
      'notebook.created',
      'notebook.renamed',
      'notebook.renamed', // Undo
      'notebook.moved',
      'notebook.moved', // Undo
      'note.filed',
      'notebook.deleted',
      'notebook.created', // Undo: the same notebook made again under its id
      'note.filed', // and its note filed back
    ]);
    expectNoConsoleErrors(page);
  });

  test('a bad notebook name gets a clear message and changes nothing', async ({ page }) => {
    const app = await openWith(page, library());
    await page.getByRole('button', { name: 'Add notebook' }).click();
    const name = app.dialog.getByRole('textbox', { name: 'Name' });
    const problem = app.dialog.getByRole('alert');
    for (const [typed, message] of [
      ['   ', 'A name needs at least one character.'],
      ['x'.repeat(101), 'A name can have at most 100 characters.'],
      [' work ', 'A notebook named “Work” is already at the top level.'],
    ]) {
      await name.fill(typed);
      await app.dialog.getByRole('button', { name: 'Create' }).click();
      await expect(problem).toHaveText(message);
      await expect(name).toHaveAttribute('aria-invalid', 'true');
    }
    await app.dialog.getByRole('button', { name: 'Cancel' }).click();
    await app.item('Notebooks', 'Work').click();
    await app.item('Notebooks', 'Work').press('ArrowRight');
    await app.menu('Notebooks', 'Projects', 'Move to…');
    const into = app.dialog.getByRole('combobox', { name: 'Into' });
    await expect(into.getByRole('option')).toHaveText(['Top level', 'Home', 'Work']);
    await app.dialog.getByRole('button', { name: 'Cancel' }).click();
    await app.menu('Notebooks', 'Work', 'Move to…');
    await expect(into.getByRole('option')).toHaveText(['Top level', 'Home']);
    await app.dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await loggedEvents(page, 'notebook.created')).toHaveLength(3); // the library's own
    expect(await loggedEvents(page, 'notebook.moved')).toHaveLength(0);
    expectNoConsoleErrors(page);
  });

  test('choosing a notebook lists its notes and its sub-notebooks’, with search, sort and manual order inside it', async ({ page }) => {
    const app = await openWith(page, library());
    await expect(app.item('Notebooks', 'Work').locator('.tree-count')).toHaveText('3 notes');
    await app.item('Notebooks', 'Work').click();
    await expect(app.item('Notebooks', 'Work')).toHaveAttribute('aria-selected', 'true');
    await expect(app.chips.getByText('Work')).toBeVisible();
    await expect.poll(() => app.listTitles()).toEqual(['Gamma', 'Beta', 'Alpha']);

    await page.getByRole('searchbox', { name: 'Search notes' }).fill('a');
    await expect.poll(() => app.listTitles()).toEqual(['Gamma', 'Beta', 'Alpha']);
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('alp');
    await expect.poll(() => app.listTitles()).toEqual(['Alpha']);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('alpha');
    await expect.poll(() => app.listTitles()).toEqual(['Alpha', 'Beta', 'Gamma']);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('current');

    // Gamma's neighbour in the filtered list is Beta: they swap, Delta (between them in the whole list) stays.
    await app.row('Gamma').getByRole('button', { name: 'Move down' }).click();
    await expect.poll(() => app.listTitles()).toEqual(['Beta', 'Gamma', 'Alpha']);
    await app.chips.getByRole('button', { name: 'Remove notebook Work' }).click();
    await expect(app.chips).toHaveCount(0);
    await expect.poll(() => app.listTitles()).toEqual(['Epsilon', 'Beta', 'Delta', 'Gamma', 'Alpha']);

    await app.item('Notebooks', 'Home').click();
    await expect.poll(() => app.listTitles()).toEqual(['Delta']);
    await page.getByRole('button', { name: /^All notes/ }).click();
    await expect.poll(() => app.listTitles()).toHaveLength(5);
    expectNoConsoleErrors(page);
  });

  test('a note made while a notebook is shown goes into it', async ({ page }) => {
    const app = await openWith(page, library());
    await app.item('Notebooks', 'Home').click();
    await app.createNote('Shopping list');
    await expect.poll(() => app.listTitles()).toEqual(['Shopping list', 'Delta']);
    await expect(page.getByRole('button', { name: /^Notebook: Home\./ })).toBeVisible();
    expectNoConsoleErrors(page);
  });

  test('a note is moved by dragging its row onto a notebook, with Undo', async ({ page }) => {
    const app = await openWith(page, library());
    await app.row('Epsilon').locator('.note-row-main').dragTo(app.item('Notebooks', 'Home'));
    await expectToast(page, 'Note moved', '“Epsilon” is now in “Home”.');
    await expect(app.item('Notebooks', 'Home').locator('.tree-count')).toHaveText('2 notes');
    expect((await loggedEvents(page, 'note.filed')).at(-1)?.payload).toMatchObject({ id: noteIdAt(4), notebook: HOME });
    await app.undo('Note moved');
    await expect(app.item('Notebooks', 'Home').locator('.tree-count')).toHaveText('1 note');
    expect((await loggedEvents(page, 'note.filed')).at(-1)?.payload).toMatchObject({ id: noteIdAt(4), notebook: null });
    expectNoConsoleErrors(page);
  });

  test('the keyboard moves a note with the notebook picker (Ctrl+Alt+M), and the picker can make a notebook', async ({ page }) => {
    const app = await openWith(page, library());
    await app.row('Epsilon').locator('.note-row-main').click();
    const picker = page.getByRole('button', { name: /^Notebook: none\./ });
    await expect(picker).toBeVisible();
    await page.keyboard.press('Control+Alt+KeyM');
    const find = page.getByRole('combobox', { name: 'Find a notebook' });
    await expect(find).toBeFocused();
    await page.keyboard.type('proj');
    await expect(page.getByRole('listbox', { name: 'Notebooks' }).getByRole('option')).toHaveText([
      'Work / Projects',
      'Create notebook “proj”',
    ]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Notebook: Work \/ Projects\./ })).toBeFocused();
    await expect(page.locator('.status-message')).toHaveText('Moved to Work / Projects');
    await expect(app.item('Notebooks', 'Work').locator('.tree-count')).toHaveText('4 notes');

    await page.keyboard.press('Enter');
    await page.keyboard.type('Garden');
    await expect(page.getByRole('option', { name: 'Create notebook “Garden”' })).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(app.item('Notebooks', 'Garden').locator('.tree-count')).toHaveText('1 note');
    await expect(page.getByRole('button', { name: /^Notebook: Garden\./ })).toBeVisible();
    expectNoConsoleErrors(page);
  });

  test('the notebook tree follows the WAI-ARIA tree keys', async ({ page }) => {
    const app = await openWith(page, library());
    await app.item('Notebooks', 'Home').focus();
    await page.keyboard.press('ArrowDown');
    await expect(app.item('Notebooks', 'Work')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(app.item('Notebooks', 'Work')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(app.item('Notebooks', 'Projects')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(app.item('Notebooks', 'Work')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(app.item('Notebooks', 'Work')).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Home');
    await expect(app.item('Notebooks', 'Home')).toBeFocused();
    await page.keyboard.press('End');
    await expect(app.item('Notebooks', 'Work')).toBeFocused();
    await page.keyboard.press('h');
    await expect(app.item('Notebooks', 'Home')).toBeFocused();
    await page.keyboard.press('*');
    await expect(app.item('Notebooks', 'Work')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('p');
    await expect(app.item('Notebooks', 'Projects')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(app.chips.getByText('Work / Projects')).toBeVisible();
    await expect.poll(() => app.listTitles()).toEqual(['Gamma']);
    // One Tab stop: Tab leaves the tree.
    await page.keyboard.press('Tab');
    await expect(app.tree('Notebooks').locator(':focus')).toHaveCount(0);
    await app.item('Notebooks', 'Projects').focus();
    await page.keyboard.press('Shift+F10');
    await expect(page.getByRole('menuitem', { name: 'New notebook inside…' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Rename…' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(app.item('Notebooks', 'Projects')).toBeFocused();
    await page.keyboard.press('F2');
    await expect(app.dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Projects');
    await page.keyboard.press('Escape');
    await expect(app.dialog).toHaveCount(0);
    expectNoConsoleErrors(page);
  });

  test('the trees, their menu and a dialog have no serious accessibility violations', async ({ page }) => {
    const app = await openWith(page, library());
    await app.item('Notebooks', 'Work').click();
    await app.item('Notebooks', 'Work').press('ArrowRight');
    expect(await seriousViolations(page, 'nav.sidebar')).toEqual([]);
    await app.item('Notebooks', 'Work').press('Shift+F10');
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page, '.organise-menu')).toEqual([]);
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await expect(app.dialog).toBeVisible();
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    expectNoConsoleErrors(page);
  });
});
