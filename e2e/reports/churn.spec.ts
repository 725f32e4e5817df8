import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test('an admin reads churn tracking: paid churn by month and by account, trial churn and revenue movements', async ({ page }) => {
  test.slow();
  await signIn(page, 'admin@example.com');
  await page.goto('/reports?restrict=churn');
  await expect(page.getByRole('tab', { name: 'Churn Tracking' })).toHaveAttribute('aria-selected', 'true');

  // The demo world's churned companies (seed/churn-history.ts) fill the paid and trial tables, beside the demo
  // companies the jobs suspended or deleted (seed/demo-world.ts).
  const paid = page.getByRole('table', { name: 'Paid account churn' });
  await expect(paid.getByRole('row', { name: /Kauri Accounting/ })).toContainText('Out of credit');
  await expect(paid.getByRole('row', { name: /Harbour Dental Group/ })).toContainText('Pending deletion period over');
  await expect(paid.getByRole('row', { name: /Tui Logistics/ })).toContainText('Deleted permanently');
  // Most recent first (the credit sweep may have suspended a demo company since the seed, above them all).
  const names = (await paid.getByRole('row').allTextContents())
    .map((text) => text.match(/Kauri Accounting|Harbour Dental Group|Tui Logistics/)?.[0])
    .filter(Boolean);
  expect(names).toEqual(['Kauri Accounting', 'Harbour Dental Group', 'Tui Logistics']);

  const trials = page.getByRole('table', { name: 'Trial account churn' });
  const cells = (name: string) => trials.getByRole('row', { name: new RegExp(name) }).getByRole('cell');
  await expect(cells('Rimu Studio')).toHaveText(['Rimu Studio', '5', 'Trial ended without a plan', /^SUSPENDED, \d{4}-\d{2}-\d{2}$/]);
  await expect(cells('Pohutukawa Cafe').nth(1)).toHaveText('10');
  await expect(cells('Matai Legal')).toHaveText(['Matai Legal', '28', 'Pending deletion period over', /^DELETED, /]);

  // The chart loads with the tab, the month table under it, and the demo's months of charges give revenue rows.
  await expect(page.getByRole('figure', { name: /Paid churn per month/ }).locator('.recharts-surface')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Paid churn by month' }).getByRole('row', { name: /\(so far\)/ })).toBeVisible();
  const revenue = page.getByRole('table', { name: 'Revenue movements' });
  await expect(revenue.getByRole('row')).toHaveCount(13);
  // The latest complete month, its Ending MRR (the demo's charges start two months back, so its starting MRR may be 0).
  await expect(revenue.getByRole('row').nth(1).getByRole('cell').nth(7)).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
  await expect(page.getByText('charged usage', { exact: true })).toBeVisible();

  await expectAccessible(page);
  await screenshot(page, 'reports-churn');
});
