import { expect, test } from '@playwright/test';
import { NotesPage } from './notesPage';

test.describe('keyboard shortcuts', () => {
  test('create a note, move between notes, focus search, toggle the sidebar and analytics from the keyboard', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await page.keyboard.press('Control+Alt+KeyN');
    await page.getByRole('textbox', { name: 'Note title' }).fill('Second');
    await page.keyboard.press('Enter');
    await app.createNote('Third');
    await page.locator('body').click({ position: { x: 600, y: 400 } });
    await expect(app.rowTitleTexts).toHaveText(['Third', 'Second']);
    await page.keyboard.press('Control+Alt+ArrowDown');
    await expect(page.locator('.editor-title')).toHaveText('Second');
    await page.keyboard.press('Control+Alt+ArrowUp');
    await expect(page.locator('.editor-title')).toHaveText('Third');
    await page.keyboard.press('Control+Alt+KeyF');
    await expect(page.getByRole('searchbox', { name: 'Search notes' })).toBeFocused();
    await page.keyboard.press('Control+Backslash');
    await expect(app.sidebar).toHaveCount(0);
    await page.keyboard.press('Control+Backslash');
    await expect(app.sidebar).toBeVisible();
    await page.keyboard.press('Control+Alt+KeyA');
    await expect(page.locator('.editor-pane')).toHaveCount(0);
    await page.keyboard.press('Control+Alt+KeyA');
    await expect(page.locator('.editor-pane')).toBeVisible();
  });

  test('"?" opens the shortcuts dialog listing every shortcut, and Escape closes it', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    for (const label of [
      'New note',
      'Search notes',
      'Next note',
      'Previous note',
      'Show or hide the sidebar',
      'Show or hide analytics',
      'Bold',
      'Save',
    ]) {
      await expect(dialog.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(dialog).toBeVisible();
  });

  test('typing "?" or "/" in a note does not trigger shortcuts', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Typing');
    await app.typeBody('why? a/b');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(app.editor).toContainText('why? a/b');
  });
});
