import { seriousViolations } from './axe';
import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';
import { derivedEntry, leaveApp } from './storedDerived';

// The original app's storage: one note with two follow-up highlights, modified now (so it is in the last 7 days).
const LEGACY_ID = '1700000000001';
const LEGACY_HTML =
  '<p>Call <span class="follow-up bg-yellow-200">Ana about the garden budget</span> then <span class="follow-up bg-yellow-200">book the room</span></p>';

/** Writes localStorage keys from a blank page of the app's origin, before the app first loads. */
async function seedLocalStorage(page: Page, entries: Record<string, string>) {
  const url = '/__dashboard_seed__';
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }));
  await page.goto(url);
  await page.evaluate((keys) => Object.entries(keys).forEach(([k, v]) => localStorage.setItem(k, v)), entries);
  await page.unroute(url);
}

/** The legacy note plus two notes typed in the editor, one starred through its row's star. */
async function seedNotes(page: Page): Promise<NotesPage> {
  await seedLocalStorage(page, {
    notes: JSON.stringify([{ id: LEGACY_ID, title: 'Call list', modified: new Date().toISOString() }]),
    [`note_${LEGACY_ID}`]: LEGACY_HTML,
  });
  const app = new NotesPage(page);
  await app.open();
  await expect(app.row('Call list')).toBeVisible();
  await app.createNote('Garden plan');
  await app.typeBody('garden garden budget plan 2026 abc123 the div');
  await app.waitForSaved();
  await app.createNote('Shopping');
  await app.typeBody('apples pears');
  await app.waitForSaved();
  await app.row('Garden plan').getByRole('button', { name: 'Star' }).click();
  await expect(app.row('Garden plan').getByRole('button', { name: 'Unstar' })).toBeVisible();
  return app;
}

const dashboard = (page: Page) => page.getByRole('region', { name: 'Analytics Dashboard' });
const card = (page: Page, label: string) =>
  page
    .locator('.dashboard-card')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

async function openDashboard(page: Page) {
  await page.getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  await expect(page.getByText('Overview of your notes and activity')).toBeVisible();
}

/** Non-transparent pixels of the word-cloud canvas. */
const cloudInkPixels = (page: Page) =>
  page.locator('.word-cloud canvas').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) ink += 1;
    return ink;
  });

