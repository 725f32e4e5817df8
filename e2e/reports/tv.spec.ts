import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot } from '../support/journeys.ts';

test('the TV wall signs in with its own password, cycles its tabs by keyboard and logs out with L', async ({ page }) => {
  test.slow();
  await page.goto('/reports_tv');
  await expect(page.getByRole('heading', { name: 'TV wall sign-in' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'reports-tv-login');

  await page.getByLabel(/^Username/).fill('tv');
  await page.getByLabel(/^Password/).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid TV wall username or password');

  // The development default (REPORTS_TV_USERNAME / REPORTS_TV_PASSWORD unset outside production).
  await page.getByLabel(/^Password/).fill('tv-wall');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const tab = (name: string) => page.getByRole('tab', { name });
  await expect(tab('1 Monthly Totals')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Current stats' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Active devices over the last 60 days' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  // The clock ticks each second.
  const clock = page.getByTestId('tv-clock');
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first ?? '', { timeout: 3000 });
  await expectAccessible(page);
  await screenshot(page, 'reports-tv-monthly-totals');

  // A reload keeps the stored pair.
  await page.reload();
  await expect(tab('1 Monthly Totals')).toHaveAttribute('aria-selected', 'true');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('2');
  await expect(tab('2 Signups By Month')).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
  await screenshot(page, 'reports-tv-signups');
  await page.keyboard.press('ArrowRight');
  await expect(tab('1 Monthly Totals')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('2 Signups By Month')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('1');
  await expect(tab('1 Monthly Totals')).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('l');
  await expect(page.getByRole('heading', { name: 'TV wall sign-in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'TV wall sign-in' })).toBeVisible();
});
