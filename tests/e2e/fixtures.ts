import { expect, test as base, type Page } from '@playwright/test';

/** Problems a page reported: uncaught exceptions and console.error messages. */
export interface PageProblems {
  pageErrors: string[];
  consoleErrors: string[];
}

const tracked = new WeakMap<Page, PageProblems>();

/** What Playwright's `serviceWorkers: 'block'` logs when the page registers one. */
const BLOCKED_WORKER_WARNING = 'Service Worker registration blocked by Playwright';
/** The start of what the app logs when its service worker's registration fails (src/ui/pwa/UpdatePrompt.tsx). */
const REGISTRATION_FAILED = 'NotePad: service worker registration failed';

/**
 * What Chromium (156 and later) logs when it parses an inline event handler attribute under the app's
 * CSP, also into the inert document a sanitizer reads markup with: the report of a handler blocked, not
 * run. Specs that import the hostile SVG of tests/fixtures/import/vaults.ts allow it, and check with
 * expectHostileSvgInert that nothing in that SVG ran.
 */
export const BLOCKED_INLINE_HANDLER =
  /^Executing inline event handler violates the following Content Security Policy directive 'script-src 'self' 'wasm-unsafe-eval''/;

/** Asserts that no script of the hostile SVG fixture ran in `page` (it sets `top.__svgRan` when one does). */
export async function expectHostileSvgInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __svgRan?: string }).__svgRan ?? null)).toBeNull();
}

/** Starts recording uncaught errors and console errors of `page` (idempotent); returns the live record. */
export function trackConsoleErrors(page: Page): PageProblems {
  let problems = tracked.get(page);
  if (!problems) {
    const record: PageProblems = { pageErrors: [], consoleErrors: [] };
    page.on('pageerror', (error) => record.pageErrors.push(error.stack ?? error.message));
    // Where the config blocks service workers (most specs: see playwright.config.ts), Playwright's
    // stand-in for register() says so and resolves with nothing, and the app reports the failed
    // registration: that report is the block's doing, not the app's, and is left out.
    let workersBlocked = false;
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text() === BLOCKED_WORKER_WARNING) workersBlocked = true;
      if (message.type() !== 'error') return;
      if (workersBlocked && message.text().startsWith(REGISTRATION_FAILED)) return;
      record.consoleErrors.push(message.text());
    });
    tracked.set(page, record);
    problems = record;
  }
  return problems;
}

/**
 * Asserts that `page` (tracked by the `test` below or by trackConsoleErrors) had no uncaught
 * errors and, unless `pageErrorsOnly`, no console.error output other than messages matching `allow`.
 */
export function expectNoConsoleErrors(page: Page, options: { allow?: RegExp[]; pageErrorsOnly?: boolean } = {}) {
  const problems = tracked.get(page);
  if (!problems) throw new Error('expectNoConsoleErrors: this page is not tracked; call trackConsoleErrors(page) first');
  const allowed = (text: string) => (options.allow ?? []).some((pattern) => pattern.test(text));
  expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
  if (!options.pageErrorsOnly) {
    expect(
      problems.consoleErrors.filter((text) => !allowed(text)),
      'console errors',
    ).toEqual([]);
  }
}

// An origin-local URL answered by the test itself, so storage can be read and written without booting
// the app (which would write to storage, or import what is being written, meanwhile).
const BARE_PATH = '/__e2e_bare__';

/**
 * Open on `page` a blank page of the app's origin (the config's `baseURL`) that runs no app code:
 * storage written there is what NotePad meets at its next start, as another app left it.
 */
export async function openBareOriginPage(page: Page): Promise<void> {
  const pattern = `**${BARE_PATH}`;
  await page.route(pattern, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bare</title>' }));
  await page.goto(BARE_PATH);
  await page.unroute(pattern);
}

/** Clears localStorage, sessionStorage and every IndexedDB database of the app's origin, then leaves `page` on about:blank. */
async function clearOriginStorage(page: Page) {
  await openBareOriginPage(page);
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const databases = await indexedDB.databases();
    await Promise.all(
      databases.map(
        ({ name }) =>
          new Promise<void>((resolve, reject) => {
            if (!name) return resolve();
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = () => resolve();
            request.onerror = () => reject(request.error);
            // Another connection would keep it open; there is none on this blank page.
            request.onblocked = () => resolve();
          }),
      ),
    );
  });
  await page.goto('about:blank');
}

/**
 * `test` whose `page` starts with empty storage for the app's origin and records its errors
 * (see expectNoConsoleErrors), and which closes the browser contexts the test opened itself. Playwright already gives each test a new context; the explicit
 * clear keeps that true if a suite ever shares a context or storage state.
 */
export const test = base.extend<{ pageProblems: PageProblems; closeOpenedContexts: void }>({
  // Contexts a test opens itself (the sync specs' devices) are not Playwright's to close: left open, their
  // pages go on syncing and polling beside every later test of the worker. Closed after Playwright's own.
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().flatMap((context) => (before.has(context) ? [] : [context.close().catch(() => {})])));
    },
    { auto: true },
  ],
  page: async ({ page, baseURL }, use) => {
    trackConsoleErrors(page);
    if (!baseURL) throw new Error('fixtures.ts needs use.baseURL (set in playwright.config.ts)');
    await clearOriginStorage(page);
    await use(page);
  },
  pageProblems: async ({ page }, use) => {
    await use(trackConsoleErrors(page));
  },
});

export { expect };
