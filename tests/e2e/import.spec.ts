import { test, expect, expectNoConsoleErrors } from './fixtures';
import { NotesPage } from './notesPage';
import { storedEvents } from './storedEvents';
import {
  chooseFiles,
  dragFiles,
  dropOverlay,
  fixtureDrop,
  fixturePath,
  importProgress,
  sourcesOf,
  toastTitled,
  waitForDropTarget,
} from './importPage';
import { enexFile, JPEG, type EnexNoteSpec } from '../fixtures/import/samples';

/*
 * Import notes from other apps (docs/product.md "Import notes"): through the picker and by drag and
 * drop, every format of tests/fixtures/import, bad files changing nothing, Undo (also after a reload),
 * progress with Cancel on a large export.
 */

/** `count` small Evernote notes, created a minute apart from 2020-01-01. */
function manyNotes(count: number): string {
  const notes: EnexNoteSpec[] = Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString().replace(/[-:]|\.\d+/g, '');
    return {
      title: `Bulk ${i}`,
      created: at,
      updated: at,
      enml: `<div>Body of bulk note ${i}</div><div><en-todo checked="${i % 2 === 0}"/>task ${i}</div>`,
    };
  });
  return enexFile(notes);
}

test.describe('importing notes from other apps', () => {
  test('imports an Evernote export through the picker, with its checklists, code and image, and says so with Undo', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await chooseFiles(page, [fixturePath('evernote.enex')]);
    const done = toastTitled(page, 'Imported 4 notes');
    await expect(done).toBeVisible();
    await expect(done).toContainText('From evernote.enex.');
    await expect(done.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(app.rowTitleTexts).toHaveText(['Checklists and code', 'No updated date', 'Bad date', 'Images']);

    await app.row('Checklists and code').locator('.note-row-title').click();
    const checks = app.editor.locator('[data-content-type="checkListItem"]');
    await expect(checks).toHaveCount(6);
    await expect(checks.filter({ hasText: 'Buy milk' }).locator('input')).toBeChecked();
    await expect(checks.filter({ hasText: 'Buy eggs' }).locator('input')).not.toBeChecked();
    await expect(app.editor.locator('[data-content-type="codeBlock"]')).toContainText('function greet(name)');
    await expect(app.editor.locator('img[src^="data:image/jpeg;base64,"]')).toHaveCount(1);
    // Its tags and notebook are the note's own now, not a line of its text.
    await expect(app.editor).toContainText('Source: https://example.com/article');
    await expect(app.editor).not.toContainText('Tags:');
    // The mirror wrote the original app's keys: the note's HTML is the document's.
    const keys = await app.localStorageKeys();
    const index = JSON.parse(keys.notes) as { id: string; title: string; modified: string }[];
    expect(index.find((n) => n.title === 'Checklists and code')).toEqual({
      id: String(Date.UTC(2023, 0, 5, 10, 20)),
      title: 'Checklists and code',
      modified: '2023-01-06T08:09:10.000Z',
    });
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.getByRole('dialog', { name: 'History' })).toContainText('Imported from Evernote (evernote.enex)');
    expectNoConsoleErrors(page);
  });

  test('imports every format chosen at once and lists, per file, what it kept and left out', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    const names = [
      'evernote.enex',
      'obsidian-vault.zip',
      'notion-export.zip',
      'keep-takeout.zip',
      'simplenote-notes.json',
      'note.md',
      'note.txt',
      'page.html',
    ];
    await chooseFiles(page, names.map(fixturePath));
    await expect(toastTitled(page, 'Imported 16 notes')).toBeVisible();
    // The list is virtualized (only the rows in view are in the page): the `notes` key lists every note.
    const imported = [
      'Checklists and code',
      'Welcome',
      'Plan',
      'Trip',
      'Packing',
      'Idea',
      'Shopping',
      'Recipes',
      'Phone numbers',
      'Weekly review',
      'note',
      'Saved page',
    ];
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('notes') ?? '[]') as { title: string }[]).map((note) => note.title)))
      .toEqual(expect.arrayContaining(imported));
    const stored = await page.evaluate(() =>
      (JSON.parse(localStorage.getItem('notes') ?? '[]') as { title: string }[]).map((note) => note.title),
    );
    for (const title of imported)
      expect(
        stored.filter((t) => t === title),
        title,
      ).toHaveLength(1);
    await expect(app.rows.first()).toBeVisible();
    await toastTitled(page, 'Imported 16 notes').getByRole('button', { name: 'Summary' }).click();
    const summary = page.getByRole('dialog', { name: 'Imports' });
    await expect(summary).toContainText('Imported 16 notes');
    await expect(summary).toContainText('Google Keep: 2 notes imported');
    await summary.getByText('Skipped (1)').first().click();
    await expect(summary).toContainText('Damaged note: damaged in the export');
    await summary
      .getByText(/^Not imported/)
      .first()
      .click();
    await expect(summary).toContainText('Checklists and code: receipt.pdf: only images are kept');
    await expect(summary).toContainText('Takeout/Keep/Old.json: in the trash');
    await summary.getByRole('button', { name: 'Close' }).click();
    expectNoConsoleErrors(page);
  });

  test('imports files dropped on the app, showing an overlay that says what dropping does', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    const files = [fixtureDrop('note.md', 'text/markdown'), fixtureDrop('simplenote-notes.json', 'application/json')];
    await waitForDropTarget(page, files);
    const sidebar = page.getByRole('navigation', { name: 'Notes' });
    await dragFiles(sidebar, files, { drop: false });
    await expect(dropOverlay(page)).toBeVisible();
    await expect(dropOverlay(page)).toContainText('Evernote (.enex), Markdown, text, HTML');
    expect(await dragFiles(sidebar, files)).toBe(true);
    await expect(dropOverlay(page)).toHaveCount(0);
    await expect(toastTitled(page, 'Imported 3 notes')).toBeVisible();
    await expect(app.rowTitleTexts).toHaveCount(3);
    expect((await app.rowTitles()).sort()).toEqual(['Phone numbers', 'Recipes', 'Weekly review']);
    expectNoConsoleErrors(page);
  });

  test('an image dropped on a note’s body goes into the note, as before, and imports nothing', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Photos');
    await app.typeBody('Before the picture');
    const image = { name: 'photo.jpg', type: 'image/jpeg', bytes: JPEG };
    await waitForDropTarget(page, [image]);
    await dragFiles(app.editor.locator('.bn-inline-content').first(), [image]);
    await expect(app.editor.locator('img')).toHaveCount(1);
    await expect(dropOverlay(page)).toHaveCount(0);
    await expect(app.rowTitleTexts).toHaveText(['Photos']);
    expect((await storedEvents(page)).filter((e) => e.type.startsWith('import.'))).toEqual([]);
  });

  test('a file that is not a note export, broken, cut or a zip bomb changes nothing and says why, naming each file', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Mine');
    await expect.poll(async () => (await app.localStorageKeys()).notes).toContain('Mine');
    const keys = await app.localStorageKeys();
    const events = (await storedEvents(page)).length;
    const cases: [string, RegExp][] = [
      ['not-notes.pdf', /not-notes\.pdf: not a note export/],
      ['broken.enex', /broken\.enex: not a complete Evernote export/],
      ['cut.zip', /cut\.zip: /],
      ['bomb.zip', /bomb\.zip: /],
      ['empty.zip', /empty\.zip: an empty zip/],
      ['garbage.json', /garbage\.json: not a note export/],
    ];
    for (const [name, reason] of cases) {
      await chooseFiles(page, [fixturePath(name)]);
      const failed = toastTitled(page, 'Import failed: nothing was changed');
      await expect(failed).toContainText(reason);
      await failed.locator('[data-close-button]').click();
      await expect(app.sidebar).not.toHaveAttribute('inert');
    }
    expect(await app.localStorageKeys()).toEqual(keys);
    expect(await storedEvents(page)).toHaveLength(events);
    expectNoConsoleErrors(page);
  });

  test('Undo removes exactly the imported notes; after a reload it works from the summary and keeps a note edited since', async ({
    page,
  }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Mine');
    await chooseFiles(page, [fixturePath('keep-takeout.zip')]);
    await toastTitled(page, 'Imported 2 notes').getByRole('button', { name: 'Undo' }).click();
    await expect(toastTitled(page, 'Removed 2 notes')).toBeVisible();
    await expect(app.rowTitleTexts).toHaveText(['Mine']);

    await chooseFiles(page, [fixturePath('evernote.enex')]);
    await expect(toastTitled(page, 'Imported 4 notes')).toBeVisible();
    await app.row('Bad date').locator('.note-row-title').click();
    await app.typeBody(' edited here');
    await app.waitForSavedText('edited here');
    await page.reload();
    await expect(app.rowTitleTexts).toHaveText(['Mine', 'Checklists and code', 'No updated date', 'Bad date', 'Images']);
    await page.getByRole('button', { name: 'Past imports' }).click();
    const summary = page.getByRole('dialog', { name: 'Imports' });
    const latest = summary.getByRole('article').first();
    await expect(latest).toContainText('evernote.enex');
    await latest.getByRole('button', { name: 'Undo' }).click();
    await expect(toastTitled(page, 'Removed 3 notes; 1 note you edited since was kept')).toBeVisible();
    await expect(latest).toContainText('Undone: removed 3 notes; 1 note you edited since was kept.');
    await expect(latest.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(summary.getByRole('article').nth(1)).toContainText('Undone: removed 2 notes.');
    await summary.getByRole('button', { name: 'Close' }).click();
    await expect(app.rowTitleTexts).toHaveText(['Mine', 'Bad date']);
    expectNoConsoleErrors(page);
  });

  test('a large import shows its progress with Cancel while notes stay editable, and Cancel keeps what is in, with Undo', async ({
    page,
  }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Typed meanwhile');
    // Large enough that Cancel comes long before the end, however fast the machine.
    await chooseFiles(page, [{ name: 'big.enex', mimeType: 'application/xml', buffer: Buffer.from(manyNotes(20_000)) }]);
    const progress = importProgress(page);
    await expect(progress).toHaveAccessibleName(/^Importing [\d,]+ of 20,000 notes…$/, { timeout: 30_000 });
    // The note stays editable while the import runs.
    await app.row('Typed meanwhile').locator('.note-row-title').click();
    await app.typeBody('written during the import');
    await app.waitForSavedText('written during the import');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = toastTitled(page, /Import cancelled: [\d,]+ notes imported/);
    await expect(cancelled).toBeVisible();
    await expect(cancelled.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(progress).toHaveCount(0);
    const imported = Number((await cancelled.textContent())!.match(/cancelled: ([\d,]+) notes/)![1].replace(/,/g, ''));
    expect(imported).toBeGreaterThan(0);
    expect(imported).toBeLessThan(20_000);
    // The log holds exactly the notes counted (localStorage's ~5 MB copy may hold only the newest
    // bodies by then: the partial copy's rule, not this test's subject).
    await expect.poll(async () => (await storedEvents(page)).filter((e) => e.type === 'note.imported').length).toBe(imported);
    // Reading the log back can outlast the toast's 10 s on a busy machine (a run at load 19 clicked a toast
    // already leaving): Undo from the summary of past imports, which offers it until the import is undone.
    await page.getByRole('button', { name: 'Past imports' }).click();
    const summary = page.getByRole('dialog', { name: 'Imports' });
    const latest = summary.getByRole('article').first();
    await expect(latest).toContainText('big.enex');
    await latest.getByRole('button', { name: 'Undo' }).click();
    await expect(toastTitled(page, `Removed ${imported.toLocaleString('en-US')} notes`)).toBeVisible();
    await summary.getByRole('button', { name: 'Close' }).click();
    await expect(app.rowTitleTexts).toHaveText(['Typed meanwhile']);
    // Undo frees the space: the copy catches up to the one note left.
    await expect.poll(async () => JSON.parse((await app.localStorageKeys()).notes).length).toBe(1);
    expectNoConsoleErrors(page);
  });

  test('the first load holds none of the importer: its readers and libraries load in its worker when an import starts', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const app = new NotesPage(page);
    await app.open();
    await page.waitForLoadState('load');
    await expect(app.sidebar).not.toHaveAttribute('inert');
    const atLoad = await sourcesOf(page, [...scripts]);
    expect(atLoad.length).toBeGreaterThan(0);
    const importer = (sources: string[]) =>
      sources.filter(
        (s) =>
          /src\/importers\/|node_modules\/(@zip\.js\/zip\.js|saxes|yaml|@noble\/hashes|htmlparser2|domhandler)\//.test(s) ||
          (/src\/services\/noteImport\//.test(s) && !s.endsWith('importActivity.ts')),
      );
    expect(importer(atLoad)).toEqual([]);

    await chooseFiles(page, [fixturePath('obsidian-vault.zip')]);
    await expect(toastTitled(page, 'Imported 3 notes')).toBeVisible();
    const worker = workers.find((url) => url.includes('import.worker'));
    expect(worker).toBeDefined();
    const inWorker = await sourcesOf(page, [worker!]);
    expect(importer(inWorker)).toEqual(
      expect.arrayContaining([expect.stringMatching(/@zip\.js\/zip\.js/), expect.stringMatching(/saxes/), expect.stringMatching(/yaml/)]),
    );
    expectNoConsoleErrors(page);
  });
});
