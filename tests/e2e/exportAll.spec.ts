import { readFileSync } from 'node:fs';
import { BlobReader, TextWriter, Uint8ArrayWriter, ZipReader, type FileEntry } from '@zip.js/zip.js';
import type { Download, Page } from '@playwright/test';
import { parse } from 'yaml';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { expectLogged, expectToast, loggedEvents, makePng, toolbar } from './editorHelpers';

/*
 * Export all notes (docs/product.md "Export all notes"): the sidebar entry downloads a zip of
 * Markdown files, read back here with zip.js.
 */

const exportButton = (page: Page) => page.getByRole('button', { name: 'Export all notes' });

/** Writes localStorage keys from a blank page of the app's origin, before the app first loads (the original app's notes). */
async function seedLocalStorage(page: Page, entries: Record<string, string>) {
  const url = '/__export_seed__';
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }));
  await page.goto(url);
  await page.evaluate((keys) => Object.entries(keys).forEach(([k, v]) => localStorage.setItem(k, v)), entries);
  await page.unroute(url);
}

/** The files of a downloaded zip: names in order, and each file's text or bytes. */
async function unzip(download: Download) {
  const reader = new ZipReader(new BlobReader(new Blob([readFileSync(await download.path())])));
  const entries = (await reader.getEntries()).filter((e): e is FileEntry => !e.directory);
  const byName = new Map(entries.map((e) => [e.filename, e]));
  return {
    names: entries.map((e) => e.filename),
    text: (name: string) => byName.get(name)!.getData(new TextWriter()),
    bytes: (name: string) => byName.get(name)!.getData(new Uint8ArrayWriter()),
  };
}

/** A note file's front matter and body. */
function noteFile(text: string): { meta: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n(?:\n([\s\S]*))?$/.exec(text);
  expect(match, text).not.toBeNull();
  return { meta: parse(match![1]) as Record<string, unknown>, body: match![2] ?? '' };
}

/** Today's local date as the zip's name has it. */
const today = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

const LEGACY_ID = '1700000000001';

