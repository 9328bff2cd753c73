import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startServer, type RunningHost } from '../../server/app';
import { createFunctions } from '../../server/functions';
import { expect, expectNoConsoleErrors, test, trackConsoleErrors } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * Offline and installable: after the first visit the service worker serves the app with
 * the server stopped, and a new version waits for the user ("Update available", Reload) instead of
 * switching under them. These tests start and stop their own host (server/app.ts) on ports of
 * their own, serving the same build the suite serves (NOTEPAD_DIST).
 */

const DIST = resolve(process.env.NOTEPAD_DIST || 'dist');
const HOST = '127.0.0.1';
/** Ports of these tests' own hosts; a host is stopped and started again on the same port (same origin). */
const OFFLINE_PORT = Number(process.env.OFFLINE_TEST_PORT ?? 4562);
const UPDATE_PORT = OFFLINE_PORT + 1;
/** Offline, the usage call and asset requests the service worker does not answer fail, and the browser logs them. */
const OFFLINE_NOISE = [/Failed to load resource/, /track-app-usage|tracking|usage/i, /net::ERR_CONNECTION_REFUSED/];

const serve = (distDir: string, port: number) => startServer({ distDir, port, host: HOST, functions: createFunctions(process.env) });

/** A fresh browser context (service workers allowed) with one tracked page. */
async function openContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  trackConsoleErrors(page);
  return { context, page };
}

/** Load `url` and reload until the service worker controls the page (the first visit installs it). */
async function visitUntilControlled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // registerType "prompt" does not claim open pages: the page is controlled from its next load.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
}

// These tests need the service worker the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.describe('offline and installable', () => {
  let host: RunningHost | null = null;
  test.afterEach(async () => {
    await host?.close();
    host = null;
  });

  test('after the first visit, with the server stopped, a reload still loads the app and notes work', async ({ browser }) => {
    host = await serve(DIST, OFFLINE_PORT);
    const { context, page } = await openContext(browser);
    try {
      await visitUntilControlled(page, host.url);
      const app = new NotesPage(page);
      await app.createNote('Written online');
      await app.typeBody('before the server stopped');
      await app.waitForSaved();

      await host.close();
      host = null;
      // The server is really gone: a request outside the service worker is refused.
      await expect(page.request.get(`http://${HOST}:${OFFLINE_PORT}/`)).rejects.toThrow();

      await page.reload();
      await expect(app.row('Written online')).toBeVisible();
      await expect(page.locator('.editor-title')).toHaveText('Written online');
      await expect(app.editor).toContainText('before the server stopped');
      await app.typeBody(' and after');
      await app.waitForSaved();
      await app.createNote('Written offline');
      await app.typeBody('no server at all');
      await app.waitForSaved();

      // A deep link is answered by the service worker's navigation fallback too.
      await page.goto(`http://${HOST}:${OFFLINE_PORT}/replay`);
      await expect(page.getByText(/Current log: \d+ events/)).toBeVisible();
      await page.goto(`http://${HOST}:${OFFLINE_PORT}/`);
      await expect(app.rowTitleTexts).toHaveText(['Written offline', 'Written online']);
      const keys = await app.localStorageKeys();
      const index = JSON.parse(keys.notes) as { id: string; title: string }[];
      expect(keys[`note_${index[1].id}`]).toContain('before the server stopped and after');
      expect(keys[`note_${index[0].id}`]).toContain('no server at all');
      expectNoConsoleErrors(page, { allow: OFFLINE_NOISE });
    } finally {
      await context.close();
    }
  });

  test('a new version announces "Update available" instead of switching, and Reload switches to it', async ({ browser }) => {
    // Version 2: the same build whose index.html carries a marker; sw.js lists the new revision, so its bytes differ.
    const v2 = mkdtempSync(join(tmpdir(), 'notepad-v2-'));
    cpSync(DIST, v2, { recursive: true });
    const indexHtml = readFileSync(join(v2, 'index.html'), 'utf8');
    writeFileSync(join(v2, 'index.html'), indexHtml.replace('<head>', '<head><meta name="notepad-build" content="v2">'));
    const sw = readFileSync(join(v2, 'sw.js'), 'utf8');
    const swV2 = sw.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1v2-build"');
    expect(swV2, 'sw.js lists index.html with a revision').not.toBe(sw);
    writeFileSync(join(v2, 'sw.js'), swV2);

    const { context, page } = await openContext(browser);
    const marker = () => page.locator('meta[name="notepad-build"]').count();
    try {
      host = await serve(DIST, UPDATE_PORT);
      await visitUntilControlled(page, host.url);
      const app = new NotesPage(page);
      await app.createNote('Kept across the update');
      await app.typeBody('text typed in version 1');
      await app.waitForSaved();
      const prompt = page.getByRole('status').filter({ hasText: 'Update available' });
      await expect(prompt).toHaveCount(0);

      await host.close();
      host = await serve(v2, UPDATE_PORT);
      await page.reload();
      await expect(prompt).toBeVisible();
      await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
      // Still version 1: the new worker waits for the user.
      expect(await marker()).toBe(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed');
      await page.reload();
      await expect(prompt).toBeVisible();
      expect(await marker()).toBe(0);

      await prompt.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(marker).toBe(1);
      await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
      await expect(prompt).toHaveCount(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await expect(app.row('Kept across the update')).toBeVisible();
      await app.row('Kept across the update').locator('.note-row-main').click();
      await expect(app.editor).toContainText('text typed in version 1');
      expectNoConsoleErrors(page, { allow: OFFLINE_NOISE });
    } finally {
      await context.close();
      rmSync(v2, { recursive: true, force: true });
    }
  });
});

test.describe('install manifest', () => {
  test('the web app manifest is linked, served as JSON with the app’s name, start URL, display and icons that load', async ({
    page,
    request,
  }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      scope: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'NotePad', short_name: 'NotePad', start_url: '/', display: 'standalone', scope: '/' });
    for (const size of ['192x192', '512x512']) expect(manifest.icons.some((i) => i.sizes === size && i.type === 'image/png')).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      const bytes = await png.body();
      // PNG header: width and height are big-endian at bytes 16 and 20.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    await new NotesPage(page).open();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  test('Chromium finds the app installable once the service worker controls it', async ({ browser }) => {
    const host = await serve(DIST, OFFLINE_PORT);
    const { context, page } = await openContext(browser);
    try {
      await visitUntilControlled(page, host.url);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      // Playwright's contexts are off-the-record profiles, which Chromium never offers to install from.
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
      const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      expect(url).toBe(`${host.url}manifest.webmanifest`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await host.close();
    }
  });
});
