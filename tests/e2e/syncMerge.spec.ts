import { typeInParagraph } from './editorHelpers';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { expectSameKeys, openDevice, signIn, uniqueEmail, waitSynced, type Device } from './syncDevices';
import { storedEvents } from './storedEvents';

/**
 * Saves as changes (docs/architecture.md "Saves as changes", docs/product.md "Two tabs, two devices"):
 * two devices of one account edit one note offline; when they come back, the fold merges their
 * changes, so both hold one note with both edits, and no conflict copy.
 */

const EXPECTED_NETWORK_ERRORS = [/Failed to load resource/, /net::ERR_/, /NotePad sync:/, /EventSource/];
const noErrors = (d: Device) => expectNoConsoleErrors(d.page, { allow: EXPECTED_NETWORK_ERRORS });

test.use({ serviceWorkers: 'allow' });

const PARAGRAPHS = ['First paragraph', 'Second paragraph', 'Third paragraph'];

/** The note's stored saves on `device`, by type. */
async function saveTypes(device: Device): Promise<string[]> {
  return (await storedEvents(device.page)).map((e) => e.type).filter((t) => t === 'note.changed' || t === 'note.body-saved');
}

/** Two devices of one new account, both showing note "Plan" of three paragraphs, saved as changes and synced. */
async function twoDevicesOnPlan(browser: Parameters<typeof openDevice>[0], testInfo: Parameters<typeof openDevice>[1]) {
  const a = await openDevice(browser, testInfo);
  const b = await openDevice(browser, testInfo);
  const email = uniqueEmail(testInfo);
  await signIn(a, email, { create: true });
  await a.app.createNote('Plan');
  await a.app.typeBody(PARAGRAPHS[0]);
  await a.page.keyboard.press('Enter');
  await a.page.keyboard.type(PARAGRAPHS[1]);
  await a.page.keyboard.press('Enter');
  await a.page.keyboard.type(PARAGRAPHS[2]);
  await a.app.waitForSavedText(PARAGRAPHS[2]);
  // One more edit: by then the note's change model is ready, so the note is on a chain of changes.
  await typeInParagraph(a, 0, '.');
  await expect.poll(async () => (await saveTypes(a)).at(-1), { timeout: 10_000 }).toBe('note.changed');
  await waitSynced(a);
  await signIn(b, email);
  await b.app.row('Plan').locator('.note-row-main').click();
  await expect(b.app.editor.locator('.bn-inline-content')).toHaveText([`${PARAGRAPHS[0]}.`, PARAGRAPHS[1], PARAGRAPHS[2]]);
  return { a, b };
}

test.describe('one note edited on two devices offline', () => {
  // Two devices, each with its own sync, the merge and History: slower than one page on a loaded machine.
  test.describe.configure({ timeout: 120_000 });
  test('edits of different paragraphs merge: one note with both edits on both devices, no conflict copy', async ({ browser }, testInfo) => {
    const { a, b } = await twoDevicesOnPlan(browser, testInfo);
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await typeInParagraph(a, 0, ' edited on A');
    await typeInParagraph(b, 2, ' edited on B');
    await a.app.waitForSavedText('edited on A');
    await b.app.waitForSavedText('edited on B');

    await a.context.setOffline(false);
    await b.context.setOffline(false);
    const expected = [`${PARAGRAPHS[0]}. edited on A`, PARAGRAPHS[1], `${PARAGRAPHS[2]} edited on B`];
    for (const d of [a, b]) {
      await waitSynced(d, 30_000);
      await expect(d.app.rows).toHaveCount(1);
      await expect(d.app.editor.locator('.bn-inline-content')).toHaveText(expected, { timeout: 10_000 });
    }
    const keys = await expectSameKeys([a, b]);
    const bodies = Object.entries(keys).filter(([k]) => k.startsWith('note_'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0][1]).toContain('edited on A');
    expect(bodies[0][1]).toContain('edited on B');
    noErrors(a);
    noErrors(b);
  });

  test('the same paragraph edited on both keeps both texts on both devices; History lists the saves and restores one', async ({
    browser,
  }, testInfo) => {
    const { a, b } = await twoDevicesOnPlan(browser, testInfo);
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await typeInParagraph(a, 1, ' from A');
    await typeInParagraph(b, 1, ' from B');
    await a.app.waitForSavedText('Second paragraph from A');
    await b.app.waitForSavedText('Second paragraph from B');

    await a.context.setOffline(false);
    await b.context.setOffline(false);
    for (const d of [a, b]) {
      await waitSynced(d, 30_000);
      await expect(d.app.rows).toHaveCount(1);
      const second = d.app.editor.locator('.bn-inline-content').nth(1);
      await expect(second).toContainText('from A', { timeout: 10_000 });
      await expect(second).toContainText('from B');
    }
    // The merged paragraph is saved again by the devices showing it: `note_{id}` holds both texts too.
    const keys = await expectSameKeys([a, b]);
    const body = Object.entries(keys).find(([k]) => k.startsWith('note_'))![1];
    expect(body).toContain('from A');
    expect(body).toContain('from B');
    await expect(a.app.rows).toHaveCount(1);

    // History lists the change saves, each previewed as readable text; restoring the one before the merge brings its text back.
    await a.page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = a.page.getByRole('dialog', { name: 'History' });
    const revisions = dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
    await expect(revisions.filter({ hasText: 'Saved' }).first()).toBeVisible();
    const preview = dialog.getByRole('region', { name: 'Revision preview' });
    // A's own offline save, before the merge: the newest saves on this device are the merged text saved again.
    const own = revisions.filter({ hasText: 'on this device' }).filter({ hasText: 'Saved' });
    let found = false;
    for (let i = 0; !found && i < (await own.count()); i++) {
      await own.nth(i).getByRole('button').click();
      await expect(own.nth(i).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
      const text = (await preview.textContent()) ?? '';
      found = text.includes('Second paragraph from A') && !text.includes('from B');
    }
    expect(found).toBe(true);
    await expect(preview).toContainText(`${PARAGRAPHS[0]}.`);
    await expect(preview).toContainText(PARAGRAPHS[2]);
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(a.app.editor.locator('.bn-inline-content').nth(1)).toHaveText('Second paragraph from A');
    await expect(b.app.editor.locator('.bn-inline-content').nth(1)).toHaveText('Second paragraph from A', { timeout: 10_000 });
    await expectSameKeys([a, b]);
    noErrors(a);
    noErrors(b);
  });
});
