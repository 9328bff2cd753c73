import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { startRecordingHost, type RecordingHost } from './functionsHost';
import { NotesPage } from './notesPage';
import { editorSelectedText, expectLogged, loggedEvents, selectText, storedBody, toastTitled, toolbar } from './editorHelpers';

/**
 * Toolbar commands on a whole-note selection (Ctrl+A) and on the same kind of selection made with
 * Shift+arrows, in paragraphs, bullet lists, checklists and tables: each command reads every
 * selected block, and a toggle pressed twice leaves the note as it was.
 */

/**
 * A note of every kind of block: paragraph, bullet list, checklist, table, paragraph, and the
 * empty line that pressing Enter at the end leaves (where a whole-note selection ends).
 */
const MIXED_HTML =
  '<p>Intro paragraph</p>' +
  '<ul><li>bullet one</li><li>bullet two</li></ul>' +
  '<ul><li><input type="checkbox">check one</li><li><input type="checkbox" checked>check two</li></ul>' +
  '<table><tr><th>head a</th><th>head b</th></tr><tr><td>cell a</td><td>cell b</td></tr></table>' +
  '<p>Outro</p>';
const MIXED_BLOCKS = ['paragraph', 'bulletListItem', 'bulletListItem', 'checkListItem', 'checkListItem', 'table', 'paragraph', 'paragraph'];
/** The mixed note's text, one line per paragraph, item and table cell. */
const MIXED_TEXT = 'Intro paragraph\nbullet one\nbullet two\ncheck one\ncheck two\nhead a\nhead b\ncell a\ncell b\nOutro';
/** What the editor holds selected when the whole mixed note is: its text and the final empty line. */
const MIXED_SELECTED = `${MIXED_TEXT}\n`;

/** A note of checklist items only: it starts with a checkbox, not with text. */
const CHECKLIST_HTML = '<ul><li><input type="checkbox">buy milk</li><li><input type="checkbox" checked>call Sam</li></ul>';
const CHECKLIST_TEXT = 'buy milk\ncall Sam';

/** Opens the app at `url`, creates a note titled `title`, pastes `html` into it and waits for `blocks`. */
async function noteFrom(page: Page, title: string, html: string, blocks: string[], url = '/'): Promise<NotesPage> {
  const app = new NotesPage(page);
  await app.open(url);
  await app.createNote(title);
  await app.typeBody('');
  await page.evaluate((html) => {
    const transfer = new DataTransfer();
    transfer.setData('text/html', html);
    document
      .querySelector('.bn-editor')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, html);
  if (blocks.at(-1) === 'paragraph' && blocks.at(-2) === 'paragraph') {
    await expect(app.editor).toContainText('Outro');
    await app.settle();
    await page.keyboard.press('Enter');
  }
  await expectBlockTypes(app, blocks);
  return app;
}

/** The mixed note, at `url`. */
const mixedNote = (page: Page, title: string, url?: string) => noteFrom(page, title, MIXED_HTML, MIXED_BLOCKS, url);
/** The checklist-only note, at `url`. */
const checklistNote = (page: Page, title: string, url?: string) =>
  noteFrom(page, title, CHECKLIST_HTML, ['checkListItem', 'checkListItem'], url);

/** Waits until the note's blocks, nested ones included, are of `types` in document order. */
async function expectBlockTypes(app: NotesPage, types: string[]) {
  await expect
    .poll(() => app.editor.locator('[data-content-type]').evaluateAll((els) => els.map((el) => el.getAttribute('data-content-type'))))
    .toEqual(types);
}

/** Clicks into the note's first line of `text`, presses Ctrl+A, and waits until the editor holds `text` as selected. */
async function selectAllWithCtrlA(app: NotesPage, text: string) {
  await app.editor.getByText(text.split('\n')[0], { exact: true }).first().click();
  await app.settle();
  await app.page.keyboard.press('Control+a');
  await expect.poll(() => editorSelectedText(app.page)).toBe(text);
}

/** Puts the caret before the note's first character, selects to the end with Ctrl+Shift+End, and waits for `text`. */
async function selectAllWithShiftArrows(app: NotesPage, text: string) {
  await app.editor.locator('.bn-inline-content').first().click();
  await app.page.keyboard.press('Home');
  await app.settle();
  await app.page.keyboard.press('Control+Shift+End');
  await expect.poll(() => editorSelectedText(app.page)).toBe(text);
}

/**
 * The non-blank texts of the editor (or of `html`, when given) that lie outside every element
 * matching `selector`: [] when all of the note's text is inside one.
 */
async function textOutside(app: NotesPage, selector: string, html: string | null = null): Promise<string[]> {
  return app.page.evaluate(
    ({ selector, html }) => {
      const root = html === null ? document.querySelector('.bn-editor')! : new DOMParser().parseFromString(html, 'text/html').body;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const outside: string[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.textContent!.trim() && !n.parentElement!.closest(selector)) outside.push(n.textContent!);
      }
      return outside;
    },
    { selector, html },
  );
}

