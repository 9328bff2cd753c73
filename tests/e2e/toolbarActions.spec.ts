import { expect, expectNoConsoleErrors, test } from './fixtures';
import { expectLogged, expectToast, isSave, loggedEvents, savedHtml, makePng, openNewNote, storedBody, toolbar } from './editorHelpers';

test.describe('editor toolbar: images, saving, note actions and keyboard', () => {
  test('Insert image takes only images from a file picker, shows them at most 800 px wide, saves JPEG data, and double-click resizes', async ({
    page,
  }) => {
    const app = await openNewNote(page, 'Pictures');
    await app.typeBody('A picture:');
    await expect(page.getByLabel('Image file')).toHaveAttribute('accept', 'image/*');
    const chooser = page.waitForEvent('filechooser');
    await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await makePng(page, 1200, 600) });
    const image = app.editor.locator('[data-content-type="image"] img');
    await expect(image).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await expect.poll(() => image.evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(800);
    await expectLogged(page, 'editor.command', { command: 'insert-image' });
    await expect.poll(() => storedBody(app)).toContain('data:image/jpeg;base64,');
    const stored = await storedBody(app);
    expect(stored).not.toContain('blob:');

    const answers = ['abc', '300'];
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept(answers.shift());
    });
    await image.dblclick();
    await expectToast(page, 'Invalid width');
    await expect.poll(() => image.evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(800);
    await image.dblclick();
    await expectToast(page, 'Image resized');
    await expect.poll(() => image.evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(300);
    expect(await image.evaluate((img) => Math.round(img.getBoundingClientRect().height))).toBe(150);
    expect(messages).toEqual(['Enter new width in pixels:', 'Enter new width in pixels:']);
    await expectLogged(page, 'editor.command', { command: 'resize-image', detail: '300' });

    // Not an image, and an "image" that cannot be decoded.
    for (const file of [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a png') },
    ]) {
      const next = page.waitForEvent('filechooser');
      await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
      await (await next).setFiles(file);
      await expectToast(page, 'Error inserting image');
    }
    await expect(app.editor.locator('[data-content-type="image"]')).toHaveCount(1);
    expectNoConsoleErrors(page, { allow: [/image insert failed/] });
  });

  test('an image that cannot be converted for saving says "Error saving note" and is taken out again', async ({ page }) => {
    // The JPEG encoder cannot be made to fail for real; a page where it returns nothing stands in.
    await page.addInitScript(() => {
      const real = HTMLCanvasElement.prototype.toDataURL;
      HTMLCanvasElement.prototype.toDataURL = function (type?: string, quality?: number) {
        return type === 'image/jpeg' ? 'data:,' : real.call(this, type, quality);
      };
    });
    const app = await openNewNote(page, 'Broken encoder');
    await app.typeBody('Text stays');
    const chooser = page.waitForEvent('filechooser');
    await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await makePng(page, 40, 20) });
    await expectToast(page, 'Error saving note', 'The image might be too large or there was an error converting it.');
    await expect(app.editor.locator('[data-content-type="image"]')).toHaveCount(0);
    await expect(app.editor).toContainText('Text stays');
  });

  test('Ctrl+S and the Save button save at once with "Note saved!"', async ({ page }) => {
    const app = await openNewNote(page, 'Saving');
    await app.typeBody('saved by the keyboard');
    await page.keyboard.press('Control+s');
    await expect(app.status).toHaveText('Note saved!');
    await expectLogged(page, 'editor.command', { command: 'save' });
    // The save came from the command, not the 2 s autosave: it is logged before the save of the text.
    const events = await loggedEvents(page);
    const saveAt = events.findIndex((e) => e.type === 'editor.command' && e.payload.command === 'save');
    const bodyAt = events.findIndex((e) => isSave(e) && savedHtml(e).includes('saved by the keyboard'));
    expect(saveAt).toBeGreaterThanOrEqual(0);
    expect(bodyAt).toBeGreaterThan(saveAt);
    await expect.poll(() => storedBody(app)).toContain('saved by the keyboard');
    await app.typeBody(' and the button');
    await toolbar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => storedBody(app)).toContain('and the button');
    await expect(app.status).toHaveText('Note saved!');
  });

  test("Star, Copy and Download on the toolbar act like the header's", async ({ page }) => {
    const app = await openNewNote(page, 'Toolbar twins');
    await app.typeBody('twin body');
    await toolbar(page).getByRole('button', { name: 'Star', exact: true }).click();
    await expect(toolbar(page).getByRole('button', { name: 'Unstar' })).toBeVisible();
    await expect(page.locator('.editor-header').getByRole('button', { name: 'Unstar' })).toBeVisible();
    await expect(app.status).toHaveText('Note starred');
    await toolbar(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Toolbar twins\n\ntwin body');
    const download = page.waitForEvent('download');
    await toolbar(page).getByRole('button', { name: 'Download', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('Toolbar twins.html');
    await expectLogged(page, 'note.starred');
    await expectLogged(page, 'note.copied');
    await expectLogged(page, 'note.downloaded');
  });

  test('the toolbar is one Tab stop with arrow-key movement, every control is named, and the shortcuts dialog lists the editor keys', async ({
    page,
  }) => {
    await openNewNote(page, 'Keys');
    const names = await toolbar(page)
      .locator('[data-toolbar-item]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(names).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Font size',
      'Text colour',
      'Bullet list',
      'Numbered list',
      'Checklist',
      'Insert image',
      'Create link',
      'Insert table',
      'Insert date',
      'Save',
      'Copy',
      'Download',
      'Star',
      'Start recording',
      'Summarize',
      'Find resources',
      'Follow-up',
      'Create task',
    ]);
    const bold = toolbar(page).getByRole('button', { name: 'Bold', exact: true });
    await bold.focus();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar(page).getByRole('button', { name: 'Italic', exact: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(toolbar(page).getByRole('button', { name: 'Create task' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(bold).toBeFocused();
    expect(await toolbar(page).locator('[tabindex="0"]').count()).toBe(1);

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const [label, keys] of [
      ['Bold', 'Ctrl+B'],
      ['Italic', 'Ctrl+I'],
      ['Underline', 'Ctrl+U'],
      ['Create link', 'Ctrl+K'],
      ['Save', 'Ctrl+S'],
    ]) {
      await expect(dialog.getByRole('row', { name: `${label} ${keys}`, exact: true })).toBeVisible();
    }
  });

  test('at 360 px wide nothing overflows sideways and every toolbar control is still there', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const app = await openNewNote(page, 'Phone');
    const backdrop = page.locator('.sidebar-backdrop');
    if (await backdrop.isVisible()) await backdrop.click({ position: { x: 340, y: 400 } });
    await app.typeBody('small screen');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(toolbar(page).locator('[data-toolbar-item]')).toHaveCount(21);
    await toolbar(page).getByRole('button', { name: 'Create task' }).scrollIntoViewIfNeeded();
    await expect(toolbar(page).getByRole('button', { name: 'Create task' })).toBeInViewport();
    await toolbar(page).getByRole('button', { name: 'Text colour' }).click();
    const menu = page.getByRole('menu', { name: 'Text colour' });
    await expect(menu).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
