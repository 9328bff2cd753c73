import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * The stored search index (docs/architecture.md "Search index"): a start takes in the index the
 * last page stored instead of reading every note again, and the index follows saves made in this
 * tab and in another one.
 */

interface Stored {
  ids: string[];
  tokens: string;
  offsets: Uint32Array;
  ords: Uint32Array;
}

/** The stored index (null while none is stored), read and optionally changed by `change`. */
function storedIndex(page: Page, change?: { token: string; noteTitle: string }): Promise<Stored | null> {
  return page.evaluate(async (edit) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('notepad-cache');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    try {
      if (!db.objectStoreNames.contains('derived')) return null;
      const stored = (await request(db.transaction('derived').objectStore('derived').get('search-index'))) as Stored | undefined;
      if (!stored || !edit) return stored ?? null;
      // A token only the stored copy holds, for the note titled `noteTitle` (ids are in the notes key).
      const list = JSON.parse(localStorage.getItem('notes')!) as { id: string; title: string }[];
      const ord = stored.ids.indexOf(list.find((n) => n.title === edit.noteTitle)!.id);
      const changed = {
        ...stored,
        tokens: `${stored.tokens}\n${edit.token}`,
        offsets: Uint32Array.from([...stored.offsets, stored.ords.length + 1]),
        ords: Uint32Array.from([...stored.ords, ord]),
      };
      await request(db.transaction('derived', 'readwrite').objectStore('derived').put(changed, 'search-index'));
      return changed;
    } finally {
      db.close();
    }
  }, change);
}

test('a start answers the first search from the stored index, which then follows saves in this tab and in another tab', async ({
  page,
  context,
}) => {
  const app = new NotesPage(page);
  await app.open();
  await app.createNote('Alpha');
  await app.typeBody('kumquat orchard');
  await app.waitForSavedText('kumquat');
  await app.createNote('Beta');
  await app.typeBody('walnut');
  await app.waitForSavedText('walnut');
  await expect.poll(async () => (await storedIndex(page))?.tokens.split('\n') ?? [], { timeout: 15_000 }).toContain('walnut');

  // Only the stored copy says Alpha holds this word: finding it shows the start did not read Alpha again.
  await storedIndex(page, { token: 'storedonly', noteTitle: 'Alpha' });
  await page.reload();
  const search = page.getByRole('searchbox', { name: 'Search notes' });
  await search.fill('storedonly');
  await expect(app.rowTitleTexts).toHaveText(['Alpha']);
  await search.fill('kumquat');
  await expect(app.rowTitleTexts).toHaveText(['Alpha']);

  await search.fill('');
  await app.row('Beta').click();
  await app.typeBody(' pomegranate');
  await app.waitForSavedText('pomegranate');
  await search.fill('pomegranate');
  await expect(app.rowTitleTexts).toHaveText(['Beta']);
  await search.fill('walnut');
  await expect(app.rowTitleTexts).toHaveText(['Beta']);

  const other = new NotesPage(await context.newPage());
  await other.open();
  await other.createNote('Gamma');
  await other.typeBody('persimmon');
  await other.waitForSavedText('persimmon');
  await search.fill('persimmon');
  await expect(app.rowTitleTexts).toHaveText(['Gamma']);
  // The stored copy follows too, for the next start.
  await expect.poll(async () => (await storedIndex(page))?.tokens.split('\n') ?? [], { timeout: 15_000 }).toContain('persimmon');
});
