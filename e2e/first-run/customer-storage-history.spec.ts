import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/**
 * Acme Dental (customer@example.com) enabled storage 55 days before the demo world's seed time and backed up to
 * it every night since; the utilization job measured each day. Its owner reads that history. The journey only
 * reads, so it leaves the account as other journeys find it.
 */
test('a customer reads the storage history the demo world measured, on the storage page and the dashboard', async ({ page }) => {
  test.slow();
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dashboard's chart: the last 60 days, which hold most of the measured ones.
  await expect(page.getByText(/^[\d.]+ MB stored on \d{4}-\d{2}-\d{2}/)).toBeVisible();
  const dashboardChart = page.getByRole('figure', { name: /Storage usage over the last 60 days/ });
  await expect(dashboardChart).toBeVisible();
  await expect(dashboardChart).toHaveAccessibleName(/: [\d.]+ MB on \d{4}-\d{2}-\d{2}\.$/);
  // A bar a measured day, not an empty chart.
  await expect.poll(() => dashboardChart.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(50);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage' }).click();
  await expect(page).toHaveURL(/\/storage\/wasabi$/);
  await expect(page.getByText('Current usage').locator('..')).toContainText(/[\d.]+ MB/);
  await page.getByRole('tab', { name: 'History' }).click();
  const chart = page.getByRole('figure', { name: /Storage usage over the last 90 days/ });
  await expect(chart).toBeVisible();
  await expect(page.getByText('No history yet')).toHaveCount(0);
  // A night's backup grows a little each day: many measured days, each a bar.
  const name = (await chart.getAttribute('aria-label')) ?? '';
  const days = Number(name.match(/, (\d+) measured days?\./)?.[1]);
  expect(days, name).toBeGreaterThanOrEqual(50);
  await expect.poll(() => chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(days);
  await expectAccessible(page);
  await screenshot(page, 'first-run-storage-history');
});
