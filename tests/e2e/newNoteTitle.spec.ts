import { expect, test, type Page, type Route } from '@playwright/test';
import { EVENT_SCHEMA_VERSION } from '../../catalog/envelope';
import { NotesPage } from './notesPage';

/**
 * New note and typing at once on a page just loaded (docs/product.md "States and transitions"): the
 * log and the editor's code are held back on purpose until the keys are typed, so the title field
 * must be there from the frame after New note on every run, not only on a slow machine.
 */

const TITLE = 'Groceries for Sunday';

/**
 * Start-up cannot finish reading the log until `releaseLog()`: a journaled event makes it ask the log
 * which events it holds, and that answer is held (docs/architecture.md "Start-up order", step 3).
 */
function holdLogLoad(schemaVersion: number) {
  const page = window as unknown as { releaseLog?: () => void };
  const journaled = {
    v: schemaVersion,
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    type: 'ui.sidebar-toggled',
    payload: { mode: 'expanded' },
  };
  localStorage.setItem('notepad:journal', JSON.stringify([journaled]));
  const released = new Promise<void>((resolve) => (page.releaseLog = resolve));
  const getKey = IDBIndex.prototype.getKey;
  IDBIndex.prototype.getKey = function (this: IDBIndex, ...args: Parameters<IDBIndex['getKey']>) {
    const request = getKey.apply(this, args);
    const listen = request.addEventListener.bind(request);
    request.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
      listen(
        type,
        type === 'success' ? (event: Event) => void released.then(() => listener.call(request, event)) : listener,
        options,
      )) as typeof request.addEventListener;
    return request;
  };
}

/** The log's database does not finish opening until `releaseLog()`: start-up has not read anything yet. */
function holdLogOpen() {
  const page = window as unknown as { releaseLog?: () => void; logOpening?: boolean };
  const released = new Promise<void>((resolve) => (page.releaseLog = resolve));
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
    const request = open.apply(this, args);
    if (args[0] !== 'notepad-log' || page.logOpening) return request;
    page.logOpening = true;
    const listen = request.addEventListener.bind(request);
    request.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
      listen(
        type,
        type === 'success' ? (event: Event) => void released.then(() => listener.call(request, event)) : listener,
        options,
      )) as typeof request.addEventListener;
    return request;
  };
}

/** Hold the editor's chunk (index.html preloads it; the editor pane is imported from it) until the returned release. */
async function holdEditorChunk(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Promise<void>[] = [];
  await page.route(/\/assets\/editor-[\w-]+\.js$/, (route: Route) => {
    held.push(released.then(() => route.continue()));
  });
  return async () => {
    release();
    await Promise.all(held);
  };
}

const titleField = (page: Page) => page.getByRole('textbox', { name: 'Note title' });

