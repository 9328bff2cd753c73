/**
 * Signing a bench device in through the app's own UI (docs/product.md "Account and sync"): the
 * sidebar's "Sign in to sync", the account dialog's E-mail and Password, "Create account" or
 * "Sign in", then the status line's "Synced at …". The same steps as the browser tests' devices.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** The password of every bench account. */
export const BENCH_PASSWORD = 'correct horse battery';

let accounts = 0;
/** A new e-mail address for this run. */
export function benchEmail(label: string): string {
  accounts += 1;
  return `${label}-${Date.now().toString(36)}-${accounts}@bench.example.org`;
}

/** Open the app in a new page of `context` and wait until it takes input (the New Note button). */
export async function openApp(context: BrowserContext, origin: string, timeoutMs = 120_000): Promise<Page> {
  const page = await context.newPage();
  await page.goto(origin + '/');
  await page.getByRole('button', { name: 'New Note' }).waitFor({ state: 'visible', timeout: timeoutMs });
  await page.waitForFunction(() => !document.querySelector('nav[aria-busy="true"]'), undefined, { timeout: timeoutMs });
  return page;
}

/** Fill the account dialog (opened from the sidebar) and press "Create account" or "Sign in"; resolves once clicked. */
export async function submitSignIn(page: Page, email: string, create: boolean): Promise<void> {
  await page.getByRole('button', { name: /^(Sign in to sync|Sign in again)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sync your notes' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(BENCH_PASSWORD);
  await dialog.getByRole('button', { name: create ? 'Create account' : 'Sign in', exact: true }).click();
}

/** Wait until the sync status line says "Synced at …" (nothing left to send, the account's events folded). */
export async function waitSynced(page: Page, timeoutMs = 60_000): Promise<void> {
  await page
    .getByRole('status', { name: 'Sync status' })
    .filter({ hasText: /^Synced at / })
    .waitFor({ state: 'visible', timeout: timeoutMs });
}

/** Sign in (or create the account) through the dialog, then wait for the dialog to close and the first sync to end. */
export async function signInThroughUi(page: Page, email: string, create: boolean, timeoutMs = 60_000): Promise<void> {
  await submitSignIn(page, email, create);
  await page.getByRole('dialog', { name: 'Sync your notes' }).waitFor({ state: 'detached', timeout: timeoutMs });
  // A new account's recovery key is shown once; the bench goes on as a person who saved it.
  if (create)
    await page
      .getByRole('dialog', { name: 'Save your recovery key' })
      .getByRole('button', { name: 'I saved it' })
      .click({ timeout: timeoutMs });
  await waitSynced(page, timeoutMs);
}
