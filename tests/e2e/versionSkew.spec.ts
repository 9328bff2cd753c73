import { EVENT_SCHEMA_VERSION } from '../../catalog/envelope';
import { expect, expectNoConsoleErrors, test, trackConsoleErrors } from './fixtures';
import { NotesPage } from './notesPage';
import { addStoredRecords, storedEvents } from './storedEvents';

/**
 * Versions and tabs (docs/architecture.md "Versions and tabs"): a tab of an older build that meets
 * a newer build's events keeps them in the log, stops writing and says so with Reload; tabs that
 * start while another appends lose nothing.
 */

const NOTICE = 'NotePad was updated elsewhere';
const NEWER = EVENT_SCHEMA_VERSION + 1;

/** A record as a newer build would write it: a version and a payload shape this build does not know. */
const newerRecord = (noteId: string) => ({
  v: NEWER,
  id: 'f0000000-0000-4000-8000-000000000001',
  at: new Date().toISOString(),
  type: 'note.body-saved',
  payload: { id: noteId, html: '<p>written by a newer NotePad</p>', base: 'rev-1', shape: { of: 'the future' } },
});

test.describe('versions and tabs', () => {
  test('a newer build’s event stays in the log across reloads, the tab says so with Reload, and appends nothing', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Written before');
    await app.typeBody('older text');
    await app.waitForSavedText('older text');
    const noteId = (await storedEvents(page)).find((e) => e.type === 'note.created')!.payload.id as string;
    await addStoredRecords(page, [newerRecord(noteId)]);
    const before = await storedEvents(page);
    const keysBefore = await app.localStorageKeys();

    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      const notice = page.locator('[data-sonner-toast]').filter({ hasText: NOTICE });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
      // What this build can fold is still shown, read-only.
      await expect(app.row('Written before')).toBeVisible();
      await expect(app.editor).toContainText('older text');
      await expect(app.editor).toHaveAttribute('contenteditable', 'false');
      await expect(app.sidebar).toHaveAttribute('inert', '');
      // Trying to type or add a note changes nothing.
      await app.editor.click({ force: true });
      await page.keyboard.type('typed into the old tab');
      await page.keyboard.press('Control+Alt+n');
      await expect(app.editor).not.toContainText('typed into the old tab');
    }
    // The newer record is still there, untouched, and nothing was appended or mirrored.
    expect(await storedEvents(page)).toEqual(before);
    expect((await storedEvents(page)).at(-1)).toMatchObject({ v: NEWER, payload: { shape: { of: 'the future' } } });
    expect(await app.localStorageKeys()).toEqual(keysBefore);
    expectNoConsoleErrors(page);
  });

  test('a tab told by another tab that a newer build runs stops saving, and its unsaved text waits in the journal', async ({
    page,
    context,
  }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Shared');
    await app.typeBody('saved first');
    await app.waitForSavedText('saved first');
    const eventsBefore = (await storedEvents(page)).length;
    await app.typeBody(' and typed just before the update');

    // Another tab of a newer build starts: it announces its schema version on the log's channel.
    const newerTab = await context.newPage();
    // A blank page of the app's origin, answered by the browser: the channel is per origin.
    await newerTab.route('**/__newer-build__', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>newer</title>' }),
    );
    await newerTab.goto('/__newer-build__');
    await newerTab.evaluate((version) => new BroadcastChannel('notepad-log').postMessage({ type: 'hello', schemaVersion: version }), NEWER);

    await expect(page.locator('[data-sonner-toast]').filter({ hasText: NOTICE })).toBeVisible();
    await expect(app.editor).toHaveAttribute('contenteditable', 'false');
    // The edit was captured but not written: it waits for the newer build.
    await page.waitForTimeout(2500);
    expect(await storedEvents(page)).toHaveLength(eventsBefore);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    const journal = await page.evaluate(() => localStorage.getItem('notepad:journal'));
    expect(journal).toContain('typed just before the update');
    expectNoConsoleErrors(page);
  });

  test('a tab that starts while another appends ends with every note the other made', async ({ page, context }) => {
    const writer = new NotesPage(page);
    await writer.open();
    const titles = Array.from({ length: 8 }, (_, i) => `Note ${i + 1}`);
    const reader = await context.newPage();
    trackConsoleErrors(reader);
    const readerApp = new NotesPage(reader);
    // The second tab starts in the middle of the first tab's appends.
    const writing = (async () => {
      for (const title of titles) await writer.createNote(title);
    })();
    await page.waitForTimeout(300);
    await readerApp.open();
    await writing;
    await expect(readerApp.rows).toHaveCount(titles.length);
    await expect(readerApp.rowTitleTexts).toHaveText([...titles].reverse());
    expect(await readerApp.localStorageKeys()).toEqual(await writer.localStorageKeys());
    expectNoConsoleErrors(page);
    expectNoConsoleErrors(reader);
  });
});
