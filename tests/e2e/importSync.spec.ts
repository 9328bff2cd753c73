import { expect, expectNoConsoleErrors, test } from './fixtures';
import { expectSameKeys, openDevice, signIn, uniqueEmail, waitSynced } from './syncDevices';
import { chooseFiles, fixturePath, toastTitled } from './importPage';
import { enexFile, type EnexNoteSpec } from '../fixtures/import/samples';

/*
 * An import on a signed-in device (docs/product.md "Import notes", "Account and sync"): its notes are
 * note events like any others, so they reach the account's other devices, in the engine's batches,
 * and so does its Undo.
 */

const EXPECTED_NETWORK_ERRORS = [/Failed to load resource/, /net::ERR_/, /NotePad sync:/, /EventSource/];

/** `count` small Evernote notes, created a minute apart. */
function manyNotes(count: number): string {
  const notes: EnexNoteSpec[] = Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2021, 0, 1) + i * 60_000).toISOString().replace(/[-:]|\.\d+/g, '');
    return { title: `Synced ${i}`, created: at, updated: at, enml: `<div>Imported on A, note ${i}</div>` };
  });
  return enexFile(notes);
}

test.describe('an import on a synced device', () => {
  test('reaches the account’s other device with every note, images included, and so does its Undo', async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const a = await openDevice(browser, testInfo);
    const b = await openDevice(browser, testInfo);
    const email = uniqueEmail(testInfo);
    await signIn(a, email, { create: true });
    await signIn(b, email);

    await chooseFiles(a.page, [fixturePath('evernote.enex'), fixturePath('keep-takeout.zip')]);
    await expect(toastTitled(a.page, 'Imported 6 notes')).toBeVisible();
    await chooseFiles(a.page, [{ name: 'many.enex', mimeType: 'application/xml', buffer: Buffer.from(manyNotes(1500)) }]);
    await expect(toastTitled(a.page, 'Imported 1,500 notes')).toBeVisible({ timeout: 60_000 });

    await waitSynced(a, 60_000);
    await waitSynced(b, 60_000);
    const keys = await expectSameKeys([a, b], 60_000);
    expect(JSON.parse(keys.notes)).toHaveLength(1506);
    await b.app.row('Images').locator('.note-row-title').click();
    await expect(b.app.editor.locator('img[src^="data:image/jpeg;base64,"]')).toHaveCount(2);

    // The result toast stays 10 s, less than syncing 1,500 notes can take on a busy machine: Undo from the
    // summary of past imports, which offers it as long as the import is not undone.
    await a.page.getByRole('button', { name: 'Past imports' }).click();
    const summary = a.page.getByRole('dialog', { name: 'Imports' });
    const latest = summary.getByRole('article').first();
    await expect(latest).toContainText('many.enex');
    await latest.getByRole('button', { name: 'Undo' }).click();
    await expect(toastTitled(a.page, 'Removed 1,500 notes')).toBeVisible();
    await summary.getByRole('button', { name: 'Close' }).click();
    await waitSynced(a, 60_000);
    const after = await expectSameKeys([a, b], 60_000);
    expect(JSON.parse(after.notes)).toHaveLength(6);
    expectNoConsoleErrors(a.page, { allow: EXPECTED_NETWORK_ERRORS });
    expectNoConsoleErrors(b.page, { allow: EXPECTED_NETWORK_ERRORS });
    await a.context.close();
    await b.context.close();
  });
});
