import { expect, expectNoConsoleErrors, test } from './fixtures';

test('the app opens with the title NotePad and no uncaught errors', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('NotePad');
  // Let start-up (event log, storage mirror) finish so late errors are caught too.
  await page.waitForLoadState('networkidle');
  expectNoConsoleErrors(page, { pageErrorsOnly: true });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/definitely-missing');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expectNoConsoleErrors(page, { pageErrorsOnly: true });
});
