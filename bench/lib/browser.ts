import { chromium, type Browser, type BrowserContext } from '@playwright/test';

/** Chromium flags of the browser tests (the distribution's Chromium, headless; scripts/find-chromium.mjs). */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Launch headless Chromium (CHROMIUM_PATH or /usr/bin/chromium). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS });
}

/**
 * A fresh, isolated context (own IndexedDB, localStorage and HTTP cache: a cold load); `serviceWorkers`
 * 'block' keeps the app's service worker out (it would serve its precached build after the server's changed).
 * tsx compiles functions passed to `page.evaluate` with esbuild's keepNames, which calls a
 * `__name` helper that does not exist in the page; the init script defines it.
 */
export async function newContext(browser: Browser, serviceWorkers: 'allow' | 'block' = 'allow'): Promise<BrowserContext> {
  return withNameHelper(await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers }));
}

/**
 * A context of its own Chromium whose profile lives in `userDataDir` on disk: storage with the disk's
 * quota (an in-memory context's quota ends a library of 50,000 notes in QuotaExceededError). Closing
 * it ends that browser; the folder is the caller's to remove.
 */
export async function diskContext(userDataDir: string): Promise<BrowserContext> {
  return withNameHelper(
    await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 800 },
    }),
  );
}

async function withNameHelper(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(() => {
    (globalThis as unknown as { __name: (f: unknown) => unknown }).__name = (f: unknown) => f;
  });
  return context;
}
