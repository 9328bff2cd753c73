import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import {
  collapseSelection,
  expectLogged,
  expectSaved,
  expectToast,
  header,
  loggedEvents,
  openNewNote,
  selectText,
  toolbar,
} from './editorHelpers';

/** Build the note used by most tests: a title, a bold word, a bullet list. */
async function groceries(page: Page) {
  const app = await openNewNote(page, 'Groceries');
  await app.typeBody('Milk and eggs');
  await page.keyboard.press('Enter');
  await page.keyboard.type('bread');
  await toolbar(page).getByRole('button', { name: 'Bullet list' }).click();
  await expect(app.editor.locator('[data-content-type="bulletListItem"]')).toHaveText('bread');
  await selectText(app, 'Milk');
  await page.keyboard.press('Control+b');
  await expect(app.editor.locator('strong')).toHaveText('Milk');
  // Leave the caret at the end with nothing selected.
  await collapseSelection(app);
  await app.typeBody('');
  await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe('');
  return app;
}

const fileText = async (download: Download) => readFileSync(await download.path(), 'utf8');

/** Google Calendar's UTC stamp of the next full local hour after `time`. */
function nextHourStamps(time: number): string {
  const start = new Date(time);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const end = new Date(start.getTime());
  end.setHours(end.getHours() + 1);
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return `${stamp(start)}/${stamp(end)}`;
}

