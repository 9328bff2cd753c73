import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { NotesPage } from './notesPage';

async function seed(app: NotesPage) {
  await app.createNote('Kept note');
  await app.typeBody('Body that must survive');
  await app.waitForSaved();
  await app.createNote('Second');
  await app.page.locator('.editor-header').getByRole('button', { name: 'Star' }).click();
  // The localStorage copy is written in a task after the event: wait for it before comparing keys.
  await expect.poll(async () => JSON.parse((await app.localStorageKeys()).linkedNotes ?? '[]')).toHaveLength(1);
}

async function exportLog(page: Page): Promise<string> {
  await page.getByText('Event log', { exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export event log' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^notepad-log-\d{4}-\d{2}-\d{2}\.json$/);
  return readFileSync(await file.path(), 'utf8');
}

async function chooseImport(page: Page, name: string, text: string) {
  await page.getByLabel('Event log file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** The type of the newest event in the log's IndexedDB store (what the replay's read will end on). */
async function lastStoredType(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      new Promise<string | undefined>((resolve) => {
        const open = indexedDB.open('notepad-log');
        open.onsuccess = () => {
          const cursor = open.result.transaction('events').objectStore('events').openCursor(null, 'prev');
          cursor.onsuccess = () => {
            resolve((cursor.result?.value as { type?: string } | undefined)?.type);
            open.result.close();
          };
        };
      }),
  );
}

/**
 * Hold the replay's read of the whole log (IndexedDB `getAll` of the events from the start) until
 * `window.__releaseRead()`: the request runs, its result is handed over only then.
 */
async function holdWholeLogRead(page: Page): Promise<void> {
  await page.evaluate(() => {
    const held: (() => void)[] = [];
    let holding = true;
    (window as unknown as { __releaseRead: () => void }).__releaseRead = () => {
      holding = false;
      for (const run of held.splice(0)) run();
    };
    const getAll = IDBObjectStore.prototype.getAll;
    IDBObjectStore.prototype.getAll = function (this: IDBObjectStore, query?: IDBValidKey | IDBKeyRange | null, count?: number) {
      const request = getAll.call(this, query, count);
      if (this.name !== 'events' || !(query instanceof IDBKeyRange) || query.lower !== 0 || count !== undefined) return request;
      const add = request.addEventListener.bind(request);
      request.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
        const deliver = (event: Event) => listener.call(request, event);
        add(type, type === 'success' ? (event: Event) => (holding ? held.push(() => deliver(event)) : deliver(event)) : listener, options);
      }) as typeof request.addEventListener;
      return request;
    };
  });
}

test.describe('event log tools', () => {
  test('export then import into a fresh browser gives byte-identical localStorage keys', async ({ page, browser }) => {
    const app = new NotesPage(page);
    await app.open();
    await seed(app);
    const before = await app.localStorageKeys();
    const text = await exportLog(page);

    const other = await browser.newContext();
    const fresh = new NotesPage(await other.newPage());
    await fresh.open();
    await fresh.page.getByText('Event log', { exact: true }).click();
    await chooseImport(fresh.page, 'log.json', text);
    const dialog = fresh.page.getByRole('dialog', { name: 'Import event log' });
    await expect(dialog).toContainText(/\d+ events/);
    await expect(dialog).toContainText('2 notes affected');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(fresh.rows).toHaveCount(2);
    expect(await fresh.localStorageKeys()).toEqual(before);
    await other.close();
  });

  test('a corrupted file changes nothing and says why', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await seed(app);
    const before = await app.localStorageKeys();
    const good = JSON.parse(await exportLog(page));
    const cases: [string, string, RegExp][] = [
      ['bad.json', '{"format": "notepad-event-log", "events": [', /not valid JSON/],
      [
        'middle.json',
        JSON.stringify({ ...good, events: [good.events[0], { ...good.events[1], type: 'note.vanished' }, ...good.events.slice(2)] }),
        /Event 2 of \d+ is invalid: unknown event type "note.vanished"/,
      ],
      ['future.json', JSON.stringify({ ...good, version: 7 }), /newer NotePad/],
    ];
    for (const [name, text, reason] of cases) {
      await chooseImport(page, name, text);
      await expect(page.getByText('Import failed: nothing was changed').last()).toBeVisible();
      await expect(page.getByText(reason)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(await app.localStorageKeys()).toEqual(before);
  });

  test('importing into a non-empty app can open the file read-only instead of replacing', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await seed(app);
    const text = await exportLog(page);
    await app.createNote('Only here');
    // The localStorage copy is written in a task after the change: compare against the settled copy.
    await expect.poll(async () => (await app.localStorageKeys()).notes).toContain('Only here');
    const before = await app.localStorageKeys();
    await chooseImport(page, 'log.json', text);
    const dialog = page.getByRole('dialog', { name: 'Import event log' });
    await expect(dialog.getByRole('button', { name: 'Replace my notes' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Open read-only' }).click();
    await expect(page).toHaveURL(/\/replay$/);
    await expect(page.getByText('log.json:')).toBeVisible();
    await page.getByRole('link', { name: 'Back to notes' }).click();
    expect(await app.localStorageKeys()).toEqual(before);
  });

  test('the replay view steps through a log and shows the state at each step, with no request and no storage write', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await seed(app);
    await page.getByText('Event log', { exact: true }).click();
    await page.getByRole('button', { name: 'Replay event log' }).click();
    await expect(page.getByRole('heading', { name: 'Replay' })).toBeVisible();
    const requests: string[] = [];
    // Fonts for bold text may load as the replayed note renders; data requests must not happen.
    page.on('request', (r) => {
      if (!['font', 'stylesheet', 'image'].includes(r.resourceType())) requests.push(`${r.method()} ${r.url()}`);
    });
    const storageBefore = await page.evaluate(() => JSON.stringify(localStorage));
    const eventCountBefore = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('notepad-log');
          open.onsuccess = () => {
            const count = open.result.transaction('events').objectStore('events').count();
            count.onsuccess = () => {
              resolve(count.result);
              open.result.close();
            };
          };
        }),
    );

    const step = page.getByLabel('Current step');
    await page.getByRole('button', { name: 'Go to start' }).click();
    await expect(step).toHaveText(/^Step 0 of \d+$/);
    await expect(page.getByTestId('replay-keys')).toContainText('"notes": "[]"');
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(page.getByRole('heading', { name: /Event #1 note.created/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notes at this step' })).toContainText('Untitled Note');
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(page.getByRole('region', { name: 'Notes at this step' })).toContainText('Kept note');
    await page.getByRole('button', { name: 'Step back' }).click();
    await expect(page.getByRole('region', { name: 'Notes at this step' })).not.toContainText('Kept note');
    // The note's save: a whole body, or a change once the editor's change model has loaded.
    await page
      .getByRole('button', { name: /note\.(body-saved|changed)/ })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Selected note at this step' })).toContainText('Body that must survive');
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('64');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Starred at this step' })).not.toContainText('none');

    expect(requests).toEqual([]);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).toBe(storageBefore);
    const eventCountAfter = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('notepad-log');
          open.onsuccess = () => {
            const count = open.result.transaction('events').objectStore('events').count();
            count.onsuccess = () => {
              resolve(count.result);
              open.result.close();
            };
          };
        }),
    );
    expect(eventCountAfter).toBe(eventCountBefore);
  });

  test('the replay of the current log shows the current state at once, and its last step once the events are read', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await seed(app);
    await app.row('Kept note').click();
    await expect(page.locator('.editor-title')).toHaveText('Kept note');
    // The state shown first is the durable one: wait until the selection is stored.
    await expect.poll(() => lastStoredType(page)).toBe('note.selected');
    await holdWholeLogRead(page);
    await page.getByText('Event log', { exact: true }).click();
    await page.getByRole('button', { name: 'Replay event log' }).click();

    const step = page.getByLabel('Current step');
    const notes = page.getByRole('region', { name: 'Notes at this step' });
    const selected = page.getByRole('region', { name: 'Selected note at this step' });
    await expect(step).toHaveText('Current state');
    await expect(page.getByLabel('Timeline')).toHaveText('Reading the log…');
    await expect(notes).toContainText('Kept note');
    await expect(notes).toContainText('Second');
    await expect(selected).toContainText('Body that must survive');
    for (const control of ['Go to start', 'Step back', 'Play', 'Step forward', 'Go to end'])
      await expect(page.getByRole('button', { name: control })).toBeDisabled();
    const slider = page.getByRole('slider', { name: 'Step' });
    await expect(slider).toBeDisabled();
    // It stands at the end, where the state shown is, not at the start (an empty range draws its thumb there).
    expect(await slider.evaluate((input: HTMLInputElement) => input.value === input.max && input.value !== input.min)).toBe(true);

    await page.evaluate(() => (window as unknown as { __releaseRead: () => void }).__releaseRead());
    await expect(step).toHaveText(/^Step (\d+) of \1$/);
    await expect(page.getByLabel('Timeline')).not.toContainText('Reading the log…');
    await expect(
      page
        .getByLabel('Timeline')
        .getByRole('button', { name: /note\.selected/ })
        .last(),
    ).toBeVisible();
    await expect(selected).toContainText('Body that must survive');
    await expect(notes).toContainText('Kept note');
    await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled();
    await page.getByRole('button', { name: 'Step back' }).click();
    await expect(step).not.toHaveText(/^Step (\d+) of \1$/);
  });

  test('the command-line replay prints what the browser holds in localStorage', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await seed(app);
    await app.row('Kept note').getByRole('button', { name: 'Move up' }).click();
    const text = await exportLog(page);
    const path = join(mkdtempSync(join(tmpdir(), 'notepad-e2e-')), 'log.json');
    writeFileSync(path, text);
    const cli = execFileSync(join(process.cwd(), 'node_modules/.bin/tsx'), [join(process.cwd(), 'scripts/replay-log.ts'), path], {
      encoding: 'utf8',
    });
    expect(JSON.parse(cli)).toEqual(await app.localStorageKeys());
  });
});
