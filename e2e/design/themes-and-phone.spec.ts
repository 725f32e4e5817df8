import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/** Nothing may make the page scroll sideways: tables scroll or collapse inside their own container. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function check(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, name);
}

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

// The theme follows the system's colour scheme until the user picks one, so emulating it is how a user gets it.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const { label, viewport } of VIEWPORTS) {
    test.describe(`${colorScheme} at ${label} width`, () => {
      test.use({ colorScheme, viewport });

      test('login, the customer dashboard, the admin companies and the company dialog pass axe', async ({ page }) => {
        const suffix = `${colorScheme}-${label}`;
        await page.goto('/login');
        await expect(page.getByLabel('Email')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        await check(page, `theme-login-${suffix}`);

        await signIn(page, 'customer@example.com');
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check(page, `theme-dashboard-${suffix}`);

        await page.context().clearCookies();
        await signIn(page, 'admin@example.com');
        await expect(page).toHaveURL(/\/dashboard_admin/);
        await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
        await check(page, `theme-companies-${suffix}`);

        await page.getByLabel('Search Companies').fill('Kiwi Accounting');
        await page.getByRole('button', { name: 'Kiwi Accounting', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Kiwi Accounting' });
        await expect(dialog.getByLabel('Company name')).toHaveValue('Kiwi Accounting');
        await check(page, `theme-company-dialog-${suffix}`);
      });
    });
  }
}
