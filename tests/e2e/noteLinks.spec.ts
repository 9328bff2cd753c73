import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NotesPage } from './notesPage';
import { expectLogged } from './editorHelpers';

/*
 * Links between notes (docs/product.md "Links between notes"): the [[ picker, links that follow
 * their note's title, opening, "Linked from", missing notes, search and paste.
 */

const picker = (page: Page) => page.getByRole('listbox', { name: 'Link to note' });
const noteLinks = (app: NotesPage) => app.editor.locator('a.note-link');
const linkedFrom = (page: Page) => page.getByRole('navigation', { name: /^Linked from/ });
const title = (page: Page) => page.locator('.editor-title');

/** The id of the note titled `name`, from the `notes` key. */
async function idOf(app: NotesPage, name: string): Promise<string> {
  const notes = JSON.parse((await app.localStorageKeys()).notes) as { id: string; title: string }[];
  return notes.find((n) => n.title === name)!.id;
}

/** Open the note titled `name` from the sidebar. */
async function openNote(app: NotesPage, name: string) {
  await app.row(name).locator('.note-row-main').click();
  await expect(title(app.page)).toHaveText(name);
}

/** Make notes titled `targets`, then a note `source` whose text links to the first of them through the picker. */
async function linkedNotes(page: Page, targets: string[], source = 'Source') {
  const app = new NotesPage(page);
  await app.open();
  for (const name of targets) await app.createNote(name);
  await app.createNote(source);
  await app.typeBody('See [[');
  await expect(picker(page)).toBeVisible();
  await page.keyboard.type(targets[0].slice(0, 4));
  await expect(picker(page).getByRole('option').first()).toContainText(targets[0]);
  await page.keyboard.press('Enter');
  await expect(noteLinks(app)).toHaveText([targets[0]]);
  await page.keyboard.type('today');
  await app.waitForSavedText(`data-note-id="${await idOf(app, targets[0])}"`);
  return app;
}

