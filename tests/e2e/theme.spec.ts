import type { Locator, Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, openBareOriginPage, test } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * Dark mode: the theme follows the system setting, a toggle overrides it and is
 * remembered, BlockNote's theme follows, and the six text colours stay readable (contrast
 * measured in the browser against the editor's real background).
 */

/** docs/product.md "Constants" text colours. */
const SPEC_COLORS = { Black: '#000000', Purple: '#9b87f5', Blue: '#0EA5E9', Green: '#10B981', Red: '#ea384c', Orange: '#F97316' } as const;
/** WCAG 2.1 AA contrast for normal text. */
const READABLE_CONTRAST = 4.5;

/**
 * Contrast (WCAG 2.1) of `locator`'s text colour against the background it is painted on: the
 * element's and its ancestors' background colours composited down to the first opaque one.
 * Also returns that background's relative luminance and the text colour.
 */
async function contrastOf(locator: Locator): Promise<{ ratio: number; color: string; background: number }> {
  return locator.evaluate((el) => {
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = [r, g, b].map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
    };
    const layers: number[][] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const [r, g, b, a = 1] = parse(getComputedStyle(node).backgroundColor);
      if (a > 0) layers.push([r, g, b, a]);
      if (a === 1) break;
    }
    // Composite from the bottom (the first opaque layer, or the white canvas) up.
    let bg = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) bg = [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a)];
    const color = getComputedStyle(el).color;
    const [l1, l2] = [luminance(parse(color)), luminance(bg)].sort((x, y) => y - x);
    return { ratio: (l1 + 0.05) / (l2 + 0.05), color, background: luminance(bg) };
  });
}

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

/** Put a note with one word in each of the six text colours into localStorage, as the original app wrote it, and open it. */
async function openColourNote(page: Page): Promise<NotesPage> {
  await openBareOriginPage(page);
  await page.evaluate((colors) => {
    localStorage.setItem('notes', JSON.stringify([{ id: '1700000000002', title: 'Colours', modified: '2026-11-01T09:00:00.000Z' }]));
    const words = Object.entries(colors)
      .map(([name, hex]) => `<font color="${hex}">${name}</font>`)
      .join(' ');
    localStorage.setItem('note_1700000000002', `<p>${words} plain</p>`);
  }, SPEC_COLORS);
  const app = new NotesPage(page);
  await app.open();
  await app.row('Colours').locator('.note-row-main').click();
  await expect(app.editor).toContainText('Black Purple Blue Green Red Orange plain');
  return app;
}

test.describe('dark mode', () => {
  test('the theme follows the emulated colour scheme, and BlockNote’s theme follows it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const app = new NotesPage(page);
    await app.open();
    await app.createNote('Themed');
    await app.typeBody('Readable in both themes');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('.bn-container')).toHaveAttribute('data-color-scheme', 'light');
    const paragraph = app.editor.locator('.bn-inline-content').first();
    const light = await contrastOf(paragraph);
    expect(light.background).toBeGreaterThan(0.8);
    expect(light.ratio).toBeGreaterThanOrEqual(READABLE_CONTRAST);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.bn-container')).toHaveAttribute('data-color-scheme', 'dark');
    const dark = await contrastOf(paragraph);
    expect(dark.background).toBeLessThan(0.05);
    expect(dark.ratio).toBeGreaterThanOrEqual(READABLE_CONTRAST);
    // The sidebar and header follow too.
    expect((await contrastOf(page.getByRole('heading', { name: 'NotePad' }))).background).toBeLessThan(0.05);
    expect((await contrastOf(page.locator('.editor-title'))).ratio).toBeGreaterThanOrEqual(READABLE_CONTRAST);
    expectNoConsoleErrors(page);
  });

  test('on a dark system the first paint, before any script has loaded, is already dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.route(/\.js$/, (route) => route.abort('failed'));
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Loading your notes…' })).toBeVisible();
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(await background()).toBe('rgb(17, 24, 39)');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(255, 255, 255)');
  });

  test('the toggle overrides the system setting and is remembered across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const app = new NotesPage(page);
    await app.open();
    const toggle = page.getByRole('button', { name: /^Theme: / });
    await expect(toggle).toHaveAccessibleName('Theme: System');
    expect(await theme(page)).toBe('dark');

    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Theme: Light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(toggle).toHaveAccessibleName('Theme: Light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Theme: Dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(toggle).toHaveAccessibleName('Theme: Dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    // Back to System: the emulated light scheme applies again.
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Theme: System');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the six text colours are readable against the editor background in both themes, Black shown as the text colour on dark', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const app = await openColourNote(page);
    const figures: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect(page.locator('.bn-container')).toHaveAttribute('data-color-scheme', scheme);
      for (const [name, hex] of Object.entries(SPEC_COLORS)) {
        const word = app.editor.locator(`[data-color="${hex}" i]`, { hasText: name });
        await expect(word).toHaveCount(1);
        const { ratio, color } = await contrastOf(word);
        figures.push(`${scheme} ${name} ${hex} shown as ${color}: ${ratio.toFixed(2)}:1`);
        expect(ratio, `${name} on ${scheme}`).toBeGreaterThanOrEqual(READABLE_CONTRAST);
      }
      const black = await contrastOf(app.editor.locator('[data-color="#000000"]'));
      const plain = await contrastOf(app.editor.locator('.bn-inline-content').first());
      if (scheme === 'dark') expect(black.color, 'Black is the text colour on dark').toBe(plain.color);
      else expect(black.color).toBe('rgb(0, 0, 0)');
    }
    console.log(`Text colour contrast against the editor background:\n  ${figures.join('\n  ')}`);
    // The note itself keeps the exact values of docs/product.md "Constants".
    const stored = await page.evaluate(() => localStorage.getItem('note_1700000000002'));
    for (const hex of Object.values(SPEC_COLORS)) expect(stored).toContain(hex);
  });
});
