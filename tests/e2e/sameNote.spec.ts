import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test, trackConsoleErrors } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * Two tabs (docs/product.md "Two tabs, two devices"): a save in one tab shows in the other with a
 * notice ("This note was changed elsewhere"); when both edit the same text at once, both versions
 * are kept, the later as the note and the other as a conflict copy beside it; editing different
 * notes at the same time loses nothing.
 */

const NOTICE = 'This note was changed elsewhere';
// The newest first: said again while the earlier toast closes, the notice is a new toast beside it for a moment.
const notice = (page: Page) => page.locator('[data-sonner-toast]').filter({ hasText: NOTICE }).first();

async function secondTab(context: BrowserContext): Promise<NotesPage> {
  const page = await context.newPage();
  trackConsoleErrors(page);
  const app = new NotesPage(page);
  await app.open();
  return app;
}

/** Move focus out of the note (the autosave saves at once on blur). */
async function blurNote(app: NotesPage) {
  await app.page.locator('.editor-header').click({ position: { x: 5, y: 5 } });
}

/** The text of every revision the History dialog lists for the shown note, newest first. */
async function historyTexts(app: NotesPage): Promise<string[]> {
  await app.page.getByRole('button', { name: 'History', exact: true }).click();
  const dialog = app.page.getByRole('dialog', { name: 'History' });
  const items = dialog.getByRole('list', { name: 'Revisions' }).getByRole('button');
  await expect(items.first()).toBeVisible();
  const texts: string[] = [];
  for (let i = 0; i < (await items.count()); i++) {
    await items.nth(i).click();
    texts.push((await dialog.getByRole('region', { name: 'Revision preview' }).innerText()).trim());
  }
  await app.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  return texts;
}

test.describe('two tabs', () => {
  test('a save in one tab shows its text in the other tab with a notice; when both edit at once, both edits merge in the note', async ({
    page,
    context,
  }) => {
    // Two tabs, a slow typist and the History dialog: over a minute on a busy 2-core machine.
    test.setTimeout(120_000);
    const a = new NotesPage(page);
    await a.open();
    await a.createNote('Shared');
    await a.typeBody('written in tab A');
    await a.waitForSaved();
    const b = await secondTab(context);
    await b.row('Shared').locator('.note-row-main').click();
    await expect(b.editor).toHaveText('written in tab A');
    await expect(notice(b.page)).toHaveCount(0);

    // B has nothing unsaved: it shows A's new text and says so. A, which saved, gets no notice.
    await a.typeBody(' then more in A');
    await a.waitForSavedText('written in tab A then more in A');
    await expect(notice(b.page)).toBeVisible();
    await expect(notice(b.page)).toContainText('It now shows the latest text');
    await expect(b.editor).toHaveText('written in tab A then more in A');
    await expect(notice(a.page)).toHaveCount(0);

    // Both edit at once: B starts typing, A saves first; B shows A's change merged with what it is typing.
    // (Each tab keeps its focus as side-by-side windows do, so working in A does not blur B.)
    for (const p of [a.page, b.page]) await (await context.newCDPSession(p)).send('Emulation.setFocusEmulationEnabled', { enabled: true });
    // B types slowly throughout, so it has unsaved input whenever A's save arrives.
    await b.typeBody('');
    const bTyping = b.page.keyboard.type(' and B writes this', { delay: 400 });
    await a.typeBody(' and A writes that');
    await blurNote(a);
    await a.waitForSavedText('and A writes that');
    await expect(notice(b.page)).toBeVisible();
    await bTyping;
    // Both texts, each whole (B's caret followed the merge), in one note; the order of the two is Yjs's.
    const merged = /^written in tab A then more in A( and A writes that and B writes this| and B writes this and A writes that)$/;
    await expect(b.editor).toHaveText(merged);
    await b.waitForSavedText('and B writes this');
    await expect(a.editor).toHaveText(merged);
    expect(await a.editor.textContent()).toBe(await b.editor.textContent());
    for (const app of [a, b]) await expect(app.rows).toHaveCount(1);
    // The note's history lists the merged text as its newest revision.
    const texts = await historyTexts(a);
    expect(texts[0]).toMatch(/and A writes that/);
    expect(texts[0]).toMatch(/and B writes this/);
    expectNoConsoleErrors(a.page);
    expectNoConsoleErrors(b.page);
  });

  test('editing different notes in two tabs at the same time loses nothing', async ({ page, context }) => {
    const a = new NotesPage(page);
    await a.open();
    await a.createNote('Note one');
    const b = await secondTab(context);
    await b.createNote('Note two');
    await expect(a.row('Note two')).toBeVisible();
    await expect(page.locator('.editor-title')).toHaveText('Note one');

    const rounds = 4;
    for (let i = 1; i <= rounds; i++) {
      await Promise.all([a.typeBody(` one-${i}`), b.typeBody(` two-${i}`)]);
      // Odd rounds save at once (blur); the last one waits for the autosave.
      if (i % 2 === 1) await Promise.all([blurNote(a), blurNote(b)]);
    }
    const one = Array.from({ length: rounds }, (_, i) => `one-${i + 1}`).join(' ');
    const two = Array.from({ length: rounds }, (_, i) => `two-${i + 1}`).join(' ');
    await Promise.all([a.waitForSavedText(one), b.waitForSavedText(two)]);
    await expect(a.editor).toHaveText(one);
    await expect(b.editor).toHaveText(two);
    await expect(notice(a.page)).toHaveCount(0);
    await expect(notice(b.page)).toHaveCount(0);

    // Each tab sees both notes in full, and so does a fresh load.
    for (const app of [a, b]) {
      await app.row('Note one').locator('.note-row-main').click();
      await expect(app.editor).toHaveText(one);
      await app.row('Note two').locator('.note-row-main').click();
      await expect(app.editor).toHaveText(two);
    }
    await b.page.close();
    await page.reload();
    const keys = await a.localStorageKeys();
    const index = JSON.parse(keys.notes) as { id: string; title: string }[];
    expect(index.map((n) => n.title).sort()).toEqual(['Note one', 'Note two']);
    expect(keys[`note_${index.find((n) => n.title === 'Note one')!.id}`]).toContain(`${one}<`);
    expect(keys[`note_${index.find((n) => n.title === 'Note two')!.id}`]).toContain(`${two}<`);
    expectNoConsoleErrors(page);
  });
});
