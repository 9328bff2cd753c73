import type { Locator, Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * Dialogs: the keyboard shortcuts, note history and event log import dialogs
 * take focus when they open, keep Tab and Shift+Tab inside, close on Escape, and give focus back
 * to the control that opened them.
 */

/** Tab and Shift+Tab around the dialog more times than it has controls; focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const controls = await dialog.evaluate(
    (d) => d.querySelectorAll('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])').length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press(key);
      const where = await dialog.evaluate((d) => ({
        inside: d.contains(document.activeElement),
        at: document.activeElement?.outerHTML.slice(0, 80),
      }));
      expect(where.inside, `${key} #${i + 1} moved focus to ${where.at}`).toBe(true);
    }
  }
}

/** A valid exported log with one note, as "Export event log" writes it. */
function logFile(title: string): string {
  const at = '2026-11-20T10:00:00.000Z';
  return JSON.stringify({
    format: 'notepad-event-log',
    version: 1,
    exportedAt: at,
    schemaVersion: 1,
    snapshot: null,
    events: [
      { v: 1, seq: 1, id: '11111111-1111-4111-8111-111111111111', at, type: 'note.created', payload: { id: '1700000000001', title } },
    ],
  });
}

test.describe('dialogs', () => {
  test('the keyboard shortcuts dialog traps focus, closes on Escape and gives focus back', async ({ page }) => {
    await new NotesPage(page).open();
    const opener = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    // Close works too, and "?" opens it again from the keyboard.
    await page.keyboard.press('Shift+Slash');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    expectNoConsoleErrors(page);
  });

  test('the history dialog traps focus, closes on Escape and gives focus back', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('With history');
    await app.typeBody('first words');
    await app.waitForSaved();
    const opener = page.getByRole('button', { name: 'History', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    await expect(dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem')).not.toHaveCount(0);
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    expectNoConsoleErrors(page);
  });

  test('the event log import dialog traps focus, closes on Escape without importing, and gives focus back', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Mine');
    await page.getByText('Event log', { exact: true }).click();
    const opener = page.getByRole('button', { name: 'Import event log' });
    await opener.focus();
    await page
      .getByLabel('Event log file')
      .setInputFiles({ name: 'log.json', mimeType: 'application/json', buffer: Buffer.from(logFile('From the file')) });
    const dialog = page.getByRole('dialog', { name: 'Import event log' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Replace my notes' })).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(app.rowTitleTexts).toHaveText(['Mine']);
    expectNoConsoleErrors(page);
  });
});
