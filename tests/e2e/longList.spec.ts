import { expect, test } from '@playwright/test';
import { openBareOriginPage } from './fixtures';
import { NotesPage } from './notesPage';

const NOTES = 300;
const title = (n: number) => `Long list note ${String(n).padStart(3, '0')}`;

/**
 * A list longer than the window (docs/architecture.md "Start-up order"): the first screen renders
 * only the rows that fit, and the virtualized rows take over once the page is idle, so every
 * note can still be scrolled to and searched for.
 */
test.describe('a list longer than the window', () => {
  test.beforeEach(async ({ page }) => {
    // The original app's keys: legacy import writes them into the log on the first start.
    await openBareOriginPage(page);
    await page.evaluate(
      ({ count, names }) => {
        const notes = Array.from({ length: count }, (_, i) => ({
          id: String(1_700_000_000_000 + i),
          title: names[i],
          modified: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
        }));
        localStorage.setItem('notes', JSON.stringify(notes));
      },
      { count: NOTES, names: Array.from({ length: NOTES }, (_, i) => title(i + 1)) },
    );
  });

  test('keeps few rows in the page, scrolls to the oldest note and finds one by search', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await expect(app.row(title(1))).toBeVisible();
    await page.reload();
    await expect(app.row(title(1))).toBeVisible();
    expect(await app.rows.count()).toBeLessThan(100);

    // Until the virtualizer has loaded the list ends at the first screen: scroll until the oldest note shows.
    const scroller = page.locator('.note-list-scroller');
    await expect(async () => {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect(app.row(title(NOTES))).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    expect(await app.rows.count()).toBeLessThan(100);

    await page.getByRole('searchbox', { name: 'Search notes' }).fill(title(287));
    await expect(app.rows).toHaveCount(1);
    await expect(app.row(title(287))).toBeVisible();
  });

  test('places its rows one under the other, without gaps or overlaps, in the full and the collapsed sidebar', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    const scroller = page.locator('.note-list-scroller');
    // Scrolled far down, the rows shown are placed by the virtualizer, not in the flow of the first screen.
    await expect(async () => {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
      await expect(app.row(title(NOTES / 2))).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    const gaps = () =>
      page.locator('.note-row').evaluateAll((rows) => {
        const boxes = rows.map((row) => row.getBoundingClientRect()).sort((a, b) => a.top - b.top);
        return boxes.slice(1).map((box, i) => Math.round(box.top - boxes[i].bottom));
      });
    const expectTight = async () => {
      const between = await gaps();
      expect(between.length).toBeGreaterThan(5);
      expect(new Set(between)).toEqual(new Set([0]));
    };
    await expectTight();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.locator('.sidebar.compact')).toBeVisible();
    await expectTight();
    await page.getByRole('button', { name: 'Expand sidebar' }).first().click();
    await expect(page.locator('.sidebar.compact')).toHaveCount(0);
    await expectTight();
  });
});