test.describe('editor header actions', () => {
  test("with no note selected, every note action is disabled and New Tab opens the app's own address", async ({
    page,
    context,
    baseURL,
  }) => {
    const app = new NotesPage(page);
    await app.open();
    await expect(page.locator('.editor-title')).toHaveText('No note selected');
    for (const name of ['Export', 'Star', 'Copy', 'Download', 'Send by e-mail', 'Save to calendar', 'Create task', 'Save']) {
      await expect(header(page).getByRole('button', { name, exact: true })).toBeDisabled();
    }
    const opened = context.waitForEvent('page');
    await header(page).getByRole('button', { name: 'New Tab' }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${baseURL}/`);
    await expect(tab.getByRole('button', { name: 'New Note' })).toBeVisible();
  });

  test('New Tab with a note open is logged', async ({ page, context, baseURL }) => {
    await openNewNote(page, 'Tabs');
    const opened = context.waitForEvent('page');
    await header(page).getByRole('button', { name: 'New Tab' }).click();
    expect((await opened).url()).toMatch(new RegExp(`^${baseURL}/`));
    await expectLogged(page, 'editor.command', { command: 'new-tab' });
  });

  test('Copy puts the title, a blank line and the body text on the clipboard, with "Copied to clipboard!" and the success toast', async ({
    page,
  }) => {
    await groceries(page);
    await header(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.locator('.status-message')).toHaveText('Copied to clipboard!');
    await expectToast(page, 'Copied to clipboard', 'Note content has been copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Groceries\n\nMilk and eggs\n• bread');
    await expectLogged(page, 'note.copied');
    expectNoConsoleErrors(page);
  });

  test('a refused copy shows "Failed to copy" / "Please try again" in the destructive style and logs nothing', async ({ page }) => {
    // The browser's own refusal (no permission, page not focused) stands in here.
    await page.addInitScript(() => {
      Clipboard.prototype.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await groceries(page);
    await header(page).getByRole('button', { name: 'Copy', exact: true }).click();
    const toast = await expectToast(page, 'Failed to copy', 'Please try again');
    await expect(toast).toHaveAttribute('data-type', 'error');
    await expect(page.locator('.status-message')).not.toHaveText('Copied to clipboard!');
    expect(await loggedEvents(page, 'note.copied')).toEqual([]);
  });

  test('Download saves the note as a standalone HTML file named after it, with "Note downloaded!"', async ({ page }) => {
    await groceries(page);
    const download = page.waitForEvent('download');
    await header(page).getByRole('button', { name: 'Download', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Groceries.html');
    const html = await fileText(file);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<title>Groceries</title>');
    expect(html).toContain('<h1>Groceries</h1>');
    expect(html).toContain('<strong>Milk</strong>');
    expect(html).toMatch(/<li[^>]*>.*bread/);
    await expectToast(page, 'Note downloaded!');
    await expectLogged(page, 'note.downloaded');
  });

  test('Export downloads HTML, Markdown and plain text files named after the note, and PDF opens the print dialogue', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __printed: string[] }).__printed = [];
      window.print = () => void (window as unknown as { __printed: string[] }).__printed.push(document.title);
    });
    await groceries(page);
    const exportAs = async (format: string) => {
      await header(page).getByRole('button', { name: 'Export' }).click();
      const menu = page.getByRole('menu', { name: 'Export' });
      await expect(menu.getByRole('menuitem')).toHaveText(['HTML', 'Markdown', 'Plain text', 'PDF']);
      await menu.getByRole('menuitem', { name: format, exact: true }).click();
    };
    const files: Record<string, string> = {};
    for (const [format, name] of [
      ['HTML', 'Groceries.html'],
      ['Markdown', 'Groceries.md'],
      ['Plain text', 'Groceries.txt'],
    ]) {
      const download = page.waitForEvent('download');
      await exportAs(format);
      const file = await download;
      expect(file.suggestedFilename()).toBe(name);
      files[format] = await fileText(file);
      await expectToast(page, `Exported as ${format}`, name);
    }
    expect(files.HTML).toContain('<title>Groceries</title>');
    expect(files.HTML).toContain('<strong>Milk</strong>');
    expect(files.Markdown).toMatch(/\*\*Milk\*\* and eggs/);
    expect(files.Markdown).toMatch(/^[*-] +bread$/m);
    expect(files['Plain text']).toBe('Milk and eggs\n• bread\n');

    const title = await page.title();
    await exportAs('PDF');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: string[] }).__printed)).toEqual(['Groceries']);
    expect(await page.title()).toBe(title);
    // The print stylesheet shows the note only.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Notes' })).toBeHidden();
    await expect(toolbar(page)).toBeHidden();
    await expect(header(page).getByRole('button', { name: 'Export' })).toBeHidden();
    await expect(page.locator('.editor-title')).toHaveText('Groceries');
    await expect(page.locator('.bn-editor')).toContainText('Milk and eggs');
    await page.emulateMedia({ media: 'screen' });

    for (const format of ['html', 'markdown', 'text', 'pdf']) await expectLogged(page, 'note.exported', { format });
  });

  test('Send by e-mail opens a mail draft with subject "NotePad Note: {title}" and the body text', async ({ page }) => {
    // The mail client is outside the browser: the page records the mailto: address it hands over.
    await page.addInitScript(() => {
      const w = window as unknown as { __mailto: string[] };
      w.__mailto = [];
      document.addEventListener(
        'click',
        (event) => {
          const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[href^="mailto:"]');
          if (!link) return;
          event.preventDefault();
          w.__mailto.push(link.href);
        },
        true,
      );
    });
    await groceries(page);
    await header(page).getByRole('button', { name: 'Send by e-mail' }).click();
    await expectToast(page, 'Email client opened', 'Your note has been prepared for email.');
    const [mailto] = await page.evaluate(() => (window as unknown as { __mailto: string[] }).__mailto);
    expect(mailto.startsWith('mailto:?')).toBe(true);
    const query = new URLSearchParams(mailto.slice('mailto:?'.length));
    expect(query.get('subject')).toBe('NotePad Note: Groceries');
    expect(query.get('body')).toBe('Milk and eggs\n• bread');
    await expectLogged(page, 'note.emailed');
    expect(page.url()).toMatch(/\/$/);
  });

  test('Save to calendar opens Google Calendar in a new tab with the title, the whole note or the selection, and the next full hour', async ({
    page,
    context,
  }) => {
    await context.route('https://calendar.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Calendar</title>' }),
    );
    const app = await groceries(page);
    const open = async () => {
      const before = Date.now();
      const opened = context.waitForEvent('page');
      await header(page).getByRole('button', { name: 'Save to calendar' }).click();
      const tab = await opened;
      await tab.waitForLoadState();
      const url = new URL(tab.url());
      const after = Date.now();
      await tab.close();
      return { url, dates: [nextHourStamps(before), nextHourStamps(after)] };
    };
    const whole = await open();
    expect(whole.url.origin + whole.url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(whole.url.searchParams.get('action')).toBe('TEMPLATE');
    expect(whole.url.searchParams.get('text')).toBe('Groceries');
    expect(whole.url.searchParams.get('details')).toBe('Milk and eggs\n• bread');
    expect(whole.dates).toContain(whole.url.searchParams.get('dates'));
    await expectToast(page, 'Calendar opened', 'Your note has been prepared as a calendar event.');

    await selectText(app, 'and eggs');
    const part = await open();
    expect(part.url.searchParams.get('details')).toBe('and eggs');
    await expect.poll(async () => (await loggedEvents(page, 'note.calendar-opened')).length).toBe(2);
  });

  test('Create task needs highlighted text, then opens the task tool with meetingname, task, details, priority and taskdate', async ({
    page,
    context,
  }) => {
    await context.route('https://tasks.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Tasks</title>' }),
    );
    const app = await groceries(page);
    let opened = 0;
    context.on('page', () => void (opened += 1));
    await header(page).getByRole('button', { name: 'Create task' }).click();
    await expectToast(page, 'Please highlight the text you want to convert to a task.');
    expect(opened).toBe(0);

    await selectText(app, 'eggs');
    const tabOpened = context.waitForEvent('page');
    const day = () => new Date().toLocaleDateString('en-CA');
    const before = day();
    await header(page).getByRole('button', { name: 'Create task' }).click();
    const tab = await tabOpened;
    await tab.waitForLoadState();
    const url = new URL(tab.url());
    expect(url.origin + url.pathname).toBe('https://tasks.example.com/new');
    const fields = Object.fromEntries(url.searchParams);
    expect([before, day()]).toContain(fields.taskdate);
    expect(fields).toEqual({
      meetingname: 'Groceries',
      task: 'eggs',
      details: 'From NotePad',
      priority: 'medium',
      taskdate: fields.taskdate,
    });
    expect(fields.taskdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expectToast(page, 'Task created');
    await expectLogged(page, 'task.created', { task: 'eggs' });

    // The toolbar's Create task does the same.
    await selectText(app, 'Milk');
    const again = context.waitForEvent('page');
    await toolbar(page).getByRole('button', { name: 'Create task' }).click();
    expect(new URL((await again).url()).searchParams.get('task')).toBe('Milk');
  });

  test('Star and Unstar in the header follow the note, with their messages', async ({ page }) => {
    await openNewNote(page, 'Starry');
    await header(page).getByRole('button', { name: 'Star', exact: true }).click();
    await expect(page.locator('.status-message')).toHaveText('Note starred');
    await expect(toolbar(page).getByRole('button', { name: 'Unstar' })).toBeVisible();
    await header(page).getByRole('button', { name: 'Unstar' }).click();
    await expect(page.locator('.status-message')).toHaveText('Note unstarred');
    await expectLogged(page, 'note.unstarred');
  });

  test('the header Save saves at once with "Note saved!"', async ({ page }) => {
    const app = await openNewNote(page, 'Header save');
    await app.typeBody('saved from the header');
    await header(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(app.status).toHaveText('Note saved!');
    await expectSaved(page);
    await expect
      .poll(() =>
        page.evaluate(() => Object.entries(localStorage).some(([k, v]) => k.startsWith('note_') && v.includes('saved from the header'))),
      )
      .toBe(true);
  });
});