test.describe('analytics dashboard', () => {
  test('shows the cards, the last 7 days, starred vs not, the top words and the follow-up items of the notes', async ({ page }) => {
    await seedNotes(page);
    await openDashboard(page);

    await expect(card(page, 'Total Notes')).toHaveText('3');
    // 10 words in the legacy note's text, 8 and 2 typed: markup is not counted.
    await expect(card(page, 'Total Words')).toHaveText('20');
    await expect(page.locator('.dashboard-summary')).toContainText('20 words in 3 notes');
    const newest = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('notes')!)
        .map((n: { modified: string }) => n.modified)
        .sort()
        .at(-1),
    );
    await expect(card(page, 'Last Modified').locator('time')).toHaveAttribute('datetime', newest);

    // Bar chart (Plot's SVG): seven bars, oldest first, today last with all three notes.
    const bars = page.locator('.weekday-chart svg rect[aria-label]');
    await expect(bars).toHaveCount(7);
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-US', { weekday: 'short' }));
    const labels = await bars.evaluateAll((rects) => rects.map((r) => r.getAttribute('aria-label')));
    expect(labels[6]).toMatch(new RegExp(`^${today} \\d{4}-\\d\\d-\\d\\d: 3 notes$`));
    expect(labels.slice(0, 6).every((l) => l?.endsWith(': 0 notes'))).toBe(true);
    // Plot sets a constant fill on the bar mark's group.
    await expect(page.locator('.weekday-chart svg g[aria-label="bar"]')).toHaveAttribute('fill', '#8b5cf6');

    // Donut (d3-shape arcs): one starred, two not starred, in the SVG and in the legend.
    const donut = page.locator('.starred-donut');
    await expect(donut.locator('path[data-slice="starred"]')).toHaveAttribute('data-count', '1');
    await expect(donut.locator('path[data-slice="starred"]')).toHaveAttribute('fill', '#8b5cf6');
    await expect(donut.locator('path[data-slice="not-starred"]')).toHaveAttribute('data-count', '2');
    await expect(donut.locator('path[data-slice="not-starred"]')).toHaveAttribute('fill', '#cbd5e1');
    await expect(donut.locator('path[data-slice="starred"] title')).toHaveText('Starred: 1');
    await expect(donut.getByRole('img')).toHaveAttribute('aria-label', 'Starred 1, not starred 2');
    await expect(donut.locator('.chart-legend li')).toHaveText(['Starred1', 'Not starred2']);

    // Word cloud: drawn on the canvas, and the same words listed with counts (stopwords, digits and markup left out).
    await expect.poll(() => cloudInkPixels(page)).toBeGreaterThan(200);
    await expect(page.locator('.word-list li')).toHaveText([
      'garden 3',
      'budget 2',
      'ana 1',
      'apples 1',
      'book 1',
      'call 1',
      'pears 1',
      'plan 1',
      'room 1',
    ]);

    await expect(page.locator('.follow-up-item')).toHaveText(['Call listAna about the garden budget', 'Call listbook the room']);
    expectNoConsoleErrors(page);
  });

  test('choosing a follow-up item opens its note, and the close button returns to the editor', async ({ page }) => {
    const app = await seedNotes(page);
    await openDashboard(page);
    await page.locator('.follow-up-item', { hasText: 'book the room' }).click();
    await expect(dashboard(page)).toHaveCount(0);
    await expect(page.locator('.editor-title')).toHaveText('Call list');
    await expect(app.editor).toContainText('book the room');
    await expect(page.getByRole('button', { name: 'Analytics' })).toHaveAttribute('aria-pressed', 'false');

    await openDashboard(page);
    await page.getByRole('button', { name: 'Close analytics' }).click();
    await expect(dashboard(page)).toHaveCount(0);
    await expect(page.locator('.editor-title')).toHaveText('Call list');
    await expect(app.editor).toBeVisible();
    // Focus returns to the toggle that opened the dashboard instead of falling to the page.
    await expect(page.getByRole('button', { name: 'Analytics' })).toBeFocused();
    expectNoConsoleErrors(page);
  });

  test('a note written in another tab shows on the open dashboard without a reload', async ({ page, context }) => {
    await seedNotes(page);
    await openDashboard(page);
    await expect(card(page, 'Total Notes')).toHaveText('3');

    const other = new NotesPage(await context.newPage());
    await other.open();
    await other.createNote('From tab two');
    await other.typeBody('orchard orchard orchard orchard');
    await other.waitForSaved();

    await expect(card(page, 'Total Notes')).toHaveText('4');
    await expect(card(page, 'Total Words')).toHaveText('24');
    await expect(page.locator('.word-list li').first()).toHaveText('orchard 4');
    await expect(page.locator('.weekday-chart svg rect[aria-label]').last()).toHaveAttribute('aria-label', /: 4 notes$/);
    await other.row('Garden plan').getByRole('button', { name: 'Unstar' }).click();
    await expect(page.locator('.starred-donut path[data-slice="starred"]')).toHaveAttribute('data-count', '0');
    await expect(page.locator('.starred-donut path[data-slice="not-starred"]')).toHaveAttribute('data-count', '4');
    expectNoConsoleErrors(page);
  });

  test('a later open takes the counts an earlier open stored for notes not changed since, reads a changed one again, and a deleted one leaves them', async ({
    page,
  }) => {
    // An old note (outside the last 7 days): its words are not needed for the word cloud.
    await seedLocalStorage(page, {
      notes: JSON.stringify([{ id: LEGACY_ID, title: 'Old list', modified: '2020-01-01T10:00:00.000Z' }]),
      [`note_${LEGACY_ID}`]: '<p>one two three</p>',
    });
    const app = new NotesPage(page);
    await app.open();
    await openDashboard(page);
    await expect(card(page, 'Total Words')).toHaveText('3');
    /** The stored word counts by note id (in IndexedDB, as the next page finds them). */
    const storedCounts = async () => {
      const stored = await derivedEntry<{ ids: string[]; wordCounts: number[] }>(page, 'note-counts');
      return Object.fromEntries((stored?.ids ?? []).map((id, i) => [id, stored!.wordCounts[i]]));
    };
    await expect.poll(storedCounts, { timeout: 15_000 }).toEqual({ [LEGACY_ID]: 3 });
    // A figure only the stored copy holds: shown after a new start, so the note was not read again.
    await leaveApp(page);
    const stored = (await derivedEntry<{ wordCounts: number[] }>(page, 'note-counts'))!;
    await derivedEntry(page, 'note-counts', { ...stored, wordCounts: [1000] });
    await app.open();
    await expect(card(page, 'Total Words')).toHaveText('1,000');
    await page.getByRole('button', { name: 'Close analytics' }).click();
    await app.row('Old list').click();
    await app.typeBody(' four');
    await app.waitForSavedText('four');
    await openDashboard(page);
    await expect(card(page, 'Total Words')).toHaveText('4');
    await expect.poll(storedCounts, { timeout: 15_000 }).toEqual({ [LEGACY_ID]: 4 });

    // A deleted note's counts leave the stored copy, with the dashboard closed too.
    await page.getByRole('button', { name: 'Close analytics' }).click();
    await app.row('Old list').getByRole('button', { name: 'Delete note' }).click();
    await expect.poll(storedCounts, { timeout: 15_000 }).toEqual({});
  });

  test('the dashboard has no serious or critical axe violations (WCAG 2.1 AA) in the light and dark themes', async ({ page }) => {
    await seedNotes(page);
    await openDashboard(page);
    await expect.poll(() => cloudInkPixels(page)).toBeGreaterThan(200);
    expect(await seriousViolations(page, '.dashboard')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await seriousViolations(page, '.dashboard')).toEqual([]);
    expectNoConsoleErrors(page);
  });

  test('a fresh install shows zero cards and says what each panel will show', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await openDashboard(page);
    await expect(card(page, 'Total Notes')).toHaveText('0');
    await expect(card(page, 'Total Words')).toHaveText('0');
    await expect(card(page, 'Last Modified')).toHaveText('—');
    const empty = page.locator('.panel-empty');
    await expect(empty).toHaveCount(6);
    await expect(empty.nth(0)).toContainText('how many notes you created or edited');
    await expect(empty.nth(1)).toContainText('starred notes');
    await expect(empty.nth(2)).toContainText('words you use most');
    await expect(empty.nth(3)).toContainText('how many notes each holds');
    await expect(empty.nth(4)).toContainText('the tags you use most appear here');
    await expect(empty.nth(5)).toContainText('follow-up highlight');
    expectNoConsoleErrors(page);
  });

  test('at 360 px wide the dashboard fits without scrolling sideways', async ({ page }) => {
    await seedLocalStorage(page, {
      notes: JSON.stringify([
        { id: LEGACY_ID, title: 'Call list with a rather long title that must not push the layout', modified: new Date().toISOString() },
      ]),
      [`note_${LEGACY_ID}`]: LEGACY_HTML,
    });
    const app = new NotesPage(page);
    await app.open();
    // Open the dashboard and hide the sidebar on a wide window (view state is kept), then narrow it.
    await openDashboard(page);
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(app.sidebar).toBeHidden();
    await expect(page.locator('.weekday-chart svg')).toBeVisible();
    await expect.poll(() => cloudInkPixels(page)).toBeGreaterThan(100);
    // Charts re-measure after the resize (ResizeObserver), so poll until the layout has settled.
    const layout = () =>
      page.evaluate(() => {
        const body = document.querySelector('.dashboard-body')!;
        const overflowing = [...body.querySelectorAll('*')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
        return {
          pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
          bodyScrollsSideways: body.scrollWidth > body.clientWidth,
          overflowing,
        };
      });
    await expect.poll(layout).toEqual({ pageScrollsSideways: false, bodyScrollsSideways: false, overflowing: [] });
    expectNoConsoleErrors(page);
  });

  test('Plot, d3 and wordcloud are not loaded with the app, only when the dashboard opens', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
    });
    const app = new NotesPage(page);
    await app.open();
    await page.waitForLoadState('load');
    const atLoad = [...scripts];
    expect(atLoad.length).toBeGreaterThan(0);

    await openDashboard(page);
    await expect(page.locator('.weekday-chart svg, .panel-empty').first()).toBeVisible();
    const lazy = scripts.filter((url) => !atLoad.includes(url));
    expect(lazy.length).toBeGreaterThan(0);

    // Which packages each script holds, from its source map (the build writes one per chunk but the
    // tiny bundler runtime; a URL without a map falls back to the app's HTML and is skipped).
    const packagesOf = (urls: string[]) =>
      page.evaluate(async (list) => {
        const packages: string[] = [];
        let maps = 0;
        for (const url of list) {
          const response = await fetch(`${url}.map`);
          if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) continue;
          maps += 1;
          const { sources } = (await response.json()) as { sources: string[] };
          for (const source of sources) {
            const match = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
            if (match && !packages.includes(match[1])) packages.push(match[1]);
          }
        }
        return { packages, maps };
      }, urls);
    const chartPackages = (packages: string[]) =>
      packages.filter((p) => p === '@observablehq/plot' || p.startsWith('d3') || p === 'wordcloud');

    const loaded = await packagesOf(atLoad);
    expect(loaded.maps).toBeGreaterThan(0);
    expect(loaded.packages).toContain('react-dom');
    expect(chartPackages(loaded.packages)).toEqual([]);
    // Nor the export of all notes (tests/e2e/exportAll.spec.ts checks its own modules too).
    expect(loaded.packages.filter((p) => p === '@zip.js/zip.js' || p === 'yaml')).toEqual([]);
    expect(chartPackages((await packagesOf(lazy)).packages)).toEqual(
      expect.arrayContaining(['@observablehq/plot', 'd3-shape', 'wordcloud']),
    );
    expectNoConsoleErrors(page);
  });
});
