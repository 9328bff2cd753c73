import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { toastTitled } from './importPage';
import { organisationOf } from './organisationOf';
import { addStoredRecords, storedEvents } from './storedEvents';

/*
 * Notes that imports gave a last paragraph "Tags: a, b" before notes had tags (docs/product.md "Import
 * notes"): NotePad offers once to turn those lines into tags, does it in one step with Undo, and
 * remembers "Not now".
 */

const IMPORT_ID = '5d7e1f00-1111-4222-8333-444455556666';
const LISBON = '1555056900000';
const PACKING = '1577955600000';

/** A paragraph block as the editor stores one. */
const paragraph = (id: string, text: string) => ({
  id,
  type: 'paragraph',
  props: { backgroundColor: 'default', textColor: 'default', textAlignment: 'left' },
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});

/** What an Evernote import of the build before wrote (schema version 3): the tags as the note's last paragraph. */
function earlierImport(): unknown[] {
  const note = (seq: number, id: string, title: string, body: string, tags: string) => ({
    v: 3,
    id: `0b0e5a1c-0000-4000-8000-00000000000${seq}`,
    at: '2026-11-21T09:00:00.000Z',
    type: 'note.imported',
    payload: {
      id,
      title,
      modified: '2020-01-03T09:00:00.000Z',
      html: `<p>${body}</p><p>${tags}</p>`,
      starred: false,
      source: 'evernote',
      blocks: [paragraph(`b${seq}`, body), paragraph(`t${seq}`, tags)],
      importId: IMPORT_ID,
      file: 'Travel.enex',
    },
  });
  return [
    note(1, LISBON, 'Lisbon weekend', 'Trams, tiles and custard tarts.', 'Tags: Travel, road trip, y2019'),
    note(2, PACKING, 'Packing list', 'Passport and adapter.', 'Tags: Travel, lists/packing'),
    {
      v: 3,
      id: '0b0e5a1c-0000-4000-8000-000000000003',
      at: '2026-11-21T09:00:01.000Z',
      type: 'import.notes-added',
      payload: {
        id: 'imports',
        importId: IMPORT_ID,
        notes: [LISBON, PACKING],
        modified: ['2020-01-03T09:00:00.000Z', '2020-01-03T09:00:00.000Z'],
      },
    },
  ];
}

/** A NotePad whose log holds the earlier import, opened again. */
async function openWithEarlierImport(page: Page): Promise<NotesPage> {
  const app = new NotesPage(page);
  await app.open();
  await addStoredRecords(page, earlierImport());
  await app.open();
  await expect(app.row('Lisbon weekend')).toBeVisible();
  return app;
}

const offer = (page: Page) => toastTitled(page, 'Turn “Tags:” lines into tags?');

test.describe('the "Tags:" lines of earlier imports', () => {
  test('are offered once and become tags in one step, and Undo brings the lines back', async ({ page }) => {
    const app = await openWithEarlierImport(page);
    await app.row('Lisbon weekend').locator('.note-row-title').click();
    await expect(app.editor).toContainText('Tags: Travel, road trip, y2019');
    await expect(offer(page)).toContainText('2 notes from earlier imports end with a line “Tags: …”.');
    await offer(page).getByRole('button', { name: 'Turn into tags' }).click();
    const done = toastTitled(page, 'Tags added to 2 notes');
    // The pointer rests on the toast, which keeps it (and its Undo) while the rest is checked.
    await done.hover();
    await expect(app.editor).toContainText('Trams, tiles and custard tarts.');
    await expect(app.editor).not.toContainText('Tags:');
    const events = await storedEvents(page);
    expect(events.filter((e) => e.type === 'note.tagged').map((e) => [e.payload.id, e.payload.tag])).toEqual([
      [LISBON, 'Travel'],
      [LISBON, 'road trip'],
      [LISBON, 'y2019'],
      [PACKING, 'Travel'],
      [PACKING, 'lists/packing'],
    ]);
    expect(events.filter((e) => e.type === 'import.tag-lines-answered').map((e) => e.payload)).toEqual([
      { id: 'imports', answer: 'converted', notes: 2 },
    ]);

    await done.getByRole('button', { name: 'Undo' }).click();
    await expect(toastTitled(page, 'The “Tags:” lines are back in 2 notes')).toBeVisible();
    await expect(app.editor).toContainText('Tags: Travel, road trip, y2019');
    const after = await organisationOf(page);
    expect(after.tags.map(([path]) => path)).toEqual(['lists', 'lists/packing', 'road trip', 'Travel', 'y2019']);
    expect(after.tags.filter(([, notes]) => notes.length > 0)).toEqual([]);
    expectNoConsoleErrors(page);
  });

  test('"Not now" is remembered: the offer is not made again after a reload', async ({ page }) => {
    const app = await openWithEarlierImport(page);
    await offer(page).getByRole('button', { name: 'Not now' }).click();
    await expect(offer(page)).toHaveCount(0);
    await expect
      .poll(async () => (await storedEvents(page)).filter((e) => e.type === 'import.tag-lines-answered').map((e) => e.payload))
      .toEqual([{ id: 'imports', answer: 'declined', notes: 2 }]);
    await app.open();
    await expect(app.row('Lisbon weekend')).toBeVisible();
    await app.row('Lisbon weekend').locator('.note-row-title').click();
    await expect(app.editor).toContainText('Tags: Travel, road trip, y2019');
    expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Turn “Tags:” lines into tags?' }).count()).toBe(0);
    expectNoConsoleErrors(page);
  });
});
