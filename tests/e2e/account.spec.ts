import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { openDevice, PASSWORD, signIn, uniqueEmail, waitSynced } from './syncDevices';

/**
 * The account dialog's refusals (docs/product.md "Account and sync"): a password easy to guess is
 * refused before anything is sent, with zxcvbn's advice, and the strength rules load only when an
 * account is created; too many wrong passwords make the dialog say how long to wait; deleting the
 * account asks for the password and keeps this device's notes.
 */

/** Failed calls the browser logs by itself when the host answers 4xx. */
const EXPECTED_ERRORS = [/Failed to load resource/];

/** The npm packages in the scripts at `urls`, from their source maps. */
function packagesOf(page: Page, urls: string[]): Promise<string[]> {
  return page.evaluate(async (list) => {
    const packages = new Set<string>();
    for (const url of list) {
      const response = await fetch(`${url}.map`);
      if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) continue;
      const { sources } = (await response.json()) as { sources: string[] };
      for (const source of sources) {
        const match = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
        if (match) packages.add(match[1]);
      }
    }
    return [...packages];
  }, urls);
}

const zxcvbn = (packages: string[]) => packages.filter((name) => name.startsWith('@zxcvbn-ts/')).sort();

test.describe('the account dialog', () => {
  test('refuses a password easy to guess with zxcvbn’s advice, loading the strength rules only then', async ({ page }, testInfo) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const app = new NotesPage(page);
    await app.open();
    await page.getByRole('button', { name: 'Sign in to sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync your notes' });
    await expect(dialog).toBeVisible();
    const beforeCreating = [...scripts];
    expect(zxcvbn(await packagesOf(page, beforeCreating))).toEqual([]);

    const email = uniqueEmail(testInfo, 'weak');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill('password1');
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/^This password is too easy to guess: \S.+/);
    // Nothing was sent: the app refused it by itself.
    expect(requests.filter((path) => path.startsWith('/api/auth/sign-up'))).toEqual([]);
    expect(
      zxcvbn(
        await packagesOf(
          page,
          scripts.filter((url) => !beforeCreating.includes(url)),
        ),
      ),
    ).toEqual(expect.arrayContaining(['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-en']));

    // The e-mail itself is no password either; a strong one creates the account.
    await dialog.getByLabel('Password').fill(email);
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/^This password is too easy to guess: /);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(dialog).toHaveCount(0, { timeout: 20_000 });
    expectNoConsoleErrors(page, { allow: EXPECTED_ERRORS });
  });

  test('after five wrong passwords says how long to wait before trying again', async ({ page, browser }, testInfo) => {
    const email = uniqueEmail(testInfo, 'locked');
    // The account is made on another device, as a person would (the password never leaves a device).
    const maker = await openDevice(browser, testInfo);
    await signIn(maker, email, { create: true });
    await maker.context.close();
    const app = new NotesPage(page);
    await app.open();
    await page.getByRole('button', { name: 'Sign in to sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync your notes' });
    await dialog.getByLabel('E-mail').fill(email);
    for (let i = 1; i <= 5; i++) {
      await dialog.getByLabel('Password').fill(`not my password ${i}`);
      await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Wrong e-mail or password.');
      await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    }
    // Even the right password waits now; the dialog says for how long.
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/^Too many failed sign-ins for this account\. Try again in \d+ seconds\.$/);
    await expect(page.getByRole('button', { name: 'Sign in to sync' })).toBeVisible();
    expectNoConsoleErrors(page, { allow: EXPECTED_ERRORS });
  });

  test('Delete account asks for the password, refuses a wrong one, then deletes the account and keeps this device’s notes', async ({
    browser,
  }, testInfo) => {
    const device = await openDevice(browser, testInfo);
    const { page, app } = device;
    const email = uniqueEmail(testInfo, 'leaving');
    await signIn(device, email, { create: true });
    await app.createNote('Kept after deleting');
    await app.typeBody('still on this device');
    await app.waitForSavedText('still on this device');
    await waitSynced(device);

    await page.getByRole('button', { name: /^Account: / }).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.screenshot({ path: testInfo.outputPath('account.png') });
    await account.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await expect(dialog).toContainText('This deletes your account and everything the sync server keeps of it.');
    await expect(dialog).toContainText(`Enter your password to delete the account ${email}.`);
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Wrong password.');
    await dialog.screenshot({ path: testInfo.outputPath('delete-account.png') });
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByText('Account deleted', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in to sync' })).toBeVisible();
    await expect(app.row('Kept after deleting')).toBeVisible();

    // The account is gone from the host: its password opens nothing on another device.
    const other = await openDevice(browser, testInfo);
    await other.page.getByRole('button', { name: 'Sign in to sync' }).click();
    const signInDialog = other.page.getByRole('dialog', { name: 'Sync your notes' });
    await signInDialog.getByLabel('E-mail').fill(email);
    await signInDialog.getByLabel('Password').fill(PASSWORD);
    await signInDialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(signInDialog.getByRole('alert')).toHaveText('Wrong e-mail or password.');
    expectNoConsoleErrors(page, { allow: EXPECTED_ERRORS });
    await other.context.close();
    await device.context.close();
  });
});
