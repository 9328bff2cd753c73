import { expect, test } from '@playwright/test';
import { NotesPage } from './notesPage';
import { storedEvents } from './storedEvents';
import { isSave } from './editorHelpers';

test.describe('notes app on the event log', () => {
  test('a new note goes to the top, is selected, and its title field opens focused with the text selected', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Older');
    await page.getByRole('button', { name: 'New Note' }).click();
    const field = page.getByRole('textbox', { name: 'Note title' });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('Untitled Note');
    expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 'Untitled Note'.length]);
    await field.press('Escape');
    await expect(app.rowTitleTexts).toHaveText(['Untitled Note', 'Older']);
    await expect(app.rows.first()).toHaveClass(/selected/);
  });

  test('a title typed the moment its field appears, before the page has finished rendering, is kept', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    // Types in the same task that adds the field (a MutationObserver runs before any later task),
    // as a fast typist or a loaded machine can: nothing may be waiting to start by then.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        const field = document.querySelector<HTMLInputElement>('input[aria-label="Note title"]');
        if (!field) return;
        observer.disconnect();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'Typed at once');
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'New Note' }).click();
    await expect(page.locator('.editor-title')).toHaveText('Typed at once');
    await expect(app.rowTitleTexts).toHaveText(['Typed at once']);
  });

  test('title edits save on Enter and on blur, Escape restores, and an empty title is not saved', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('First title');
    const heading = page.locator('.editor-title');
    const field = page.getByRole('textbox', { name: 'Note title' });

    await heading.locator('span').dblclick();
    await field.fill('Blurred title');
    await app.editor.click();
    await expect(heading).toHaveText('Blurred title');

    await heading.locator('span').dblclick();
    await field.fill('Never saved');
    await field.press('Escape');
    await expect(heading).toHaveText('Blurred title');

    await heading.locator('span').dblclick();
    await field.fill('   ');
    await field.press('Enter');
    await expect(heading).toHaveText('Blurred title');

    await app.row('Blurred title').locator('.note-row-main').dblclick();
    await page.getByRole('navigation', { name: 'Notes' }).getByRole('textbox', { name: 'Note title' }).fill('Renamed in sidebar');
    await page.keyboard.press('Enter');
    await expect(heading).toHaveText('Renamed in sidebar');
    expect(JSON.parse((await app.localStorageKeys()).notes)[0].title).toBe('Renamed in sidebar');
  });

  test('typing autosaves with "Note saved!" and a reload finds the title and body', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Groceries');
    await app.typeBody('Milk, eggs and bread');
    await app.waitForSaved();
    await page.reload();
    await expect(page.locator('.editor-title')).toHaveText('Groceries');
    await expect(app.editor).toContainText('Milk, eggs and bread');
  });

  test('steady typing with no 2 s pause is saved every 10 s, before the typing stops', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Steady');
    await app.typeBody('steady ');
    await app.waitForSaved();
    // The page records when each key went down (ms since the epoch, as the events' `at`).
    await page.evaluate(() => {
      const w = window as unknown as { keys: number[] };
      w.keys = [];
      document.addEventListener('keydown', () => w.keys.push(Date.now()), true);
    });
    // A save proves the longest wait only when no two keys before it were 2 s apart (a busy machine can stall
    // the typing) and keys came after it. Not "Note saved!": a save that keys arrive during is not announced.
    const savedWhileTyping = async () => {
      const keys = await page.evaluate(() => (window as unknown as { keys: number[] }).keys);
      return (await storedEvents(page))
        .filter(isSave)
        .map((e) => Date.parse(e.at))
        .some((at) => {
          const before = keys.filter((t) => t < at);
          return before.length > 1 && before.every((t, i) => i === 0 || t - before[i - 1] < 2000) && keys.some((t) => t > at);
        });
    };
    const began = Date.now();
    let found = false;
    while (!found && Date.now() - began < 30_000) {
      await page.keyboard.type('x');
      await page.waitForTimeout(250);
      found = await savedWhileTyping();
    }
    expect(found, 'a save while keys kept coming, none of them 2 s apart').toBe(true);
    const stored = await app.localStorageKeys();
    const body = Object.entries(stored).find(([key]) => key.startsWith('note_'))![1];
    expect(body).toMatch(/steady x{10,}/);
  });

  test('localStorage holds exactly the original app’s keys and shapes', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Alpha');
    await app.typeBody('alpha body');
    await app.waitForSaved();
    await app.createNote('Beta');
    await app.rows.first().getByRole('button', { name: 'Star' }).click();
    const keys = await app.localStorageKeys();
    const notes = JSON.parse(keys.notes) as { id: string; title: string; modified: string }[];
    expect(Object.keys(keys).sort()).toEqual(['linkedNotes', 'notes', `note_${notes[0].id}`, `note_${notes[1].id}`].sort());
    expect(notes.map((n) => n.title)).toEqual(['Beta', 'Alpha']);
    for (const n of notes) {
      expect(Object.keys(n)).toEqual(['id', 'title', 'modified']);
      expect(n.id).toMatch(/^\d{13}$/);
      expect(new Date(n.modified).toISOString()).toBe(n.modified);
    }
    expect(keys[`note_${notes[1].id}`]).toContain('alpha body');
    expect(keys[`note_${notes[0].id}`]).toBe('');
    expect(JSON.parse(keys.linkedNotes)).toEqual([notes[0].id]);
  });

  test('the four sort modes order the list as docs/product.md says', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Banana');
    await app.createNote('Cherry');
    await app.createNote('Apple');
    await app.row('Banana').getByRole('button', { name: 'Star' }).click();
    await app.openNote('Cherry');
    await app.typeBody('edited last');
    await app.waitForSaved();
    const sort = page.getByRole('combobox', { name: 'Sort' });
    await expect(sort.locator('option')).toHaveText(['Manual Order', 'Sort by Last Modified', 'Sort by Title', 'Sort by Starred']);
    await expect(app.rowTitleTexts).toHaveText(['Apple', 'Cherry', 'Banana']);
    await sort.selectOption({ label: 'Sort by Last Modified' });
    await expect(app.rowTitleTexts).toHaveText(['Cherry', 'Apple', 'Banana']);
    await sort.selectOption({ label: 'Sort by Title' });
    await expect(app.rowTitleTexts).toHaveText(['Apple', 'Banana', 'Cherry']);
    await sort.selectOption({ label: 'Sort by Starred' });
    expect((await app.rowTitles())[0]).toBe('Banana');
    await expect(page.getByRole('button', { name: 'Move up' })).toHaveCount(0);
  });

  test('search matches titles and bodies case-insensitively, highlights title matches and clears', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Project plan');
    await app.typeBody('Deadline is FRIDAY');
    await app.waitForSaved();
    await app.createNote('Shopping');
    const search = page.getByRole('searchbox', { name: 'Search notes' });
    await search.fill('PLAN');
    await expect(app.rowTitleTexts).toHaveText(['Project plan']);
    await expect(app.rows.locator('mark')).toHaveText(['plan']);
    await search.fill('friday');
    await expect(app.rowTitleTexts).toHaveText(['Project plan']);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(app.rowTitleTexts).toHaveText(['Shopping', 'Project plan']);
  });

  test('starring from the header and the row toggles the star, its message and linkedNotes', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Starry');
    const header = page.locator('.editor-header');
    await header.getByRole('button', { name: 'Star' }).click();
    await expect(app.status).toHaveText('Note starred');
    await expect(app.row('Starry').getByRole('button', { name: 'Unstar' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Unstar' })).toBeVisible();
    expect(JSON.parse((await app.localStorageKeys()).linkedNotes)).toHaveLength(1);
    await app.row('Starry').getByRole('button', { name: 'Unstar' }).click();
    await expect(app.status).toHaveText('Note unstarred');
    expect(JSON.parse((await app.localStorageKeys()).linkedNotes)).toEqual([]);
  });

  test('move up and down swap neighbours in manual order, with no up on the first row and no down on the last', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Three');
    await app.createNote('Two');
    await app.createNote('One');
    await expect(app.rows.first().getByRole('button', { name: 'Move up' })).toHaveCount(0);
    await expect(app.rows.last().getByRole('button', { name: 'Move down' })).toHaveCount(0);
    await app.row('One').getByRole('button', { name: 'Move down' }).click();
    await expect(app.rowTitleTexts).toHaveText(['Two', 'One', 'Three']);
    await app.row('Three').getByRole('button', { name: 'Move up' }).click();
    await expect(app.rowTitleTexts).toHaveText(['Two', 'Three', 'One']);
    await page.reload();
    await expect(app.rows).toHaveCount(3);
    await expect(app.rowTitleTexts).toHaveText(['Two', 'Three', 'One']);
    expect(JSON.parse((await app.localStorageKeys()).notes).map((n: { title: string }) => n.title)).toEqual(['Two', 'Three', 'One']);
  });

  test('deleting the selected note removes it and its body and clears the selection', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Keep');
    await app.createNote('Remove me');
    const id = JSON.parse((await app.localStorageKeys()).notes)[0].id;
    await app.row('Remove me').getByRole('button', { name: 'Delete note' }).click();
    await expect(app.rowTitleTexts).toHaveText(['Keep']);
    await expect(page.locator('.editor-title')).toHaveText('No note selected');
    expect((await app.localStorageKeys())[`note_${id}`]).toBeUndefined();
  });

  test('the sidebar collapses to a strip, hides, and expands again', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Visible');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search notes' })).toHaveCount(0);
    expect((await app.sidebar.boundingBox())!.width).toBeLessThan(100);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    expect((await app.sidebar.boundingBox())!.width).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await expect(app.sidebar).toHaveCount(0);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(app.row('Visible')).toBeVisible();
  });

  test('an unknown path shows the 404 page, logs the path and links home', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    // The effect logs after the first paint, and console events reach the test asynchronously.
    await expect.poll(() => logged.some((t) => t.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
  });
});
