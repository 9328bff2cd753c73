import type { Page } from '@playwright/test';
import { startServer, type RunningHost } from '../../server/app';
import { expect, test, trackConsoleErrors } from './fixtures';
import { DIST, startRecordingHost, type RecordingHost } from './functionsHost';

/**
 * Usage tracking on app load (docs/product.md "Calls"; rules in README "AI helpers and usage
 * tracking"). The app is served by a host started here, which records each call as it arrives.
 */

const TRACK_PATH = '/functions/v1/track-app-usage';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let host: RecordingHost;
test.beforeAll(async () => {
  host = await startRecordingHost();
});
test.afterAll(async () => {
  await host?.close();
});
test.beforeEach(() => {
  host.calls.length = 0;
});

/** A path of the test host. */
const at = (path: string) => new URL(path, host.url).href;

/** Load `path` of the test host, wait for the tracking answer, and return the body the host received. */
async function loadAndCatchTracking(
  page: Page,
  path: string,
  options: { referer?: string } = {},
): Promise<{ app_name: string; source: string; session_id: string }> {
  const before = host.callsOf('track-app-usage').length;
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === TRACK_PATH);
  await page.goto(at(path), options);
  expect((await answered).ok()).toBe(true);
  const calls = host.callsOf('track-app-usage');
  expect(calls).toHaveLength(before + 1);
  return calls[calls.length - 1].body as { app_name: string; source: string; session_id: string };
}

test('loading the app posts app_name, source and session_id once, with the anonymous key, and stores the session id', async ({ page }) => {
  const body = await loadAndCatchTracking(page, '/?source=newsletter');
  expect(Object.keys(body).sort()).toEqual(['app_name', 'session_id', 'source']);
  expect(body).toMatchObject({ app_name: 'NotePad', source: 'newsletter' });
  expect(body.session_id).toMatch(UUID);
  const [{ headers }] = host.callsOf('track-app-usage');
  expect(headers['apikey']).toBe('notepad-local-anon-key');
  expect(headers['authorization']).toBe('Bearer notepad-local-anon-key');
  expect(headers['content-type']).toContain('application/json');
  expect(await page.evaluate(() => sessionStorage.getItem('ss_session_id'))).toBe(body.session_id);

  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(host.callsOf('track-app-usage')).toHaveLength(1);
});

test('the session id is reused across reloads and a new browser context gets a new one', async ({ page, browser }) => {
  const first = (await loadAndCatchTracking(page, '/')).session_id;
  const second = (await loadAndCatchTracking(page, '/?source=again')).session_id;
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === TRACK_PATH);
  await page.reload();
  await answered;
  const third = host.callsOf('track-app-usage').at(-1)!.body as { session_id: string };
  expect(first).toMatch(UUID);
  expect(second).toBe(first);
  expect(third.session_id).toBe(first);

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const fresh = (await loadAndCatchTracking(otherPage, '/')).session_id;
    expect(fresh).toMatch(UUID);
    expect(fresh).not.toBe(first);
  } finally {
    await other.close();
  }
});

test('the source comes from the referrer when there is no source parameter', async ({ page }) => {
  const sourceFor = async (referer?: string) => (await loadAndCatchTracking(page, '/', referer ? { referer } : {})).source;
  expect(await sourceFor()).toBe('direct');
  expect(await sourceFor('http://www.youtube.com/watch?v=abc')).toBe('video-app');
  expect(await sourceFor(at('/somewhere'))).toBe('website');
  expect(await sourceFor('http://news.example.org/article')).toBe('external');
  // A source parameter wins over the referrer. (http referrers: an https one is dropped on the way to this http test host.)
  expect((await loadAndCatchTracking(page, '/?source=video-app', { referer: 'http://news.example.org/' })).source).toBe('video-app');
});

test('the replay view makes no request to the functions', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/functions/')) calls.push(r.url());
  });
  await page.goto(at('/replay'));
  await expect(page.getByRole('heading', { name: 'Replay' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  expect(host.calls).toEqual([]);
});

test.describe('when tracking fails', () => {
  let bare: RunningHost;
  test.beforeAll(async () => {
    // The real host and build, without any functions: every call answers 404 JSON.
    bare = await startServer({ port: 0, host: '127.0.0.1', distDir: DIST, functions: {} });
  });
  test.afterAll(async () => {
    await bare?.close();
  });

  test('the failure is logged to the console and never shown', async ({ page }) => {
    const problems = trackConsoleErrors(page);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === TRACK_PATH);
    await page.goto(bare.url);
    expect((await answered).status()).toBe(404);
    await expect.poll(() => problems.consoleErrors.some((m) => m.startsWith('[tracking] usage was not recorded'))).toBe(true);
    await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(page.getByText(/usage|tracking/i)).toHaveCount(0);
    expect(problems.pageErrors).toEqual([]);
  });
});