test.describe('typing a new note title on a page just loaded', () => {
  test('Ctrl+Alt+N and typing at once, while the log and the editor still load, gives exactly that title and an empty body', async ({
    page,
  }) => {
    const app = new NotesPage(page);
    await page.addInitScript(holdLogLoad, EVENT_SCHEMA_VERSION);
    const releaseEditor = await holdEditorChunk(page);
    await app.open();
    // The list is shown; the log is still being read and the sidebar still waits for it.
    await expect(app.sidebar).toHaveAttribute('aria-busy', 'true');

    await page.keyboard.press('Control+Alt+KeyN');
    await page.keyboard.type(TITLE);
    await expect(titleField(page)).toHaveValue(TITLE);
    const before = await titleField(page).boundingBox();

    await page.evaluate(() => (window as unknown as { releaseLog: () => void }).releaseLog());
    await expect(app.rows).toHaveCount(1);
    await releaseEditor();
    await expect(app.editor).toBeVisible();
    // The editor's header took the field over: same text, focus and caret.
    await expect(titleField(page)).toBeFocused();
    await expect(titleField(page)).toHaveValue(TITLE);
    expect(await titleField(page).evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
      TITLE.length,
      TITLE.length,
    ]);
    // Where it was: only centred again beside the header's buttons, which come with the editor and are a few px taller.
    const after = await titleField(page).boundingBox();
    expect(after?.x).toBe(before?.x);
    expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(3);

    await page.keyboard.press('Enter');
    await expect(page.locator('.editor-title')).toHaveText(TITLE);
    await expect(app.rowTitleTexts).toHaveText([TITLE]);
    await expect(app.editor).toHaveText('');
  });

  test('Ctrl+Alt+N and typing at once, while the log has not even opened, gives exactly that title and an empty body', async ({ page }) => {
    const app = new NotesPage(page);
    await page.addInitScript(holdLogOpen);
    const releaseEditor = await holdEditorChunk(page);
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => (window as unknown as { logOpening?: boolean }).logOpening === true)).toBe(true);
    await expect(page.getByRole('status')).toHaveText('Loading your notes…');

    await page.keyboard.press('Control+Alt+KeyN');
    await page.keyboard.type('Groceries');
    await expect(titleField(page)).toHaveValue('Groceries');
    await page.evaluate(() => (window as unknown as { releaseLog: () => void }).releaseLog());
    // The list comes in while the typing goes on; the app's header takes the field over.
    await page.keyboard.type(' for Sunday');
    await expect(app.rows).toHaveCount(1);
    await expect(titleField(page)).toBeFocused();
    await releaseEditor();
    await expect(app.editor).toBeVisible();
    await expect(titleField(page)).toBeFocused();
    await expect(titleField(page)).toHaveValue(TITLE);
    await page.keyboard.press('Enter');
    await expect(app.rowTitleTexts).toHaveText([TITLE]);
    await expect(page.locator('.editor-title')).toHaveText(TITLE);
    await expect(app.editor).toHaveText('');
  });

  test('a title typed and saved with Enter before the note could be made is the title it is made with', async ({ page }) => {
    const app = new NotesPage(page);
    await page.addInitScript(holdLogLoad, EVENT_SCHEMA_VERSION);
    const releaseEditor = await holdEditorChunk(page);
    await app.open();
    await page.keyboard.press('Control+Alt+KeyN');
    await page.keyboard.type(TITLE);
    await page.keyboard.press('Enter');
    await expect(page.locator('.editor-title')).toHaveText(TITLE);

    await page.evaluate(() => (window as unknown as { releaseLog: () => void }).releaseLog());
    await expect(app.rowTitleTexts).toHaveText([TITLE]);
    await releaseEditor();
    await expect(app.editor).toBeVisible();
    await expect(page.locator('.editor-title')).toHaveText(TITLE);
    await expect(app.editor).toHaveText('');
    const types = await page.evaluate(async () => {
      const { events } = await new Promise<{ events: { type: string; payload: { title?: string } }[] }>((resolve) => {
        const open = indexedDB.open('notepad-log');
        open.onsuccess = () => {
          const request = open.result.transaction('events').objectStore('events').getAll();
          request.onsuccess = () => resolve({ events: request.result });
        };
      });
      return events.filter((e) => e.type.startsWith('note.')).map((e) => [e.type, e.payload.title]);
    });
    expect(types).toEqual([['note.created', TITLE]]);
  });

  test('New Note and typing at once, while the editor still loads, keeps every key in the title, also those typed as it arrives', async ({
    page,
  }) => {
    const app = new NotesPage(page);
    const releaseEditor = await holdEditorChunk(page);
    await app.open();
    await page.getByRole('button', { name: 'New Note' }).click();
    await page.keyboard.type('Groceries ');
    const arriving = releaseEditor();
    // Typed while the editor's code arrives and its header takes the field over.
    await page.keyboard.type('for Sunday');
    await arriving;
    await expect(app.editor).toBeVisible();
    await expect(titleField(page)).toBeFocused();
    await expect(titleField(page)).toHaveValue(TITLE);
    await page.keyboard.press('Enter');
    await expect(app.rowTitleTexts).toHaveText([TITLE]);
    await expect(app.editor).toHaveText('');
  });
});
