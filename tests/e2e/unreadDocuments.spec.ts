import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { derivedEntry } from './storedDerived';

/**
 * Documents read by note (docs/architecture.md "Snapshots", "Start-up order"): a start from a
 * snapshot reads only the selected note's document; a note opened before the background read of the
 * others reached it is shown read-only until its document is read, then shown and editable, and what
 * is typed in it is kept.
 */

/** How many document records the log holds (the snapshot's documents, by key). */
function storedDocuments(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('notepad-log');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('documents').objectStore('documents').count();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

test('a note a start left unread opens, turns editable once read, and keeps what is typed in it', async ({ page }) => {
  // While set, no idle callback runs: the background read of every document waits, so the note is opened unread.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-no-idle') === 'yes') window.requestIdleCallback = () => 0;
  });
  const app = new NotesPage(page);
  await app.open();
  await app.createNote('Alpha');
  await app.typeBody('alpha text');
  await app.waitForSavedText('alpha text');
  await app.createNote('Beta');
  await app.typeBody('beta text');
  await app.waitForSavedText('beta text');

  // A snapshot of both notes: the compaction a start runs once a day writes one.
  await page.evaluate(() => localStorage.removeItem('notepad:compacted-at'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('notepad:compacted-at'))).not.toBeNull();
  expect(await storedDocuments(page)).toBeGreaterThanOrEqual(2);

  // The search index stored for the next start holds both notes' words.
  await expect
    .poll(async () => (await derivedEntry<{ tokens: string }>(page, 'search-index'))?.tokens.split('\n') ?? [], { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['alpha', 'beta', 'text']));

  // The next start reads the selected note (Beta) only.
  await page.evaluate(() => sessionStorage.setItem('e2e-no-idle', 'yes'));
  await page.reload();
  await expect(app.editor).toContainText('beta text');
  // A word only the bodies hold finds both notes: the stored index answers for the one not read.
  const search = page.getByRole('searchbox', { name: 'Search notes' });
  await search.fill('text');
  await expect(app.rows).toHaveCount(2);
  await search.fill('');
  // The dashboard counts the note not read from its HTML: "alpha text" and "beta text".
  await page.getByRole('button', { name: 'Analytics' }).click();
  await expect(
    page
      .locator('.dashboard-card')
      .filter({ has: page.locator('dt', { hasText: 'Total Words' }) })
      .locator('dd'),
  ).toHaveText('4');
  await page.getByRole('button', { name: 'Close analytics' }).click();
  await app.row('Alpha').click();
  await expect(app.editor).toContainText('alpha text');
  await expect(app.editor).toHaveAttribute('contenteditable', 'true');
  await app.typeBody(' and more');
  await app.waitForSavedText('alpha text and more');

  await page.reload();
  await app.row('Alpha').click();
  await expect(app.editor).toContainText('alpha text and more');
  await expect(app.editor).toHaveAttribute('contenteditable', 'true');
  expectNoConsoleErrors(page);
});
