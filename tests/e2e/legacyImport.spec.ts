import { test, expect, expectNoConsoleErrors, openBareOriginPage } from './fixtures';
import { NotesPage } from './notesPage';
import { storedEvents } from './storedEvents';
import { importProgress } from './importPage';

/*
 * The original app's notes on the first start (docs/architecture.md "Legacy import"): they come in
 * after the log is editable, with progress shown, a note can be opened meanwhile, and a page closed
 * half-way loses and doubles nothing: the next start carries on with what the log lacks.
 */

const COUNT = 10_000;
const id = (i: number) => String(1_600_000_000_000 + i);

test.describe('the original app’s notes', () => {
  test('10,000 notes come in after start: a note opens meanwhile, a reload half-way loses and doubles nothing', async ({ page }) => {
    test.setTimeout(180_000);
    await openBareOriginPage(page);
    await page.evaluate(
      ({ count, first }) => {
        const notes = Array.from({ length: count }, (_, i) => ({
          id: String(first + i),
          title: `Legacy ${i}`,
          modified: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        }));
        localStorage.setItem('notes', JSON.stringify(notes));
        for (let i = 0; i < count; i++) {
          localStorage.setItem(`note_${first + i}`, `<p>Body of legacy note ${i}, written by the original app with a few more words.</p>`);
        }
        localStorage.setItem('linkedNotes', JSON.stringify([String(first + 1)]));
      },
      { count: COUNT, first: Number(id(0)) },
    );
    const before = await page.evaluate(() => ({
      notes: localStorage.getItem('notes'),
      last: localStorage.getItem(`note_${1_600_000_009_999}`),
    }));

    const app = new NotesPage(page);
    await app.open();
    const progress = importProgress(page);
    await expect(progress).toHaveAccessibleName(/^Importing [\d,]+ of 10,000 notes…$/);
    // A note opens while the rest is still coming in.
    await app.row('Legacy 0').locator('.note-row-title').click();
    await expect(app.editor).toContainText('Body of legacy note 0');
    await expect(progress).toBeVisible();
    // While the import runs nothing rewrites the original app's keys.
    expect(await page.evaluate(() => localStorage.getItem('notes'))).toBe(before.notes);

    await page.reload();
    await expect(app.rowTitleTexts.first()).toHaveText('Legacy 0');
    // The second start carries on with what the log lacks, until every note is in, each once.
    const importedIds = async () => (await storedEvents(page)).filter((e) => e.type === 'note.imported').map((e) => e.payload.id as string);
    await expect.poll(async () => (await importedIds()).length, { timeout: 120_000 }).toBeGreaterThanOrEqual(COUNT);
    const imported = await importedIds();
    expect(imported).toHaveLength(COUNT);
    expect(new Set(imported).size).toBe(COUNT);
    await expect(progress).toHaveCount(0);
    // Then the mirror runs: a new note joins the original app's list, whose notes are all still there.
    await app.createNote('After the import');
    await expect.poll(async () => JSON.parse((await app.localStorageKeys()).notes).length).toBe(COUNT + 1);
    const keys = await app.localStorageKeys();
    expect(keys[`note_${id(COUNT - 1)}`]).toBe(before.last);
    expect(JSON.parse(keys.linkedNotes)).toEqual([id(1)]);
    expectNoConsoleErrors(page);
  });
});
