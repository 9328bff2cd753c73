import { expect, test } from './fixtures';
import { DANGEROUS_MARKUP_SCAN, XSS_HOOK, expectNothingRan, xssPayloads } from './xssCorpus';
import { makePng, openNewNote, storedBody } from './editorHelpers';
import type { NotesPage } from './notesPage';

const PAYLOADS = xssPayloads();
/** Payloads pasted into one note by one test. */
const PAYLOAD_PART = 33;

/**
 * Paste `data` (MIME type -> text) at the end of the note, as the browser would deliver a paste. The first
 * paste into a note clicks into it; later ones (`again`) keep the focus the last paste left in the editor and
 * only move the caret to the end: a click per paste cost more than the paste in a note of many pastes.
 */
async function paste(app: NotesPage, data: Record<string, string>, again = false) {
  if (again) {
    await app.page.keyboard.press('Control+End');
    await app.settle();
  } else await app.typeBody('');
  await app.page.evaluate((data) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(data)) transfer.setData(type, value);
    document
      .querySelector('.bn-editor')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, data);
}

test.describe('paste', () => {
  // As in xss.spec.ts: with the CSP bypassed a sanitizer miss would really run and be recorded.
  test.use({ bypassCSP: true });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(XSS_HOOK);
  });

  for (const [kind, type] of [
    ['HTML', 'text/html'],
    ["BlockNote's own clipboard HTML", 'blocknote/html'],
  ] as const) {
    // In parts of PAYLOAD_PART, one note each: a part runs in a worker of its own, and a note of 132 pastes
    // grew slow enough on a loaded machine to reach the test's timeout.
    for (let from = 0; from < PAYLOADS.length; from += PAYLOAD_PART) {
      const part = PAYLOADS.slice(from, from + PAYLOAD_PART);
      test(`hostile payloads ${from + 1}-${from + part.length} of ${PAYLOADS.length} pasted as ${kind} run nothing and keep their text`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        const app = await openNewNote(page, `Pasted ${type}`);
        for (const [index, payload] of part.entries()) {
          await paste(app, { [type]: payload.html, 'text/plain': payload.marker }, index > 0);
          await expect(app.editor).toContainText(payload.marker);
        }
        await expectNothingRan(page);
        await expect.poll(() => storedBody(app)).toContain(part.at(-1)!.marker);
        expect(await page.evaluate(DANGEROUS_MARKUP_SCAN, [await storedBody(app)])).toEqual([]);
      });
    }
  }

  test('markup in pasted plain text or Markdown runs nothing', async ({ page }) => {
    const app = await openNewNote(page, 'Pasted text');
    await paste(app, { 'text/plain': 'Plain SAFE-P <img src=x onerror=__hit(1)> [click](javascript:__hit(2))' });
    await expect(app.editor).toContainText('SAFE-P');
    await paste(app, { 'text/markdown': '# SAFE-M\n<img src=x onerror=__hit(3)>\n[x](javascript:__hit(4))' });
    await expect(app.editor).toContainText('SAFE-M');
    await expectNothingRan(page);
  });

  test('pasted links keep safe targets and lose script ones; a web image becomes a link, a data image stays', async ({ page }) => {
    const app = await openNewNote(page, 'Pasted links');
    const png = (await makePng(page, 20, 10)).toString('base64');
    await paste(app, {
      'text/html':
        '<p>Go <a href="https://example.org/a">safe</a> and <a href="javascript:__hit(7)">evil</a>.</p>' +
        '<p><img src="https://images.example.org/cat.png" alt="A cat"></p>' +
        `<p><img src="data:image/png;base64,${png}" alt="dot"></p>`,
    });
    await expect(app.editor.locator('a[href="https://example.org/a"]')).toHaveText('safe');
    await expect(app.editor).toContainText('Go safe and evil.');
    await expect(app.editor.locator('a[href="https://images.example.org/cat.png"]')).toHaveText('A cat');
    await expect(app.editor.locator('img[src^="data:image/png;base64,"]')).toHaveCount(1);
    await expect(app.editor.locator('img[src^="https:"]')).toHaveCount(0);
    await expectNothingRan(page);
  });

  test('a pasted image file is embedded as a data URL and shown at most as wide as the note', async ({ page }) => {
    const app = await openNewNote(page, 'Pasted picture');
    const png = (await makePng(page, 3000, 300)).toString('base64');
    await app.typeBody('Screenshot:');
    await page.evaluate((png) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      document
        .querySelector('.bn-editor')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, png);
    const image = app.editor.locator('[data-content-type="image"] img');
    await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
    const [shown, note] = await image.evaluate((img) => [
      img.getBoundingClientRect().width,
      document.querySelector('.bn-editor')!.getBoundingClientRect().width,
    ]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(note);
    await expect.poll(() => storedBody(app)).toContain('data:image/png;base64,');
  });
});
