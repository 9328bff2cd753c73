import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * What the first load fetches and shows (docs/benchmarks.md): screens and tools a user
 * has not opened load on first use, the app's frame paints while the log opens, and a screen whose
 * code cannot be loaded shows the routing failure screen of docs/product.md "Screens and routes", "Messages".
 */

/** Names of the JavaScript chunks `page` fetches from now on (file name without hash). */
function recordChunks(page: Page): Set<string> {
  const chunks = new Set<string>();
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (file.endsWith('.js')) chunks.add(file.replace(/-[\w-]{8}\.js$/, ''));
  });
  return chunks;
}

test('the notes screen loads without the replay, log-file and history code; each loads when first used', async ({ page }) => {
  const chunks = recordChunks(page);
  const app = new NotesPage(page);
  await app.open();
  await app.createNote('Lazy');
  for (const lazy of ['ReplayView', 'ImportDialog', 'logFile', 'HistoryDialog']) expect([...chunks]).not.toContain(lazy);

  await page.locator('.editor-header').getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect([...chunks]).toContain('HistoryDialog');
  await page.keyboard.press('Escape');

  await page.getByText('Event log', { exact: true }).click();
  await page.getByRole('button', { name: 'Replay event log' }).click();
  await expect(page).toHaveURL(/\/replay$/);
  await expect.poll(() => [...chunks]).toContain('ReplayView');
  expectNoConsoleErrors(page);
});

test('the first paint is the app frame, before any script has loaded, and the app replaces it', async ({ page }) => {
  // With no JavaScript at all the page still shows what is coming, not a blank page.
  await page.route(/\.js$/, (route) => route.abort('failed'));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'NotePad' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your notes…' })).toBeVisible();
  await page.unroute(/\.js$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
  await expect(page.getByText('Loading your notes…')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'NotePad' })).toHaveCount(1);
});

test('with JavaScript turned off the page says NotePad needs it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    // Playwright's text matching skips <noscript>, so the paragraph is found by its place.
    const notice = page.locator('noscript > p');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText('NotePad needs JavaScript: turn it on for this site and reload.');
    await expect(page.getByRole('status')).toBeHidden();
  } finally {
    await context.close();
  }
});

test('the app frame with the product name shows while the event log is still opening', async ({ page }) => {
  // Hold IndexedDB's open until the test has seen the frame.
  await page.addInitScript(() => {
    const open = indexedDB.open.bind(indexedDB);
    const gate = new Promise<void>((resolve) => ((window as unknown as { __releaseLog: () => void }).__releaseLog = resolve));
    indexedDB.open = (name: string, version?: number) => {
      const request = open(name, version);
      const listeners: ((event: Event) => void)[] = [];
      const add = request.addEventListener.bind(request);
      request.addEventListener = ((type: string, listener: (event: Event) => void, options?: unknown) => {
        if (type !== 'success') return add(type, listener, options as AddEventListenerOptions);
        listeners.push(listener);
      }) as typeof request.addEventListener;
      add('success', (event) => void gate.then(() => listeners.forEach((l) => l(event))));
      return request;
    };
  });
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your notes…' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'NotePad' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Note' })).toHaveCount(0);
  await page.evaluate(() => (window as unknown as { __releaseLog: () => void }).__releaseLog());
  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
  await expect(page.getByText('Loading your notes…')).toHaveCount(0);
  expectNoConsoleErrors(page);
});

test('a screen whose code cannot be loaded shows "Unexpected Application Error!" with a link home', async ({ page }) => {
  await page.route(/\/assets\/ReplayView-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/replay');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(/replay|import|fetch|module/i);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
  expectNoConsoleErrors(page, { allow: [/Failed to load resource|ReplayView|dynamically imported module|a screen failed/i] });
});