test.describe('links between notes', () => {
  test('typing [[ lists notes by title, most relevant first; Enter links the chosen one; Escape closes', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    for (const name of ['Plan for Monday', 'Weekly plan', 'Plan', 'Groceries']) await app.createNote(name);
    await app.createNote('Diary');
    await app.typeBody('Read [[');
    // Without a query: the notes changed last, the note being written left out.
    await expect(picker(page).getByRole('option')).toHaveText([/^Groceries/, /^Plan/, /^Weekly plan/, /^Plan for Monday/]);
    await page.keyboard.type('plan');
    // The title equal to the query, then titles starting with it, then a word starting with it.
    await expect(picker(page).getByRole('option')).toHaveText([/^Plan\d/, /^Plan for Monday/, /^Weekly plan/]);
    await page.keyboard.press('ArrowDown');
    await expect(picker(page).getByRole('option', { selected: true })).toContainText('Plan for Monday');
    await page.keyboard.press('Enter');
    await expect(picker(page)).toBeHidden();
    await expect(noteLinks(app)).toHaveText(['Plan for Monday']);
    await expect(app.editor).toContainText('Read Plan for Monday');

    await page.keyboard.type(' and [[gro');
    await expect(picker(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker(page)).toBeHidden();
    await expect(app.editor).toContainText('and [[gro');
    await expect(noteLinks(app)).toHaveCount(1);
  });

  test('a link shows its note’s current title: renaming the note renames the link, and the saved HTML is a real link', async ({ page }) => {
    const app = await linkedNotes(page, ['Alpha plan', 'Beta']);
    const alpha = await idOf(app, 'Alpha plan');
    const stored = (await app.localStorageKeys())[`note_${await idOf(app, 'Source')}`];
    expect(stored).toContain(`<a href="/?note=${alpha}" class="note-link"`);
    expect(stored).toContain('>Alpha plan</a>');

    await openNote(app, 'Alpha plan');
    await title(page).locator('span').dblclick();
    await page.getByRole('textbox', { name: 'Note title' }).fill('Alpha, renamed');
    await page.keyboard.press('Enter');
    await openNote(app, 'Source');
    await expect(noteLinks(app)).toHaveText(['Alpha, renamed']);
    await page.reload();
    await expect(noteLinks(app)).toHaveText(['Alpha, renamed']);
  });

  test('clicking a link opens its note, which lists the linking note under "Linked from"; Ctrl+Enter opens it from the keyboard', async ({
    page,
  }) => {
    const app = await linkedNotes(page, ['Target', 'Other']);
    await expect(linkedFrom(page)).toBeHidden();
    await noteLinks(app).click();
    await expect(title(page)).toHaveText('Target');
    await expectLogged(page, 'note.selected', { id: await idOf(app, 'Target') });
    await expect(linkedFrom(page).getByRole('button')).toHaveText(['Source']);

    await linkedFrom(page).getByRole('button', { name: 'Source' }).click();
    await expect(title(page)).toHaveText('Source');
    // The caret right after the link: at the end, then back over " today".
    await app.typeBody('');
    for (let i = 0; i < ' today'.length; i++) await page.keyboard.press('ArrowLeft');
    await app.settle();
    await page.keyboard.press('Control+Enter');
    await expect(title(page)).toHaveText('Target');
  });

  test('a link to a deleted note shows as missing and offers to create it; Create makes the note, points the link at it and opens it', async ({
    page,
  }) => {
    const app = await linkedNotes(page, ['Doomed', 'Other']);
    const doomed = await idOf(app, 'Doomed');
    await app.row('Doomed').getByRole('button', { name: 'Delete note' }).click();
    await expect(app.row('Doomed')).toHaveCount(0);
    await expect(title(page)).toHaveText('Source');
    await expect(noteLinks(app)).toHaveClass(/note-link-missing/);
    await expect(noteLinks(app)).toHaveText('Doomed');

    await noteLinks(app).click();
    const offer = page.getByRole('dialog', { name: 'Missing note' });
    await expect(offer).toContainText('“Doomed” is not a note: it was deleted, or never made.');
    await expect(offer.getByRole('button', { name: 'Create “Doomed”' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(offer).toBeHidden();

    await noteLinks(app).click();
    await offer.getByRole('button', { name: 'Create “Doomed”' }).click();
    await expect(title(page)).toHaveText('Doomed');
    const created = await idOf(app, 'Doomed');
    expect(created).not.toBe(doomed);
    await expect(linkedFrom(page).getByRole('button')).toHaveText(['Source']);
    await app.waitForSavedText(`data-note-id="${created}"`);
    await openNote(app, 'Source');
    await expect(noteLinks(app)).not.toHaveClass(/note-link-missing/);
    await noteLinks(app).click();
    await expect(title(page)).toHaveText('Doomed');
  });

  test('search finds a note by the title of a note it links to, after the notes whose own title matches', async ({ page }) => {
    const app = await linkedNotes(page, ['Zebra facts', 'Plain']);
    await app.createNote('Zebra crossing');
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('zebra');
    await expect(app.rowTitleTexts).toHaveText(['Zebra crossing', 'Zebra facts', 'Source']);
    // Typed as the app opens, before the link index has read the notes: the linked note joins once it has.
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('');
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('zebra');
    await expect(app.rowTitleTexts).toHaveText(['Zebra crossing', 'Zebra facts', 'Source']);
  });

  test('the [[ picker makes a new note of the name typed when none has it, and the note being written stays open', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Writing');
    await app.typeBody('Next: [[Ideas for June');
    const item = picker(page).getByRole('option', { name: 'New note “Ideas for June”' });
    await expect(item).toBeVisible();
    await item.click();
    await expect(noteLinks(app)).toHaveText(['Ideas for June']);
    await expect(title(page)).toHaveText('Writing');
    await expect(app.row('Ideas for June')).toHaveCount(1);
    await noteLinks(app).click();
    await expect(title(page)).toHaveText('Ideas for June');
  });

  test('pasted HTML keeps a link to a note; a hostile address on it is dropped', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Linked');
    await app.createNote('Paste here');
    const linked = await idOf(app, 'Linked');
    await app.typeBody('');
    await page.evaluate((id) => {
      const transfer = new DataTransfer();
      transfer.setData(
        'text/html',
        `<p>From elsewhere: <a href="/?note=${id}" data-note-id="${id}" class="note-link">Old name</a> and ` +
          `<a href="javascript:alert(1)" data-note-id="${id}">evil</a> and <a data-note-id="x1" href="https://example.org">web</a></p>`,
      );
      document
        .querySelector('.bn-editor')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, linked);
    await expect(noteLinks(app)).toHaveText(['Linked', 'Linked']);
    await expect(app.editor.locator('a[href^="javascript:"]')).toHaveCount(0);
    await expect(app.editor.locator('a[href="https://example.org"]')).toHaveText('web');
    await app.waitForSavedText(`data-label="Old name"`);
  });

  test('/?note=ID opens that note, and the address then drops it', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('First');
    await app.createNote('Second');
    const first = await idOf(app, 'First');
    await app.open(`/?note=${first}&source=test`);
    await expect(title(page)).toHaveText('First');
    await expect.poll(() => new URL(page.url()).search).toBe('?source=test');
  });
});
