import { expect, test } from '@playwright/test';
import { openBareOriginPage } from './fixtures';
import { NotesPage } from './notesPage';
import { addStoredRecords } from './storedEvents';

test.describe('durability and tabs', () => {
  test('a note created in one tab shows in another tab within a second, without reload', async ({ page, context }) => {
    const first = new NotesPage(page);
    await first.open();
    const second = new NotesPage(await context.newPage());
    await second.open();
    await first.createNote('From tab one');
    await expect(second.row('From tab one')).toBeVisible({ timeout: 1000 });
    await expect(second.page.locator('.editor-title')).toHaveText('No note selected');
  });

  test('a body saved in one tab appears in the other tab showing the same note', async ({ page, context }) => {
    const first = new NotesPage(page);
    await first.open();
    await first.createNote('Shared');
    const second = new NotesPage(await context.newPage());
    await second.open();
    await second.row('Shared').locator('.note-row-main').click();
    await first.typeBody('written in tab one');
    await first.waitForSaved();
    await expect(second.editor).toContainText('written in tab one');
  });

  test('a reload 100 ms after typing loses nothing', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Quick');
    await app.typeBody('typed right before the reload');
    await page.waitForTimeout(100);
    await page.reload();
    await expect(page.locator('.editor-title')).toHaveText('Quick');
    await expect(app.editor).toContainText('typed right before the reload');
  });

  test('text the last page only journaled is in the editor after a reload, and typing goes after it', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Journaled');
    await app.typeBody('durable text');
    await app.waitForSavedText('durable text');
    // What page hide leaves when a save's IndexedDB write did not complete: the save only in the
    // journal (localStorage). Start-up reads it after the first paint; the editor must wait for it.
    await page.evaluate(() => {
      const id = Object.keys(localStorage)
        .find((key) => key.startsWith('note_'))!
        .slice('note_'.length);
      const save = {
        v: 1,
        id: crypto.randomUUID(),
        at: new Date().toISOString(),
        type: 'note.body-saved',
        payload: { id, html: '<p>durable text, journaled text</p>' },
      };
      localStorage.setItem('notepad:journal', JSON.stringify([save]));
    });
    await page.reload();
    await expect(app.editor).toContainText('durable text, journaled text');
    await app.typeBody(' and more');
    await app.waitForSavedText('durable text, journaled text and more');
    await page.reload();
    await expect(app.editor).toContainText('durable text, journaled text and more');
    expect((await app.localStorageKeys())['notepad:journal']).toBeUndefined();
  });

  test('a corrupt log entry is set aside with a notice and does not stop start-up', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Survivor');
    await addStoredRecords(page, [
      { v: 1, id: 'corrupt-0001', at: 'not a time', type: 'note.created', payload: 42 },
      { v: 1, id: 'corrupt-0002', at: new Date().toISOString(), type: 'note.exploded', payload: {} },
    ]);
    await page.reload();
    await expect(app.row('Survivor')).toBeVisible();
    await expect(page.getByText('Some saved data could not be read')).toBeVisible();
    await app.createNote('Still works');
    await page.reload();
    await expect(app.rows).toHaveCount(2);
    await expect(page.getByText('Some saved data could not be read')).toHaveCount(0);
  });

  test('notes the original app left in localStorage are imported, sanitized, and nothing is deleted', async ({ page }) => {
    await openBareOriginPage(page);
    await page.evaluate(() => {
      localStorage.setItem(
        'notes',
        JSON.stringify([
          { id: '1700000000002', title: 'Legacy meeting', modified: '2026-11-01T09:00:00.000Z' },
          { id: '1700000000001', title: 'Legacy list', modified: '2026-10-01T09:00:00.000Z' },
        ]),
      );
      localStorage.setItem(
        'note_1700000000002',
        '<div><b>Agenda</b> for <font color="#9b87f5">Monday</font></div><img src="x" onerror="window.__xss=1"><span class="follow-up bg-yellow-200">call Ana</span>',
      );
      localStorage.setItem('note_1700000000001', '<ul><li>one</li><li>two</li></ul>');
      localStorage.setItem('linkedNotes', JSON.stringify(['1700000000001']));
    });
    const app = new NotesPage(page);
    await app.open();
    await expect(app.rowTitleTexts).toHaveText(['Legacy meeting', 'Legacy list']);
    await app.row('Legacy meeting').locator('.note-row-main').click();
    await expect(app.editor).toContainText('Agenda for Monday');
    await expect(app.editor.locator('strong, b').first()).toHaveText('Agenda');
    await expect(app.editor.locator('.follow-up')).toHaveText('call Ana');
    await expect(app.row('Legacy list').getByRole('button', { name: 'Unstar' })).toBeVisible();
    const keys = await app.localStorageKeys();
    expect(keys.note_1700000000001).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(keys.note_1700000000002).not.toContain('onerror');
    expect(keys.note_1700000000002).toContain('call Ana');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await page.reload();
    // The list renders once the log is folded; reading it at once would read an empty page.
    await expect.poll(() => app.rowTitles()).toEqual(['Legacy meeting', 'Legacy list']);
  });
});
