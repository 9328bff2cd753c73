import { expect, expectNoConsoleErrors, test } from './fixtures';
import { expectSameKeys, openDevice, renameShownNote, signIn, syncStatus, uniqueEmail, waitSynced, type Device } from './syncDevices';

/**
 * Sync between devices, in Chromium against the real host (docs/product.md "Account and sync",
 * docs/architecture.md "Sync"): two browser contexts are two devices of one account.
 */

/** Console lines a device may log while a test takes it offline or signs it out. */
const EXPECTED_NETWORK_ERRORS = [/Failed to load resource/, /net::ERR_/, /NotePad sync:/, /EventSource/];
const noErrors = (d: Device) => expectNoConsoleErrors(d.page, { allow: EXPECTED_NETWORK_ERRORS });

// Devices here go offline and keep working: the service worker the other specs block serves the app then.
test.use({ serviceWorkers: 'allow' });

test.describe('sync between devices', () => {
  test('a note written on A appears on B within 2 s; star, rename, move and delete follow', async ({ browser }, testInfo) => {
    const a = await openDevice(browser, testInfo);
    const b = await openDevice(browser, testInfo);
    const email = uniqueEmail(testInfo);
    await signIn(a, email, { create: true });
    await signIn(b, email);

    await a.app.createNote('Written on A');
    await a.app.typeBody('hello from A');
    await a.app.waitForSavedText('hello from A');
    await expect(b.app.row('Written on A')).toBeVisible({ timeout: 2000 });
    await b.app.row('Written on A').locator('.note-row-main').click();
    await expect(b.app.editor).toHaveText('hello from A', { timeout: 2000 });

    await a.app.createNote('Second');
    await expect(b.app.row('Second')).toBeVisible({ timeout: 2000 });
    await a.app.row('Written on A').getByRole('button', { name: 'Star' }).click();
    await expect(b.app.row('Written on A').getByRole('button', { name: 'Unstar' })).toBeVisible({ timeout: 2000 });
    await renameShownNote(a, 'Second, renamed');
    await expect(b.app.row('Second, renamed')).toBeVisible({ timeout: 2000 });
    await a.app.row('Second, renamed').getByRole('button', { name: 'Move down' }).click();
    await expect(b.app.rowTitleTexts).toHaveText(['Written on A', 'Second, renamed'], { timeout: 2000 });
    await b.app.row('Written on A').getByRole('button', { name: 'Delete note' }).click();
    await expect(a.app.rows).toHaveCount(1, { timeout: 2000 });
    await expectSameKeys([a, b]);
    noErrors(a);
    noErrors(b);
  });

  test('both offline edit the same note: after reconnecting both texts are merged in the note, with no copy', async ({
    browser,
  }, testInfo) => {
    const a = await openDevice(browser, testInfo);
    const b = await openDevice(browser, testInfo);
    const email = uniqueEmail(testInfo);
    await signIn(a, email, { create: true });
    await a.app.createNote('Shared plan');
    await a.app.typeBody('start');
    await a.app.waitForSavedText('start');
    await waitSynced(a);
    await signIn(b, email);
    await b.app.row('Shared plan').locator('.note-row-main').click();
    await expect(b.app.editor).toHaveText('start');

    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await a.app.typeBody(' plus A offline');
    await b.app.typeBody(' plus B offline');
    await a.app.waitForSavedText('start plus A offline');
    await b.app.waitForSavedText('start plus B offline');
    await expect(syncStatus(a.page)).toContainText(/Offline · \d+ changes? kept on this device/);

    await a.context.setOffline(false);
    await b.context.setOffline(false);
    for (const d of [a, b]) {
      await waitSynced(d, 30_000);
      await expect(d.app.rows).toHaveCount(1);
      await expect(d.app.editor).toContainText('plus A offline', { timeout: 10_000 });
      await expect(d.app.editor).toContainText('plus B offline');
    }
    // Both edits are one paragraph's: the devices showing it save the merged text again, so `note_{id}` holds both.
    const keys = await expectSameKeys([a, b]);
    const bodies = Object.entries(keys)
      .filter(([k]) => k.startsWith('note_'))
      .map(([, html]) => html);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain('plus A offline');
    expect(bodies[0]).toContain('plus B offline');
    // History names the device of each revision: B's saves are listed on A beside A's own.
    await a.page.getByRole('button', { name: 'History', exact: true }).click();
    const revisions = a.page.getByRole('dialog', { name: 'History' }).getByRole('list', { name: 'Revisions' }).getByRole('button');
    await expect(revisions.filter({ hasText: /on (?!this device)\S/ }).first()).toBeVisible();
    await expect(revisions.filter({ hasText: 'on this device' }).first()).toBeVisible();
    noErrors(a);
    noErrors(b);
  });

  test('A deletes a note while B, offline, edits it: B’s text survives on both', async ({ browser }, testInfo) => {
    const a = await openDevice(browser, testInfo);
    const b = await openDevice(browser, testInfo);
    const email = uniqueEmail(testInfo);
    await signIn(a, email, { create: true });
    await a.app.createNote('Doomed');
    await a.app.typeBody('first words');
    await a.app.waitForSavedText('first words');
    await signIn(b, email);
    await b.app.row('Doomed').locator('.note-row-main').click();
    await expect(b.app.editor).toHaveText('first words');

    await b.context.setOffline(true);
    await a.app.row('Doomed').getByRole('button', { name: 'Delete note' }).click();
    await expect(a.app.rows).toHaveCount(0);
    await waitSynced(a);
    await b.app.typeBody(' and B kept typing');
    await b.app.waitForSavedText('first words and B kept typing');
    await b.context.setOffline(false);
    await waitSynced(b, 30_000);
    await expect(a.app.row('Doomed')).toBeVisible({ timeout: 10_000 });
    await a.app.row('Doomed').locator('.note-row-main').click();
    await expect(a.app.editor).toHaveText('first words and B kept typing');
    await expectSameKeys([a, b]);
    noErrors(a);
    noErrors(b);
  });

  test('a device with 50 local notes signs in to an account with 50 others: 100 notes on both afterwards', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const a = await openDevice(browser, testInfo);
    const b = await openDevice(browser, testInfo);
    const email = uniqueEmail(testInfo);
    // Notes are made through the New Note shortcut and the title field, as a person would.
    const make = async (d: Device, prefix: string) => {
      for (let i = 0; i < 50; i++) await d.app.createNote(`${prefix} ${i + 1}`);
    };
    // The list shows only the rows in view; the notes index in localStorage lists them all.
    const count = async (d: Device) => (JSON.parse((await d.app.localStorageKeys()).notes ?? '[]') as unknown[]).length;
    await make(a, 'From A');
    await signIn(a, email, { create: true });
    await make(b, 'From B');
    expect(await count(b)).toBe(50);
    await signIn(b, email);
    await waitSynced(a, 30_000);
    for (const d of [a, b]) await expect.poll(() => count(d), { timeout: 20_000 }).toBe(100);
    const keys = await expectSameKeys([a, b]);
    const titles = (JSON.parse(keys.notes) as { title: string }[]).map((n) => n.title);
    expect(titles.filter((t) => t.startsWith('From A '))).toHaveLength(50);
    expect(titles.filter((t) => t.startsWith('From B '))).toHaveLength(50);
    noErrors(a);
    noErrors(b);
  });

  test('a user signed in never sees another user’s notes', async ({ browser }, testInfo) => {
    const alice = await openDevice(browser, testInfo);
    const bob = await openDevice(browser, testInfo);
    await signIn(alice, uniqueEmail(testInfo, 'alice'), { create: true });
    await alice.app.createNote('Alice’s secret');
    await alice.app.typeBody('for Alice only');
    await alice.app.waitForSavedText('for Alice only');
    await waitSynced(alice);
    await signIn(bob, uniqueEmail(testInfo, 'bob'), { create: true });
    await bob.app.createNote('Bob’s note');
    await waitSynced(bob);
    await bob.page.reload();
    await waitSynced(bob);
    await expect(bob.app.rowTitleTexts).toHaveText(['Bob’s note']);
    const keys = await bob.app.localStorageKeys();
    expect(JSON.stringify(keys)).not.toContain('Alice');
    noErrors(alice);
    noErrors(bob);
  });

  test('when the sign-in expires during offline edits, the edits are kept and pushed after signing in again', async ({
    browser,
  }, testInfo) => {
    const a = await openDevice(browser, testInfo);
    const b = await openDevice(browser, testInfo);
    const email = uniqueEmail(testInfo);
    await signIn(a, email, { create: true });
    await signIn(b, email);
    await a.context.setOffline(true);
    await a.app.createNote('Written while away');
    await a.app.typeBody('kept on the device');
    await a.app.waitForSavedText('kept on the device');
    // The session ends meanwhile (expired, or signed out elsewhere): the cookie is gone.
    await a.context.clearCookies();
    await a.context.setOffline(false);
    await expect(syncStatus(a.page)).toContainText(/Sign-in expired · \d+ changes? kept on this device/, { timeout: 30_000 });
    await expect(a.app.row('Written while away')).toBeVisible();
    await signIn(a, email);
    await expect(b.app.row('Written while away')).toBeVisible({ timeout: 10_000 });
    await expectSameKeys([a, b]);
    noErrors(a);
    noErrors(b);
  });

  test('signing out asks whether to keep this device’s copy; removing it leaves the account’s copy', async ({ browser }, testInfo) => {
    const a = await openDevice(browser, testInfo);
    const b = await openDevice(browser, testInfo);
    const email = uniqueEmail(testInfo);
    await signIn(a, email, { create: true });
    await a.app.createNote('Kept by the account');
    await waitSynced(a);
    await signIn(b, email);
    await expect(b.app.row('Kept by the account')).toBeVisible();

    await b.page.getByRole('button', { name: `Account: ${email}` }).click();
    await b.page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Sign out…' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Sign out' });
    await expect(dialog.getByRole('radio', { name: 'Keep my notes on this device' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'Remove them from this device' }).click();
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(b.app.rows).toHaveCount(0);
    await expect(b.page.getByRole('button', { name: 'Sign in to sync' })).toBeVisible();
    await expect(a.app.row('Kept by the account')).toBeVisible();
    noErrors(a);
    noErrors(b);
  });
});
