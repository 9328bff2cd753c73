import { chromium, type Browser, type BrowserContext } from '@playwright/test';

/** Chromium flags of the browser tests (the distribution's Chromium, headless; scripts/find-chromium.mjs). */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Launch headless Chromium (CHROMIUM_PATH or /usr/bin/chromium). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS });
}

/**
 * A fresh, isolated context (own IndexedDB, localStorage and HTTP cache: a cold load).
 * tsx compiles functions passed to `page.evaluate` with esbuild's keepNames, which calls a
 * `__name` helper that does not exist in the page; the init script defines it.
 */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    (globalThis as unknown as { __name: (f: unknown) => unknown }).__name = (f: unknown) => f;
  });
  return context;
}
