import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, trackConsoleErrors } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * Devices for the sync tests: each a browser context of its own (its own IndexedDB, localStorage
 * and cookies), as two browsers or two computers would be, against the real host.
 */
export interface Device {
  context: BrowserContext;
  page: Page;
  app: NotesPage;
}

export const PASSWORD = 'correct horse battery';

let accounts = 0;
/** A new e-mail for this run, so tests never share an account by accident. */
export function uniqueEmail(testInfo: TestInfo, label = 'user'): string {
  accounts += 1;
  return `${label}-${testInfo.workerIndex}-${Date.now().toString(36)}-${accounts}@example.org`;
}

/** A new device: a fresh context on the app, open and ready. */
export async function openDevice(browser: Browser, testInfo: TestInfo): Promise<Device> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  trackConsoleErrors(page);
  const app = new NotesPage(page);
  await app.open();
  return { context, page, app };
}

/** The sync status line of the sidebar footer. */
export const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });

/**
 * Open the account dialog and sign in (or create the account: then the recovery key is shown,
 * and "I saved it" goes on), then wait until the first sync is done. Returns the recovery key
 * shown, or null.
 */
export async function signIn(device: Device, email: string, options: { create?: boolean; password?: string } = {}): Promise<string | null> {
  const { page } = device;
  await page.getByRole('button', { name: /^(Sign in to sync|Sign in again)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sync your notes' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(options.password ?? PASSWORD);
  await dialog.getByRole('button', { name: options.create ? 'Create account' : 'Sign in', exact: true }).click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
  let recoveryKey: string | null = null;
  if (options.create) {
    const saving = page.getByRole('dialog', { name: 'Save your recovery key' });
    recoveryKey = await saving.getByLabel('Recovery key').textContent();
    await saving.getByRole('button', { name: 'I saved it' }).click();
    await expect(saving).toHaveCount(0);
  }
  await waitSynced(device);
  return recoveryKey;
}

/** Wait until the device says it is synced (nothing left to send, the account's events folded). */
export async function waitSynced(device: Device, timeout = 15_000): Promise<void> {
  await expect(syncStatus(device.page)).toContainText(/^Synced at /, { timeout });
}

/** Rename the shown note through its title (double-click, type, Enter). */
export async function renameShownNote(device: Device, title: string): Promise<void> {
  await device.page.locator('.editor-title span').dblclick();
  const field = device.page.getByRole('textbox', { name: 'Note title' });
  await field.fill(title);
  await field.press('Enter');
  await expect(device.page.locator('.editor-title')).toHaveText(title);
}

/**
 * Wait until the mirrored storage keys of every device are the same (`notes`, `note_{id}`,
 * `linkedNotes`): each device may still be pulling another's last change, so all are read again
 * until they agree. Returns those keys; fails with every device's keys and sync status otherwise.
 */
export async function expectSameKeys(devices: Device[], timeout = 20_000): Promise<Record<string, string>> {
  let all: Record<string, string>[] = [];
  const agree = async () => {
    all = await Promise.all(devices.map((d) => d.app.localStorageKeys()));
    return all.every((keys) => JSON.stringify(keys) === JSON.stringify(all[0]));
  };
  try {
    await expect.poll(agree, { timeout }).toBe(true);
  } catch {
    const statuses = await Promise.all(devices.map((d) => syncStatus(d.page).textContent()));
    // Fail with the difference between the devices' keys, and what each said of its sync.
    expect(all.slice(1), `devices disagree; their sync status: ${JSON.stringify(statuses)}`).toEqual(all.slice(1).map(() => all[0]));
  }
  return all[0];
}
