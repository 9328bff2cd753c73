import { test, expect, expectNoConsoleErrors } from './fixtures';
import { noteIdAt, notesTitled, openWith, type SeedEvent } from './organisePage';

const WORK = 'nb-work-00000001';
const PROJECTS = 'nb-proj-00000001';

/** Three notes: Plan in Work / Projects tagged urgent and q3, Launch in Work tagged q3, Errands in none. */
const library = (): SeedEvent[] => [
  ...notesTitled(['Errands', 'Launch', 'Plan']),
  { type: 'notebook.created', payload: { notebook: WORK, name: 'Work', parent: null } },
  { type: 'notebook.created', payload: { notebook: PROJECTS, name: 'Projects', parent: WORK } },
  { type: 'note.filed', payload: { id: noteIdAt(2), notebook: PROJECTS } },
  { type: 'note.filed', payload: { id: noteIdAt(1), notebook: WORK } },
  { type: 'note.tagged', payload: { id: noteIdAt(2), tag: 'urgent' } },
  { type: 'note.tagged', payload: { id: noteIdAt(2), tag: 'q3' } },
  { type: 'note.tagged', payload: { id: noteIdAt(1), tag: 'q3' } },
  { type: 'note.untagged', payload: { id: noteIdAt(2), tag: 'urgent' } },
];

test.describe('Notebooks and tags elsewhere', () => {
  test('the dashboard shows notes per notebook and the most used tags as bars', async ({ page }) => {
    const app = await openWith(page, library());
    await page.getByRole('button', { name: 'Analytics' }).click();
    const notebooks = page.getByRole('region', { name: 'Notes per Notebook' });
    await expect(notebooks.locator('[aria-label="Work: 2 notes"]')).toBeVisible();
    await expect(notebooks.locator('[aria-label="No notebook: 1 note"]')).toBeVisible();
    const tags = page.getByRole('region', { name: 'Most Used Tags' });
    await expect(tags.locator('[aria-label="q3: 2 notes"]')).toBeVisible();
    await expect(tags.locator('[aria-label^="urgent"]')).toHaveCount(0);

    // The bars follow a change made beside the open dashboard.
    await app.row('Errands').locator('.note-row-main').dragTo(app.item('Tags', 'q3'));
    await expect(tags.locator('[aria-label="q3: 3 notes"]')).toBeVisible();
    expectNoConsoleErrors(page);
  });

  test('a note’s History lists its moves and tag changes', async ({ page }) => {
    const app = await openWith(page, library());
    await app.row('Plan').locator('.note-row-main').click();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const labels = page.getByRole('dialog', { name: 'History' }).locator('.history-list button > span:first-child');
    await expect(labels).toHaveText([
      'Untagged “urgent” (current)',
      'Tagged “q3”',
      'Tagged “urgent”',
      'Moved to Work / Projects',
      'Created',
    ]);
    expectNoConsoleErrors(page);
  });

  test('the replay view shows the notebooks and tags at each step', async ({ page }) => {
    await openWith(page, library());
    await page.getByText('Event log', { exact: true }).click();
    await page.getByRole('button', { name: 'Replay event log' }).click();
    const notebooks = page.getByRole('region', { name: 'Notebooks at this step' });
    const tags = page.getByRole('region', { name: 'Tags at this step' });
    await expect(notebooks.getByRole('listitem')).toHaveText(['Work 2 notes', 'Work / Projects 1 note']);
    await expect(tags.getByRole('listitem')).toHaveText(['#q3 2 notes', '#urgent 0 notes']);
    await page.getByRole('button', { name: 'Go to start' }).click();
    await expect(notebooks).toContainText('none');
    await page
      .getByRole('button', { name: /notebook.created/ })
      .first()
      .click();
    await expect(notebooks.getByRole('listitem')).toHaveText(['Work 0 notes']);
    await expect(tags).toContainText('none');
    expectNoConsoleErrors(page);
  });
});
