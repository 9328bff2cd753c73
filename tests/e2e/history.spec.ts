import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { storedEvents } from './storedEvents';

/**
 * Note history: the History control lists a note's revisions with their times; choosing
 * one previews it read-only; Restore appends note.revision-restored, so the editor and `note_{id}`
 * show the restored text and the history still lists every revision (never rewritten).
 */

test.describe('note history', () => {
  test('lists revisions with times, previews one read-only, restores it as a new event and keeps every revision', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Plan');
    await app.typeBody('first version');
    await app.waitForSaved();
    await app.typeBody(' then a second thought');
    await app.waitForSavedText('first version then a second thought');
    await page.locator('.editor-title span').dblclick();
    await page.getByRole('textbox', { name: 'Note title' }).fill('Plan B');
    await page.keyboard.press('Enter');
    await expect(page.locator('.editor-title')).toHaveText('Plan B');
    const id = JSON.parse((await app.localStorageKeys()).notes)[0].id as string;
    const eventsBefore = await storedEvents(page);

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const revisions = dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
    // Newest first: the rename to "Plan B", two saves, the first title, the creation; each with its time.
    await expect(revisions).toHaveCount(5);
    await expect(revisions.nth(0)).toContainText('Renamed (current)');
    await expect(revisions.nth(1)).toContainText('Saved');
    await expect(revisions.nth(2)).toContainText('Saved');
    await expect(revisions.nth(3)).toContainText('Renamed');
    await expect(revisions.nth(4)).toContainText('Created');
    for (let i = 0; i < 5; i++) {
      const time = revisions.nth(i).locator('time');
      await expect(time).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
      await expect(time).toHaveText(/\d{1,2}:\d\d/);
    }
    const preview = dialog.getByRole('region', { name: 'Revision preview' });
    await expect(preview).toContainText('Plan B');
    await expect(preview).toContainText('first version then a second thought');
    await expect(dialog.getByRole('button', { name: 'Restore' })).toBeDisabled();

    // The first save: previewed read-only.
    await revisions.nth(2).getByRole('button').click();
    await expect(revisions.nth(2).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    await expect(preview).toContainText('first version');
    await expect(preview).not.toContainText('second thought');
    await expect(preview.getByRole('heading')).toHaveText('Plan');
    expect(
      await preview.evaluate(
        (el) => (el as HTMLElement).isContentEditable || el.querySelector('[contenteditable="true"], input, textarea') !== null,
      ),
    ).toBe(false);
    await preview.click();
    await page.keyboard.type('typed into the preview');
    await expect(preview).not.toContainText('typed into the preview');

    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(app.status).toHaveText('Revision restored');
    await expect(app.editor).toHaveText('first version');
    // Restored here, so no "changed elsewhere" notice.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'changed elsewhere' })).toHaveCount(0);
    await expect(page.locator('.editor-title')).toHaveText('Plan');
    // The localStorage copy follows in a task after the event: wait until the restored text replaced the later one.
    await expect.poll(async () => (await app.localStorageKeys())[`note_${id}`]).not.toContain('second thought');
    expect((await app.localStorageKeys())[`note_${id}`]).toContain('first version');

    // One new event, appended after everything that was there; nothing before it changed.
    const eventsAfter = await storedEvents(page);
    expect(eventsAfter.slice(0, eventsBefore.length)).toEqual(eventsBefore);
    const added = eventsAfter.slice(eventsBefore.length).filter((e) => e.payload.id === id);
    expect(added.map((e) => e.type)).toContain('note.revision-restored');
    const restored = added.find((e) => e.type === 'note.revision-restored')!;
    // The first save: the whole body, or a change once the note's change model is ready (docs/architecture.md "Saves as changes").
    const firstSave = eventsBefore.filter((e) => (e.type === 'note.body-saved' || e.type === 'note.changed') && e.payload.id === id)[0];
    expect(restored.payload).toMatchObject({ id, fromSeq: firstSave.seq, title: 'Plan' });
    expect(restored.payload.html).toContain('first version');
    expect(restored.payload.html).not.toContain('second thought');

    // The history still lists everything, the restore on top, and the overwritten text can still be previewed.
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(revisions).toHaveCount(6);
    await expect(revisions.nth(0)).toContainText('Restored (current)');
    await revisions.nth(2).getByRole('button').click();
    await expect(preview).toContainText('first version then a second thought');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.locator('.editor-title')).toHaveText('Plan');
    await expect(app.editor).toHaveText('first version');
    expectNoConsoleErrors(page);
  });

  test('a restored revision keeps its formatting in the editor', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Formatted');
    await app.typeBody('bold words');
    await page.keyboard.press('Shift+Home');
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('bold words');
    await app.settle();
    await page.keyboard.press('Control+b');
    await expect(app.editor.locator('strong')).toHaveText('bold words');
    await app.waitForSaved();
    await page.keyboard.press('End');
    await app.typeBody(' and more');
    // (The first save's "Note saved!" may still show: wait for the second save itself.)
    await app.waitForSavedText('and more');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const revisions = dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
    await expect(revisions).toHaveCount(4);
    await revisions.nth(1).getByRole('button').click();
    await expect(dialog.getByRole('region', { name: 'Revision preview' }).locator('strong')).toHaveText('bold words');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(app.editor).toHaveText('bold words');
    await expect(app.editor.locator('strong')).toHaveText('bold words');
    expectNoConsoleErrors(page);
  });
});
