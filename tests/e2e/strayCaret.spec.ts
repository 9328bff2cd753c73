import { expect, test, type Page } from '@playwright/test';
import { NotesPage } from './notesPage';

/**
 * Chromium's Ctrl+End puts the DOM caret after BlockNote's trailing-block widget, between blocks;
 * ProseMirror takes it back into text when it handles `selectionchange`, a task later. On a busy page
 * a key comes first (docs/architecture.md "Editor"). These tests hold the `selectionchange` events
 * back while they type, as a busy page does, so the keys meet the caret where Ctrl+End left it.
 */

/** Hold `selectionchange` events back from the page's handlers until `releaseSelectionChanges`. */
const holdSelectionChanges = (page: Page) =>
  page.evaluate(() => {
    // The window's capture listener runs first for an event at the document, and stops it there.
    const hold = (event: Event) => event.stopImmediatePropagation();
    window.addEventListener('selectionchange', hold, true);
    (window as unknown as { releaseHold: () => void }).releaseHold = () => window.removeEventListener('selectionchange', hold, true);
  });
const releaseSelectionChanges = (page: Page) => page.evaluate(() => (window as unknown as { releaseHold: () => void }).releaseHold());

/** Where the DOM caret is: the class of the element holding it. */
const caretIn = (page: Page) =>
  page.evaluate(() => {
    const node = getSelection()?.focusNode ?? null;
    return (node instanceof Element ? node : node?.parentElement)?.className ?? '';
  });

test('a key typed right after Ctrl+End, before the page handled the caret move, lands at the end of the note', async ({ page }) => {
  const app = new NotesPage(page);
  await app.open();
  await app.createNote('Ctrl End');
  await app.typeBody('first line');
  await page.keyboard.press('Enter');
  await page.keyboard.type('last line');
  await app.waitForSavedText('last line');
  await page.reload();
  await expect(app.editor).toHaveText('first linelast line');
  // The caret in the first line, handled.
  await app.editor.getByText('first line').click();
  await app.settle();
  await holdSelectionChanges(page);
  await page.keyboard.press('Control+End');
  // Where Chromium puts it: between blocks, after the trailing block.
  expect(await caretIn(page)).toContain('bn-block-group');
  await page.keyboard.type(' typed fast');
  await releaseSelectionChanges(page);
  await expect(app.editor.locator('.bn-inline-content')).toHaveText(['first line', 'last line typed fast']);
  await app.waitForSavedText('last line typed fast');
  await page.reload();
  await expect(app.editor.locator('.bn-inline-content')).toHaveText(['first line', 'last line typed fast']);
});

// The browser replaces a selection it extended itself; this checks the caret's move keeps that so.
test('Ctrl+Shift+End, then a key before the page handled it, replaces the text to the end of the note', async ({ page }) => {
  const app = new NotesPage(page);
  await app.open();
  await app.createNote('Ctrl Shift End');
  await app.typeBody('keep this drop that');
  await app.waitForSavedText('drop that');
  const line = app.editor.locator('.bn-inline-content').first();
  await line.getByText('keep this drop that').click({ position: { x: 2, y: 5 } });
  await page.keyboard.press('Home');
  for (let i = 0; i < 'keep this'.length; i++) await page.keyboard.press('ArrowRight');
  await app.settle();
  await holdSelectionChanges(page);
  await page.keyboard.press('Control+Shift+End');
  await page.keyboard.type(' and more');
  await releaseSelectionChanges(page);
  await expect(app.editor.locator('.bn-inline-content')).toHaveText(['keep this and more']);
});
