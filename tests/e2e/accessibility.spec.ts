import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { openBareOriginPage } from './fixtures';
import { NotesPage } from './notesPage';

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('the app with a note, in light and dark themes, has no serious or critical violations', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Accessible note');
    await app.typeBody('Some text to read.');
    await app.waitForSaved();
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('search results, the replay view and the 404 page have no serious or critical violations', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Findable');
    await app.createNote('Other');
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('find');
    await expect(app.rows.locator('mark')).toHaveText(['Find']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/replay');
    await expect(page.getByText(/Current log: \d+ events/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/nowhere');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the analytics dashboard with charts, in light and dark themes, has no serious or critical violations', async ({ page }) => {
    await openBareOriginPage(page);
    await page.evaluate(() => {
      localStorage.setItem('notes', JSON.stringify([{ id: '1700000000001', title: 'Call list', modified: new Date().toISOString() }]));
      localStorage.setItem('note_1700000000001', '<p>Call <span class="follow-up bg-yellow-200">Ana about the garden budget</span></p>');
    });
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Garden plan');
    await app.typeBody('garden budget plan for the spring garden');
    await app.waitForSaved();
    await app.row('Garden plan').getByRole('button', { name: 'Star' }).click();
    await page.getByRole('button', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
    await expect(page.getByText('Ana about the garden budget')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('landmarks: the sidebar is navigation, the editor is in main; status messages are a live region', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await expect(page.getByRole('navigation', { name: 'Notes' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await app.createNote('Live');
    await page.locator('.editor-header').getByRole('button', { name: 'Star' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Note starred' })).toBeVisible();
  });

  test('every control is reachable with Tab and shows a focus ring', async ({ page }) => {
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Tabbing');
    await page.locator('body').click({ position: { x: 700, y: 500 } });
    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return {
          name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName,
          ring: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
        };
      });
      if (!info) continue;
      expect(info.ring, `focus ring on ${info.name}`).toBe(true);
      seen.add(info.name);
    }
    for (const name of ['New Note', 'Analytics', 'Sort', 'Search notes', 'Star', 'Delete note']) expect([...seen]).toContain(name);
  });
});
