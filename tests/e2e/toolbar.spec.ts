import { format } from 'date-fns';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { expectLogged, expectToast, openNewNote, selectText, storedBody, toolbar } from './editorHelpers';

test.describe('editor toolbar: formatting, lists, links, tables, dates and follow-up', () => {
  test('Bold, Italic and Underline toggle on the selection from the toolbar and from Ctrl+B/I/U, show their state and are logged', async ({
    page,
  }) => {
    const app = await openNewNote(page, 'Formatting');
    await app.typeBody('Make this strong');
    await selectText(app, 'strong');
    const bold = toolbar(page).getByRole('button', { name: 'Bold', exact: true });
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    await bold.click();
    await expect(app.editor.locator('strong')).toHaveText('strong');
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Control+i');
    await expect(app.editor.locator('em')).toHaveText('strong');
    await page.keyboard.press('Control+u');
    await expect(app.editor.locator('u')).toHaveText('strong');
    await expect(toolbar(page).getByRole('button', { name: 'Italic', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Control+b');
    await expect(app.editor.locator('strong')).toHaveCount(0);
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    for (const command of ['bold', 'italic', 'underline']) await expectLogged(page, 'editor.command', { command });
    // Saved as shown: italic and underlined, no longer bold.
    await expect
      .poll(async () => {
        const html = await storedBody(app);
        return [html.includes('<em>'), html.includes('<u>'), html.includes('<strong>')];
      })
      .toEqual([true, true, false]);
    expectNoConsoleErrors(page);
  });

  test("the font size and text colour menus apply the product's sizes and exact colours, which are saved", async ({ page }) => {
    const app = await openNewNote(page, 'Sizes');
    await app.typeBody('big purple words');
    await selectText(app, 'big purple');
    await toolbar(page).getByRole('button', { name: 'Font size' }).click();
    const sizes = page.getByRole('menu', { name: 'Font size' });
    await expect(sizes.getByRole('menuitemradio')).toHaveText(['Small', 'Normal', 'Large', 'Extra Large']);
    await expect(sizes.getByRole('menuitemradio', { name: 'Normal' })).toHaveAttribute('aria-checked', 'true');
    await sizes.getByRole('menuitemradio', { name: 'Large', exact: true }).click();
    await expect(sizes).toHaveCount(0);
    await expect(app.editor.locator('span[style*="font-size"]')).toHaveText('big purple');
    expect(await app.editor.locator('span[style*="font-size"]').evaluate((el) => (el as HTMLElement).style.fontSize)).toBe('1.25rem');

    await selectText(app, 'purple');
    await toolbar(page).getByRole('button', { name: 'Text colour' }).click();
    const colours = page.getByRole('menu', { name: 'Text colour' });
    await expect(colours.getByRole('menuitemradio')).toHaveText(['Black', 'Purple', 'Blue', 'Green', 'Red', 'Orange']);
    await colours.getByRole('menuitemradio', { name: 'Purple' }).click();
    const purple = app.editor.locator('[data-color="#9b87f5"]');
    await expect(purple).toHaveText('purple');
    // The exact product value is the style; the theme may show a more readable shade of it (textColors.css).
    expect(await purple.evaluate((el) => (el as HTMLElement).style.color)).toBe('rgb(155, 135, 245)');

    // Keyboard: open with ArrowDown, move, choose with Enter.
    await selectText(app, 'words');
    const sizeButton = toolbar(page).getByRole('button', { name: 'Font size' });
    await sizeButton.focus();
    await page.keyboard.press('ArrowDown');
    await expect(sizes.getByRole('menuitemradio', { name: 'Small' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(sizes.getByRole('menuitemradio', { name: 'Extra Large' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(app.editor.locator('span[style*="1.5rem"]')).toHaveText('words');

    await expectLogged(page, 'editor.command', { command: 'font-size', detail: '1.25rem' });
    await expectLogged(page, 'editor.command', { command: 'text-colour', detail: '#9b87f5' });
    await expect.poll(() => storedBody(app)).toContain('font-size: 1.5rem');
    const html = await storedBody(app);
    expect(html).toContain('font-size: 1.25rem');
    expect(html).toMatch(/#9b87f5|rgb\(155, 135, 245\)/);
    await page.reload();
    await expect(app.editor.locator('[data-color="#9b87f5"]')).toHaveText('purple');
  });

  test('bullet list, numbered list and checklist make one item per non-empty line of a multi-line selection', async ({ page }) => {
    const app = await openNewNote(page, 'Lists');
    await app.typeBody('apples');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('pears');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('plums');
    await selectText(app, 'apples', 'plums');
    await toolbar(page).getByRole('button', { name: 'Bullet list' }).click();
    const bullets = app.editor.locator('[data-content-type="bulletListItem"]');
    await expect(bullets).toHaveText(['apples', 'pears', 'plums']);

    await selectText(app, 'apples', 'plums');
    await toolbar(page).getByRole('button', { name: 'Numbered list' }).click();
    await expect(app.editor.locator('[data-content-type="numberedListItem"]')).toHaveText(['apples', 'pears', 'plums']);
    await expect(bullets).toHaveCount(0);

    await selectText(app, 'apples', 'plums');
    await toolbar(page).getByRole('button', { name: 'Checklist' }).click();
    const checks = app.editor.locator('[data-content-type="checkListItem"]');
    await expect(checks).toHaveText(['apples', 'pears', 'plums']);
    await expect(checks.locator('input[type="checkbox"]')).toHaveCount(3);

    // Applied again, the checklist goes back to paragraphs.
    await selectText(app, 'apples', 'plums');
    await toolbar(page).getByRole('button', { name: 'Checklist' }).click();
    await expect(checks).toHaveCount(0);
    for (const command of ['bullet-list', 'numbered-list', 'checklist']) await expectLogged(page, 'editor.command', { command });
  });

  test('Create link asks for a URL, links the selection, does nothing when empty, and refuses script URLs with a message', async ({
    page,
  }) => {
    const app = await openNewNote(page, 'Links');
    await app.typeBody('Read the docs today');
    const answers = ['https://example.org/docs', '', 'javascript:alert(1)', 'example.com'];
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept(answers.shift());
    });
    await selectText(app, 'docs');
    await toolbar(page).getByRole('button', { name: 'Create link' }).click();
    await expect(app.editor.locator('a[href="https://example.org/docs"]')).toHaveText('docs');

    await selectText(app, 'today');
    await toolbar(page).getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => prompts.length).toBe(2);
    await expect(app.editor.locator('a')).toHaveCount(1);

    await selectText(app, 'today');
    await page.keyboard.press('Control+k');
    await expectToast(
      page,
      'Link not added',
      '“javascript:” links are not allowed because they can run code or open local files. Use a web (https://), e-mail (mailto:) or phone (tel:) address.',
    );
    await expect(app.editor.locator('a')).toHaveCount(1);
    await expect(app.editor).toContainText('Read the docs today');

    await selectText(app, 'Read');
    await page.keyboard.press('Control+k');
    await expect(app.editor.locator('a[href="https://example.com"]')).toHaveText('Read');
    expect(prompts).toEqual(['Enter URL:', 'Enter URL:', 'Enter URL:', 'Enter URL:']);
    await expectLogged(page, 'editor.command', { command: 'create-link' });
    expect(await page.evaluate(() => document.querySelectorAll('.bn-editor a[href^="javascript"]').length)).toBe(0);
  });

  test('Insert table asks for "rows,cols" (default 2,2), makes a header row plus body rows, and refuses bad input with the "Invalid input" toast', async ({
    page,
  }) => {
    const app = await openNewNote(page, 'Tables');
    await app.typeBody('Before the table');
    const answers: (string | null)[] = ['3,4', 'abc', '0,2', null, '2,2'];
    const defaults: string[] = [];
    page.on('dialog', (dialog) => {
      defaults.push(`${dialog.message()}|${dialog.defaultValue()}`);
      const answer = answers.shift();
      void (answer === null ? dialog.dismiss() : dialog.accept(answer));
    });
    const insert = toolbar(page).getByRole('button', { name: 'Insert table' });
    await insert.click();
    const tables = app.editor.locator('table');
    await expect(tables).toHaveCount(1);
    await expect(tables.locator('tr')).toHaveCount(3);
    await expect(tables.locator('tr').first().locator('th')).toHaveCount(4);
    await expect(tables.locator('tr').nth(1).locator('td')).toHaveCount(4);

    await insert.click();
    await expectToast(page, 'Invalid input', 'Please enter valid numbers for rows and columns.');
    await insert.click();
    await expect.poll(() => defaults.length).toBe(3);
    await insert.click();
    await expect.poll(() => defaults.length).toBe(4);
    await expect(tables).toHaveCount(1);
    await insert.click();
    await expect(tables).toHaveCount(2);
    await expect(tables.nth(1).locator('tr')).toHaveCount(2);
    expect(defaults.every((d) => d === 'Enter rows,cols|2,2')).toBe(true);
    await expectLogged(page, 'editor.command', { command: 'insert-table', detail: '3,4' });
    await expect.poll(() => storedBody(app)).toContain('<th');
  });

  test('Insert date puts today as MM/dd/yy at the cursor with the "Date inserted" toast', async ({ page }) => {
    const app = await openNewNote(page, 'Dates');
    await app.typeBody('Today is ');
    const today = format(new Date(), 'MM/dd/yy');
    await toolbar(page).getByRole('button', { name: 'Insert date' }).click();
    await expect(app.editor).toContainText(`Today is ${today}`);
    await expectToast(page, 'Date inserted', 'Current date has been added to your note.');
    await expectLogged(page, 'editor.command', { command: 'insert-date' });
  });

  test('Follow-up wraps the selection in the follow-up highlight, removes it when applied again, and needs a selection', async ({
    page,
  }) => {
    const app = await openNewNote(page, 'Follow');
    await app.typeBody('Call the plumber tomorrow');
    const followUp = toolbar(page).getByRole('button', { name: 'Follow-up' });
    await followUp.click();
    await expectToast(page, 'No text selected', 'Please select some text to mark for follow-up.');
    await selectText(app, 'Call the plumber');
    await followUp.click();
    const marked = app.editor.locator('span.follow-up.bg-yellow-200');
    await expect(marked).toHaveText('Call the plumber');
    await expect(followUp).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => storedBody(app)).toContain('class="follow-up bg-yellow-200"');
    await selectText(app, 'Call the plumber');
    await followUp.click();
    await expect(marked).toHaveCount(0);
    await expectLogged(page, 'editor.command', { command: 'follow-up', detail: 'on' });
    await expectLogged(page, 'editor.command', { command: 'follow-up', detail: 'off' });
  });
});
