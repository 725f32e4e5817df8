import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test('an admin streams the customer usage report with its progress, then narrows it to a distributor', async ({ page }) => {
  // Two runs of a report over the demo world, each streamed to the end.
  test.slow();
  await signIn(page, 'admin@example.com');
  await page.goto('/reports?restrict=customerUsage');
  await expect(page.getByRole('tab', { name: 'Customer Usage' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Choose the filters and press Run.')).toBeVisible();

  // Every company of this month: the count and the percentage reach the total, and the rows fill the table.
  await page.getByRole('button', { name: 'Run' }).click();
  const progress = page.getByText(/^Loaded [\d,]+ of [\d,]+ companies$/);
  await expect(progress).toBeVisible();
  await expect(page.getByText('100%', { exact: true })).toBeVisible();
  const [loaded, total] = ((await progress.textContent()) ?? '').match(/[\d,]+/g)?.map((n) => Number(n.replace(/,/g, ''))) ?? [];
  expect(total).toBeGreaterThan(0);
  expect(loaded).toBe(total);
  const table = page.getByRole('table', { name: 'Customer usage' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'reports-customer-usage-all');

  // A distributor chosen: the other filters reset and lock, has-real-usage is forced on, and only its
  // sub-accounts that used something come back.
  await page.getByRole('group', { name: 'VIP' }).getByText('Yes').click();
  await page.getByRole('combobox', { name: 'Distributor' }).click();
  await page.getByRole('option', { name: 'Southern Backup Partners' }).click();
  await expect(page.getByLabel('Has real usage')).toBeChecked();
  await expect(page.getByLabel('Has real usage')).toBeDisabled();
  await expect(page.getByLabel('Region').first()).toBeDisabled();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByText('100%', { exact: true })).toBeVisible();
  await expect(table.getByText('Southern Clinic')).toBeVisible();
  await expect(table.getByText(/^Northwind /)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'reports-customer-usage-distributor');
});