/** How many elements of the saved note match `selector`. */
async function storedCount(app: NotesPage, selector: string): Promise<number> {
  const html = await storedBody(app);
  return app.page.evaluate(({ html, selector }) => new DOMParser().parseFromString(html, 'text/html').querySelectorAll(selector).length, {
    html,
    selector,
  });
}

/** Waits until all the text shown and all the text saved is inside elements matching `selector`. */
async function expectAllTextIn(app: NotesPage, selector: string) {
  await expect.poll(() => textOutside(app, selector)).toEqual([]);
  await expect.poll(async () => textOutside(app, selector, await storedBody(app))).toEqual([]);
}

/** Waits until nothing shown and nothing saved matches `selector`. */
async function expectNoneOf(app: NotesPage, selector: string) {
  await expect(app.editor.locator(selector)).toHaveCount(0);
  await expect.poll(() => storedCount(app, selector)).toBe(0);
}

const FOLLOW_UP = 'span.follow-up.bg-yellow-200';
const button = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });

/** The choice `label` of the open toolbar menu `menu` (its name ends in " ✓" while it is the current one). */
const menuChoice = (page: Page, menu: string, label: string) =>
  page.getByRole('menu', { name: menu }).getByRole('menuitemradio', { name: new RegExp(`^${label}( ✓)?$`) });

/** Chooses `choice` in the toolbar menu `menu` (Font size, Text colour). */
async function choose(page: Page, menu: string, choice: string) {
  await toolbar(page).getByRole('button', { name: menu }).click();
  await menuChoice(page, menu, choice).click();
  await expect(page.getByRole('menu', { name: menu })).toHaveCount(0);
}

/** Clicks the toolbar's Create task and returns the task the new tab was opened with. */
async function createTask(page: Page, context: BrowserContext): Promise<string | null> {
  const opened = context.waitForEvent('page');
  await button(page, 'Create task').click();
  const tab = await opened;
  await tab.waitForLoadState();
  const task = new URL(tab.url()).searchParams.get('task');
  await tab.close();
  return task;
}