test.describe('export all notes', () => {
  test('downloads a zip of Markdown files named after the notes, with front matter, checklists and images in assets/', async ({ page }) => {
    const dot = (await makePng(page, 4, 4)).toString('base64');
    await seedLocalStorage(page, {
      notes: JSON.stringify([{ id: LEGACY_ID, title: 'Call list', modified: '2024-03-04T05:06:07.000Z' }]),
      [`note_${LEGACY_ID}`]: `<p>Call <span class="follow-up bg-yellow-200">Ana</span> about 5 * 3</p><p>see <img src="data:image/png;base64,${dot}">this</p>`,
      linkedNotes: JSON.stringify([LEGACY_ID]),
    });
    const app = new NotesPage(page);
    await app.open();
    await expect(app.row('Call list')).toBeVisible();

    await app.createNote('Groceries');
    await app.typeBody('milk');
    await toolbar(page).getByRole('button', { name: 'Checklist' }).click();
    await expect(app.editor.locator('[data-content-type="checkListItem"]')).toHaveText('milk');
    await app.editor.locator('[data-content-type="checkListItem"] input[type="checkbox"]').check();
    const chooser = page.waitForEvent('filechooser');
    await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles({ name: 'basket.png', mimeType: 'image/png', buffer: await makePng(page, 60, 40) });
    await expect(app.editor.locator('[data-content-type="image"] img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await app.waitForSaved();

    await app.createNote('groceries');
    await app.createNote('Scratch');
    await app.row('Scratch').getByRole('button', { name: 'Delete note' }).click();
    await expect(app.row('Scratch')).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await exportButton(page).click();
    const download = await downloading;
    const fileName = `notepad-notes-${await today(page)}.zip`;
    expect(download.suggestedFilename()).toBe(fileName);
    await expectToast(page, 'Notes exported', `3 notes in ${fileName}`);
    await expectLogged(page, 'notes.exported', { count: 3, images: 2 });

    const zip = await unzip(download);
    expect(zip.names).toEqual(['groceries.md', 'Groceries (2).md', 'assets/Groceries (2) 1.jpg', 'Call list.md', 'assets/Call list 1.png']);

    const groceries = noteFile(await zip.text('Groceries (2).md'));
    expect(groceries.meta).toMatchObject({ title: 'Groceries', starred: false, order: 2 });
    expect(Date.parse(groceries.meta.created as string)).toBe(Number(groceries.meta.id));
    expect(groceries.body).toBe('- [x] milk\n\n![basket.png](assets/Groceries%20%282%29%201.jpg)\n');
    const jpeg = await zip.bytes('assets/Groceries (2) 1.jpg');
    expect([...jpeg.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const legacy = noteFile(await zip.text('Call list.md'));
    expect(legacy.meta).toEqual({
      title: 'Call list',
      id: LEGACY_ID,
      created: new Date(Number(LEGACY_ID)).toISOString(),
      modified: '2024-03-04T05:06:07.000Z',
      starred: true,
      order: 3,
    });
    expect(legacy.body).toBe('Call Ana about 5 \\* 3\n\nsee this\n\n![](assets/Call%20list%201.png)\n');
    expect(Buffer.from(await zip.bytes('assets/Call list 1.png')).toString('base64')).toBe(dot);

    expect(noteFile(await zip.text('groceries.md')).body).toBe('');
    expectNoConsoleErrors(page);
  });

  test('shows its progress on a large library, keeps the app usable, and exports the notes as they were when it started', async ({
    page,
  }) => {
    // 2,500 notes written in background slices take longer than one action's timeout on a busy 2-core machine.
    test.setTimeout(120_000);
    const count = 2500;
    const base = 1_600_000_000_000;
    const ids = Array.from({ length: count }, (_, i) => String(base + i));
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa '.repeat(20).trim();
    await seedLocalStorage(page, {
      notes: JSON.stringify(ids.map((id, i) => ({ id, title: `Note ${i}`, modified: '2025-01-01T00:00:00.000Z' }))),
      ...Object.fromEntries(ids.map((id, i) => [`note_${id}`, `<p>Note ${i}: ${words}</p><ul><li>one</li><li>two</li></ul>`])),
    });
    const app = new NotesPage(page);
    await app.open();
    await expect(app.row('Note 0')).toBeVisible();

    const downloading = page.waitForEvent('download', { timeout: 90_000 });
    await exportButton(page).click();
    const bar = page.getByRole('progressbar', { name: 'Export progress' });
    await expect(bar).toBeVisible();
    // "Preparing" until the exporter's chunk has loaded and the notes are counted: over 10 s at a load of 14.
    await expect(page.getByText(/^Exporting [\d,]+ of 2,500 notes…$/)).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => bar.evaluate((el: HTMLProgressElement) => el.max)).toBe(count);

    // The export belongs to the page: collapsing the sidebar (which removes its footer) does not stop it.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(bar).toHaveCount(0);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(bar).toBeVisible();
    await expect(exportButton(page)).toHaveCount(0);

    // Meanwhile the app answers: a new note can be made and typed in.
    await app.createNote('Written during the export');
    await app.typeBody('still typing');
    await expect(app.editor).toContainText('still typing');

    const download = await downloading;
    await expect(bar).toHaveCount(0);
    await expect(exportButton(page)).toBeVisible();
    const zip = await unzip(download);
    expect(zip.names).toHaveLength(count);
    expect(zip.names).not.toContain('Written during the export.md');
    expect(noteFile(await zip.text('Note 7.md')).body).toBe(`Note 7: ${words}\n\n- one\n- two\n`);
    expectNoConsoleErrors(page);
  });

  test('Cancel stops the export: nothing is downloaded and it says so', async ({ page }) => {
    const count = 1500;
    const ids = Array.from({ length: count }, (_, i) => String(1_600_000_000_000 + i));
    await seedLocalStorage(page, {
      notes: JSON.stringify(ids.map((id, i) => ({ id, title: `Note ${i}`, modified: '2025-01-01T00:00:00.000Z' }))),
      ...Object.fromEntries(ids.map((id, i) => [`note_${id}`, `<p>Note ${i}</p>`])),
    });
    const app = new NotesPage(page);
    await app.open();
    await expect(app.row('Note 0')).toBeVisible();
    let downloads = 0;
    page.on('download', () => void (downloads += 1));

    await exportButton(page).click();
    await expect(page.getByText(/^Exporting [\d,]+ of 1,500 notes…$/)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectToast(page, 'Export cancelled', 'Nothing was downloaded.');
    await expect(page.getByRole('progressbar', { name: 'Export progress' })).toHaveCount(0);
    await expect(exportButton(page)).toBeVisible();
    expect(downloads).toBe(0);
    expect(await loggedEvents(page, 'notes.exported')).toEqual([]);
    expectNoConsoleErrors(page);
  });

  test('with no notes it says there is nothing to export and downloads nothing', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    let downloads = 0;
    page.on('download', () => void (downloads += 1));
    await exportButton(page).click();
    await expectToast(page, 'No notes to export', 'Create a note first: there is nothing to export yet.');
    expect(downloads).toBe(0);
    expectNoConsoleErrors(page);
  });

  test('the exporter, zip.js and yaml are not loaded with the app, only when an export starts', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
    });
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('One');
    await page.waitForLoadState('load');
    const atLoad = [...scripts];

    const downloading = page.waitForEvent('download');
    await exportButton(page).click();
    await downloading;
    const lazy = scripts.filter((url) => !atLoad.includes(url));

    // What each script holds, from its source map: packages, and the app's own modules.
    const sourcesOf = (urls: string[]) =>
      page.evaluate(async (list) => {
        const all: string[] = [];
        for (const url of list) {
          const response = await fetch(`${url}.map`);
          if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) continue;
          all.push(...((await response.json()) as { sources: string[] }).sources);
        }
        return all;
      }, urls);
    const exporterParts = (sources: string[]) =>
      [
        ...new Set(
          sources.map(
            (s) =>
              /node_modules\/(@zip\.js\/zip\.js|yaml)\//.exec(s)?.[1] ??
              /src\/(exporters)\//.exec(s)?.[1] ??
              /(runExportAll)\.ts$/.exec(s)?.[1],
          ),
        ),
      ]
        .filter((x): x is string => !!x)
        .sort();
    const loaded = await sourcesOf(atLoad);
    expect(loaded.some((s) => s.includes('src/ui/exportAll/ExportAllNotes.tsx'))).toBe(true);
    expect(exporterParts(loaded)).toEqual([]);
    expect(exporterParts(await sourcesOf(lazy))).toEqual(['@zip.js/zip.js', 'exporters', 'runExportAll', 'yaml']);
    expectNoConsoleErrors(page);
  });
});
