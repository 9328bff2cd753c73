import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * Small and large screens: nothing overflows horizontally at 360 px and 1280 px (the app
 * with a note and its toolbar, search results, the dashboard, the replay view), and below 768 px
 * the sidebar is a drawer over the editor.
 */

const WIDTHS = [360, 1280] as const;
const HEIGHT = 800;
/** A word with no break opportunity: it must wrap inside the note, not push the page wider. */
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2);

/**
 * Visible elements that stick out of the viewport sideways, unless an ancestor clips or scrolls
 * them inside the viewport (a toolbar that scrolls is fine). Also the page's own sideways scroll.
 */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > width + 1) problems.push(`the page scrolls sideways: ${scroller.scrollWidth}px content in ${width}px`);
    if (document.body.scrollWidth > width + 1) problems.push(`body is ${document.body.scrollWidth}px wide in ${width}px`);
    const clippedInside = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible') {
          const r = a.getBoundingClientRect();
          if (r.left >= -1 && r.right <= width + 1) return true;
        }
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if ((r.right > width + 1 || r.left < -1) && !clippedInside(el)) {
        const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
        problems.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${name}" spans ${Math.round(r.left)}..${Math.round(r.right)}px`,
        );
      }
    }
    return problems.slice(0, 10);
  });
}

/** Notes for the layout checks: one with a long title and body, one to search for. */
async function seed(app: NotesPage) {
  await showSidebar(app.page);
  await app.createNote('A fairly long note title that has to fit on a phone screen somehow');
  await app.typeBody(`Body text with a very long word ${LONG_WORD} and more words after it.`);
  await app.waitForSaved();
  await showSidebar(app.page);
  await app.createNote('Findable');
}

/** Expand the sidebar when it is hidden (on a phone it is a drawer that closes after picking a note). */
async function showSidebar(page: Page) {
  const reveal = page.getByRole('button', { name: 'Expand sidebar' });
  if (await reveal.isVisible()) await reveal.click();
  await expect(page.getByRole('navigation', { name: 'Notes' })).toBeVisible();
}

for (const width of WIDTHS) {
  test(`at ${width} px nothing overflows sideways: the app with a note, search results, the dashboard and the replay view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: HEIGHT });
    const app = new NotesPage(page);
    await app.open();
    await seed(app);
    await showSidebar(page);
    await app.row('A fairly long note title that has to fit on a phone screen somehow').locator('.note-row-main').click();
    await expect(app.editor).toContainText(LONG_WORD);
    expect(await horizontalOverflow(page), 'app with a note').toEqual([]);

    await showSidebar(page);
    expect(await horizontalOverflow(page), 'sidebar open').toEqual([]);
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('find');
    await expect(app.rows.locator('mark')).toHaveText(['Find']);
    expect(await horizontalOverflow(page), 'search results').toEqual([]);
    await page.getByRole('button', { name: 'Clear search' }).click();

    await page.getByRole('button', { name: 'Analytics', exact: true }).click();
    await expect(page.locator('.editor-pane')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toBeEmpty();
    expect(await horizontalOverflow(page), 'dashboard').toEqual([]);

    await page.goto('/replay');
    await expect(page.getByText(/Current log: \d+ events/)).toBeVisible();
    expect(await horizontalOverflow(page), 'replay view').toEqual([]);
    expectNoConsoleErrors(page);
  });
}

test('below 768 px the sidebar is a drawer over the editor that closes when a note is picked, a note is created, Analytics is opened or the backdrop is tapped', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: HEIGHT });
  const app = new NotesPage(page);
  await app.open();
  const sidebar = page.getByRole('navigation', { name: 'Notes' });
  await page.getByRole('button', { name: 'New Note' }).click();
  // The new note's title field is in view, not under the drawer.
  await expect(sidebar).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Note title' })).toBeInViewport();
  await page.getByRole('textbox', { name: 'Note title' }).fill('Phone note');
  await page.keyboard.press('Enter');
  await app.typeBody('read on a phone');
  await app.waitForSaved();
  await showSidebar(page);
  await page.getByRole('button', { name: 'Analytics', exact: true }).click();
  await expect(sidebar).toHaveCount(0);
  await showSidebar(page);
  await page.getByRole('button', { name: 'Analytics', exact: true }).click();
  await showSidebar(page);

  const main = page.getByRole('main');
  const drawer = (await sidebar.boundingBox())!;
  const mainBox = (await main.boundingBox())!;
  // The drawer lies over the editor, which keeps the full width.
  expect(await sidebar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  expect(mainBox.x).toBe(0);
  expect(mainBox.width).toBe(360);
  expect(drawer.x).toBe(0);
  expect(drawer.width).toBeLessThan(360);

  await app.row('Phone note').locator('.note-row-main').click();
  await expect(sidebar).toHaveCount(0);
  await expect(app.editor).toContainText('read on a phone');
  await expect(app.editor).toBeInViewport();

  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toBeVisible();
  // Tapping the dimmed editor beside the drawer closes it.
  await page.mouse.click(350, 400);
  await expect(sidebar).toHaveCount(0);
});

test('at 768 px and wider the sidebar sits beside the editor', async ({ page }) => {
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: HEIGHT });
    const app = new NotesPage(page);
    await app.open();
    const sidebar = (await page.getByRole('navigation', { name: 'Notes' }).boundingBox())!;
    const main = (await page.getByRole('main').boundingBox())!;
    expect(main.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width - 1);
    expect(main.x + main.width).toBeLessThanOrEqual(width);
  }
});

test('the overflow check reports an element wider than the screen, and not one inside a scrolling toolbar', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: HEIGHT });
  await new NotesPage(page).open();
  await page.evaluate(() => {
    const scroller = Object.assign(document.createElement('div'), { className: 'probe-scroller' });
    scroller.style.cssText = 'overflow-x: auto; width: 200px';
    scroller.append(Object.assign(document.createElement('div'), { textContent: 'wide but scrolled', style: 'width: 900px' }));
    document.querySelector('main')!.append(scroller);
  });
  expect(await horizontalOverflow(page)).toEqual([]);
  await page.evaluate(() => {
    const wide = Object.assign(document.createElement('div'), { className: 'probe-wide', textContent: 'too wide' });
    wide.style.width = '900px';
    document.querySelector('main')!.append(wide);
  });
  expect(await horizontalOverflow(page)).toEqual(['body is 900px wide in 360px', 'div.probe-wide "too wide" spans 0..900px']);
});