test.describe('select all (Ctrl+A) and the toolbar', () => {
  test('Ctrl+A then Follow-up highlights every block of a mixed note, and Ctrl+A then Follow-up again removes every highlight', async ({
    page,
  }) => {
    const app = await mixedNote(page, 'Mixed');
    const followUp = button(page, 'Follow-up');
    await selectAllWithCtrlA(app, MIXED_SELECTED);
    await expect(followUp).toHaveAttribute('aria-pressed', 'false');
    await followUp.click();
    await expectAllTextIn(app, FOLLOW_UP);
    await expect(followUp).toHaveAttribute('aria-pressed', 'true');

    await selectAllWithCtrlA(app, MIXED_SELECTED);
    await expect(followUp).toHaveAttribute('aria-pressed', 'true');
    await followUp.click();
    await expectNoneOf(app, '.follow-up');
    await expect(followUp).toHaveAttribute('aria-pressed', 'false');
    await expectLogged(page, 'editor.command', { command: 'follow-up', detail: 'on' });
    await expectLogged(page, 'editor.command', { command: 'follow-up', detail: 'off' });
    expectNoConsoleErrors(page);
  });

  test('in a note of checklist items, Ctrl+A selects every item, and Follow-up highlights them instead of saying no text is selected', async ({
    page,
  }) => {
    const app = await checklistNote(page, 'Checklist');
    await selectAllWithCtrlA(app, CHECKLIST_TEXT);
    await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe('buy milk\n\n\ncall Sam');
    await button(page, 'Follow-up').click();
    await expectAllTextIn(app, FOLLOW_UP);
    await expect(toastTitled(page, 'No text selected')).toHaveCount(0);

    await selectAllWithCtrlA(app, CHECKLIST_TEXT);
    await button(page, 'Follow-up').click();
    await expectNoneOf(app, '.follow-up');
    expectNoConsoleErrors(page);
  });

  test('Ctrl+A then Bold, Italic or Underline sets the style on all the text when part of it lacks it, and pressed again removes it everywhere', async ({
    page,
  }) => {
    const app = await mixedNote(page, 'Styles');
    for (const [name, element, key] of [
      ['Bold', 'strong', 'b'],
      ['Italic', 'em', 'i'],
      ['Underline', 'u', 'u'],
    ] as const) {
      const toggle = button(page, name);
      // One word already has the style: the selection is mixed, so the button is not pressed.
      await selectText(app, 'bullet one');
      await page.keyboard.press(`Control+${key}`);
      await expect(app.editor.locator(element)).toHaveText('bullet one');
      await selectAllWithCtrlA(app, MIXED_SELECTED);
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      await expectAllTextIn(app, element);
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');

      await selectAllWithCtrlA(app, MIXED_SELECTED);
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await toggle.click();
      await expectNoneOf(app, element);
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    }
    expectNoConsoleErrors(page);
  });

  test('Ctrl+A then a font size and a text colour apply to every block, and Normal size takes the size off everywhere', async ({
    page,
  }) => {
    const app = await mixedNote(page, 'Sizes');
    await selectAllWithCtrlA(app, MIXED_SELECTED);
    await choose(page, 'Font size', 'Large');
    await expectAllTextIn(app, 'span[style*="font-size: 1.25rem"]');
    await choose(page, 'Text colour', 'Purple');
    await expectAllTextIn(app, 'span[data-color="#9b87f5"]');

    await selectAllWithCtrlA(app, MIXED_SELECTED);
    await toolbar(page).getByRole('button', { name: 'Font size' }).click();
    await expect(menuChoice(page, 'Font size', 'Large')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await choose(page, 'Font size', 'Normal');
    await expectNoneOf(app, 'span[style*="font-size"]');
    await expectAllTextIn(app, 'span[data-color="#9b87f5"]');
    await expectLogged(page, 'editor.command', { command: 'font-size', detail: '1rem' });
    expectNoConsoleErrors(page);
  });

  test('Ctrl+A then a list command turns every text block into that list, leaving the table, and the same command again turns them back into paragraphs', async ({
    page,
  }) => {
    const app = await mixedNote(page, 'Lists');
    const everyTextBlock = (type: string) => [type, type, type, type, type, 'table', type];
    // The final empty line has no text: it makes no item.
    await selectAllWithCtrlA(app, MIXED_SELECTED);
    await button(page, 'Checklist').click();
    await expectBlockTypes(app, everyTextBlock('checkListItem'));
    await selectAllWithCtrlA(app, MIXED_TEXT);
    await button(page, 'Checklist').click();
    await expectBlockTypes(app, everyTextBlock('paragraph'));
    for (const [name, type] of [
      ['Numbered list', 'numberedListItem'],
      ['Bullet list', 'bulletListItem'],
    ] as const) {
      await selectAllWithCtrlA(app, MIXED_TEXT);
      await button(page, name).click();
      await expectBlockTypes(app, everyTextBlock(type));
    }
    await selectAllWithCtrlA(app, MIXED_TEXT);
    await button(page, 'Bullet list').click();
    await expectBlockTypes(app, everyTextBlock('paragraph'));
    await expect(app.editor.locator('table td, table th')).toHaveText(['head a', 'head b', 'cell a', 'cell b']);

    // A note of checklist items: Ctrl+A then Checklist turns them all back into paragraphs.
    const checks = await checklistNote(page, 'Checks');
    await selectAllWithCtrlA(checks, CHECKLIST_TEXT);
    await button(page, 'Checklist').click();
    await expectBlockTypes(checks, ['paragraph', 'paragraph']);
    await expect(checks.editor.locator('.bn-inline-content')).toHaveText(['buy milk', 'call Sam']);
    expectNoConsoleErrors(page);
  });

  test('in a note that is one table, Ctrl+A selects every cell, the empty last one too, and Bold and Follow-up pressed twice leave no trace', async ({
    page,
  }) => {
    const app = await noteFrom(page, 'Table', '<table><tr><th>head a</th><th>head b</th></tr><tr><td>cell a</td><td></td></tr></table>', [
      'table',
    ]);
    for (const [name, selector] of [
      ['Bold', 'strong'],
      ['Follow-up', FOLLOW_UP],
    ] as const) {
      await selectAllWithCtrlA(app, 'head a\nhead b\ncell a');
      await expect(app.editor.locator('.selectedCell')).toHaveCount(4);
      await button(page, name).click();
      await expectAllTextIn(app, selector);
      await selectAllWithCtrlA(app, 'head a\nhead b\ncell a');
      await expect(button(page, name)).toHaveAttribute('aria-pressed', 'true');
      await button(page, name).click();
      await expectNoneOf(app, selector);
    }
    expectNoConsoleErrors(page);
  });

  test('Ctrl+A then Create task sends the whole note as the task, one line per block, also in a note of checklist items', async ({
    page,
    context,
  }) => {
    await context.route('https://tasks.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Tasks</title>' }),
    );
    const app = await mixedNote(page, 'Tasks');
    await selectAllWithCtrlA(app, MIXED_SELECTED);
    expect(await createTask(page, context)).toBe(MIXED_TEXT);
    await expectLogged(page, 'task.created', { task: MIXED_TEXT });

    const checks = await checklistNote(page, 'Checklist tasks');
    await selectAllWithCtrlA(checks, CHECKLIST_TEXT);
    expect(await createTask(page, context)).toBe(CHECKLIST_TEXT);
    await expect(toastTitled(page, 'Please highlight the text you want to convert to a task.')).toHaveCount(0);
  });

  test('Ctrl+A then Create link links the text of every block to the address given', async ({ page }) => {
    const app = await mixedNote(page, 'Links');
    page.on('dialog', (dialog) => void dialog.accept('https://example.org/all'));
    await selectAllWithCtrlA(app, MIXED_SELECTED);
    await button(page, 'Create link').click();
    await expectAllTextIn(app, 'a[href="https://example.org/all"]');
    await expect(app.editor).toContainText('Intro paragraph');
    await expect(app.editor).not.toContainText('https://example.org/all');
    await expectLogged(page, 'editor.command', { command: 'create-link' });
  });
});

