import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { chooseFiles, fixturePath, toastTitled } from './importPage';
import { openNewNote, storedBody, toolbar } from './editorHelpers';
import { XSS_HOOK } from './xssCorpus';
import { DIAGRAM_SVG, HOSTILE_SVG, HOSTILE_SVG_HOST } from '../fixtures/import/vaults';

/*
 * A vault made like a real one (tests/fixtures/import/vaults.ts) and SVG images (docs/product.md "What
 * each format keeps"): SVG icons and diagrams are kept as images, a hostile SVG shows with nothing in it
 * run or fetched, callouts are quotes titled in bold and block ids are not shown.
 */

// With the CSP bypassed, as in xss.spec.ts, a script that survived sanitizing would really run.
test.use({ bypassCSP: true });

const SVG_URL = /^data:image\/svg\+xml;base64,/;
/** What a hostile SVG must never keep. */
const HOSTILE_PARTS = [/<script/i, /onload/i, /onerror/i, /onclick/i, /foreignObject/i, /javascript:/i, /127\.0\.0\.1/, /<use/i, /alert/];

/** Everything that would show a script ran or the SVG reached out: dialogs, hits of XSS_HOOK, the SVG's own flag, requests to its host. */
function watchForScripts(page: Page) {
  const seen = { dialogs: [] as string[], requests: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (request.url().startsWith(HOSTILE_SVG_HOST)) seen.requests.push(request.url());
  });
  return {
    seen,
    ran: () =>
      page.evaluate(() => ({
        hits: (window as unknown as { __hits: string[] }).__hits,
        flag: (window as unknown as { __svgRan?: string }).__svgRan ?? null,
      })),
  };
}

/** The SVG text of a data URL. */
const svgOf = (url: string) => Buffer.from(url.replace(SVG_URL, ''), 'base64').toString('utf8');

/** Show `svg` as the document of an iframe (inline, where a script in it would run), and wait for it to load. */
async function showInline(page: Page, svg: string): Promise<void> {
  await page.evaluate(
    (markup) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.className = 'svg-probe';
        frame.onload = () => setTimeout(resolve, 200);
        frame.srcdoc = `<!doctype html><body>${markup}</body>`;
        document.body.append(frame);
      }),
    svg,
  );
}

test.describe('importing a vault made like a real one', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(XSS_HOOK);
  });

  test('keeps its SVG icons and diagrams as images, shows a hostile SVG with nothing in it run or fetched, titles callouts in bold and hides block ids', async ({
    page,
  }) => {
    const watch = watchForScripts(page);
    const app = new NotesPage(page);
    await app.open();
    await chooseFiles(page, [fixturePath('obsidian-full-vault.zip')]);
    const done = toastTitled(page, 'Imported 7 notes');
    await expect(done).toBeVisible();

    await app.row('Untrusted drawing').locator('.note-row-title').click();
    const drawing = app.editor.locator('[data-content-type="image"] img');
    await expect(drawing).toHaveAttribute('src', SVG_URL);
    await expect.poll(() => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    const svg = svgOf((await drawing.getAttribute('src'))!);
    for (const part of HOSTILE_PARTS) expect(svg).not.toMatch(part);
    expect(svg).toContain('id="square"');

    await app.row('Start here').locator('.note-row-title').click();
    const callout = app.editor.locator('[data-content-type="quote"]').first();
    await expect(callout.locator('strong').first()).toHaveText('Read this first');
    await expect(callout).toContainText('Every note links to others');
    await expect(app.editor).toContainText('Icons are SVG files.');
    await expect(app.editor).not.toContainText('^intro');
    await expect(app.editor).not.toContainText('[!tip]');
    const images = app.editor.locator('[data-content-type="image"] img');
    await expect(images).toHaveCount(2);
    await expect(images.first()).toHaveAttribute('src', SVG_URL);
    await expect.poll(() => images.first().evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(24);
    await expect(images.last()).toHaveAttribute('src', /^data:image\/jpeg;base64,/);

    await app.row('Markdown links').locator('.note-row-title').click();
    const diagrams = app.editor.locator('[data-content-type="image"] img');
    await expect(diagrams).toHaveCount(2);
    for (const diagram of await diagrams.all()) {
      await expect(diagram).toHaveAttribute('src', SVG_URL);
      await expect.poll(() => diagram.evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(420);
    }

    await done.getByRole('button', { name: 'Summary' }).click();
    const summary = page.getByRole('dialog', { name: 'Imports' });
    await expect(summary).toContainText('Obsidian: 7 notes imported');
    await expect(summary).not.toContainText('could not be read');
    await summary.getByRole('button', { name: 'Close' }).click();

    // Even shown inline, where a browser runs an SVG's scripts, the kept SVG runs nothing.
    await showInline(page, svg);
    expect(await watch.ran()).toEqual({ hits: [], flag: null });
    expect(watch.seen).toEqual({ dialogs: [], requests: [] });
    // The same probe shows the file as it came: it would catch a script that survived.
    await showInline(page, HOSTILE_SVG);
    await expect.poll(async () => (await watch.ran()).flag).not.toBeNull();
    expectNoConsoleErrors(page, { pageErrorsOnly: true });
  });

  test('an SVG inserted from the toolbar, pasted as a file or pasted in HTML is kept as a sanitized vector image and runs nothing', async ({
    page,
  }) => {
    const watch = watchForScripts(page);
    const app = await openNewNote(page, 'Drawings');
    await app.typeBody('Drawings:');
    const chooser = page.waitForEvent('filechooser');
    await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles({ name: 'untrusted.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(HOSTILE_SVG) });
    const images = app.editor.locator('[data-content-type="image"] img');
    await expect(images).toHaveCount(1);
    await expect(images.first()).toHaveAttribute('src', SVG_URL);
    await expect.poll(() => images.first().evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(64);

    await app.typeBody('');
    await page.evaluate((diagram) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([diagram], 'flow.svg', { type: 'image/svg+xml' }));
      document
        .querySelector('.bn-editor')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, DIAGRAM_SVG);
    await expect(images).toHaveCount(2);

    await app.typeBody('');
    await page.evaluate((hostile) => {
      const transfer = new DataTransfer();
      const data = btoa(String.fromCharCode(...new TextEncoder().encode(hostile)));
      transfer.setData('text/html', `<p>pasted</p><img alt="pasted drawing" src="data:image/svg+xml;base64,${data}">`);
      document
        .querySelector('.bn-editor')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, HOSTILE_SVG);
    await expect(images).toHaveCount(3);

    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('src', SVG_URL);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const svg = svgOf((await image.getAttribute('src'))!);
      for (const part of HOSTILE_PARTS) expect(svg).not.toMatch(part);
    }
    await expect.poll(() => storedBody(app)).toMatch(/(data:image\/svg\+xml;base64,[^"]+".*){3}/s);
    const stored = await storedBody(app);
    for (const url of stored.match(/data:image\/svg\+xml;base64,[^"]+/g)!)
      for (const part of HOSTILE_PARTS) expect(svgOf(url)).not.toMatch(part);
    expect(await watch.ran()).toEqual({ hits: [], flag: null });
    expect(watch.seen).toEqual({ dialogs: [], requests: [] });
    expectNoConsoleErrors(page);
  });
});
