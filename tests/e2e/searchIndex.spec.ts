import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NotesPage } from './notesPage';
import { derivedEntry, leaveApp } from './storedDerived';

/**
 * The stored search index (docs/architecture.md "Search index"): a start takes in the index the
 * last page stored instead of reading every note again, and the index follows saves made in this
 * tab and in another one.
 */

interface Stored extends Record<string, unknown> {
  ids: string[];
  tokens: string;
  offsets: number[];
  ords: number[];
}

/** The stored index's tokens (none while no index is stored). */
async function storedTokens(page: Page): Promise<string[]> {
  return (await derivedEntry<Stored>(page, 'search-index'))?.tokens.split('\n') ?? [];
}

/**
 * Add `token` to the stored index for the note with id `noteId`: a token only the stored copy holds.
 * Call on a page away from the app (leaveApp), so the app cannot write its own copy over it.
 */
async function addStoredToken(page: Page, token: string, noteId: string): Promise<void> {
  const stored = (await derivedEntry<Stored>(page, 'search-index'))!;
  await derivedEntry(page, 'search-index', {
    ...stored,
    tokens: `${stored.tokens}\n${token}`,
    offsets: [...stored.offsets, stored.ords.length + 1],
    ords: [...stored.ords, stored.ids.indexOf(noteId)],
  });
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
  await expect.poll(() => storedTokens(page), { timeout: 15_000 }).toContain('walnut');

  // Only the stored copy says Alpha holds this word: finding it shows the start did not read Alpha again.
  const alphaId = (JSON.parse((await app.localStorageKeys()).notes) as { id: string; title: string }[]).find(
    (n) => n.title === 'Alpha',
  )!.id;
  await leaveApp(page);
  await addStoredToken(page, 'storedonly', alphaId);
  await app.open();
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
  await expect.poll(() => storedTokens(page), { timeout: 15_000 }).toContain('persimmon');
});