test.describe('select all (Ctrl+A) and Summarize', () => {
  let host: RecordingHost;
  test.beforeAll(async () => {
    host = await startRecordingHost();
  });
  test.afterAll(async () => {
    await host?.close();
  });
  test.beforeEach(() => {
    host.calls.length = 0;
  });
  const summarized = () => host.callsOf('summarize').map((c) => c.body);

  test('Ctrl+A then Summarize sends the whole note as the selection, one line per block, also in a note of checklist items', async ({
    page,
  }) => {
    const app = await mixedNote(page, 'Recap', host.url);
    await selectAllWithCtrlA(app, MIXED_SELECTED);
    await button(page, 'Summarize').click();
    const panel = page.getByRole('region', { name: 'Note Recap' });
    await expect(panel.locator('.recap-text')).not.toBeEmpty();
    expect(summarized()).toEqual([{ text: MIXED_TEXT }]);
    await expect.poll(async () => (await loggedEvents(page, 'summary.requested')).map((e) => e.payload.scope)).toEqual(['selection']);

    const checks = await checklistNote(page, 'Checklist recap', host.url);
    await selectAllWithCtrlA(checks, CHECKLIST_TEXT);
    await button(page, 'Summarize').click();
    await expect.poll(() => summarized()).toEqual([{ text: MIXED_TEXT }, { text: CHECKLIST_TEXT }]);
    await expect(toastTitled(page, 'No text selected')).toHaveCount(0);
  });
});

test.describe('Shift+arrow selections and the toolbar', () => {
  test('a selection from the first character to the last made with Ctrl+Shift+End works like Ctrl+A for Follow-up and Bold', async ({
    page,
  }) => {
    const app = await mixedNote(page, 'Shift');
    for (const [name, selector] of [
      ['Follow-up', FOLLOW_UP],
      ['Bold', 'strong'],
    ] as const) {
      await selectAllWithShiftArrows(app, MIXED_SELECTED);
      await button(page, name).click();
      await expectAllTextIn(app, selector);
      await selectAllWithShiftArrows(app, MIXED_SELECTED);
      await expect(button(page, name)).toHaveAttribute('aria-pressed', 'true');
      await button(page, name).click();
      await expectNoneOf(app, selector);
    }
    expectNoConsoleErrors(page);
  });

  test('Shift+arrows across table cells select those cells: Follow-up marks every one of them and Create task reads them all', async ({
    page,
    context,
  }) => {
    await context.route('https://tasks.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Tasks</title>' }),
    );
    const app = await mixedNote(page, 'Cells');
    await app.editor.getByText('head a', { exact: true }).click();
    await page.keyboard.press('End');
    await app.settle();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    const cells = 'head a\nhead b\ncell a\ncell b';
    await expect.poll(() => editorSelectedText(page)).toBe(cells);
    await expect(app.editor.locator('.selectedCell')).toHaveCount(4);

    await button(page, 'Follow-up').click();
    await expect(app.editor.locator(FOLLOW_UP)).toHaveText(['head a', 'head b', 'cell a', 'cell b']);
    expect(await createTask(page, context)).toBe(cells);
    await expect(button(page, 'Follow-up')).toHaveAttribute('aria-pressed', 'true');
    await button(page, 'Follow-up').click();
    await expectNoneOf(app, '.follow-up');
    expectNoConsoleErrors(page);
  });
});
