import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

const WIDGETS = [
  'Monthly Totals',
  'Number of Signups',
  'Active Partners Over Time',
  'Booster Totals',
  'Booster Winners & Losers',
  'Reported Device OS By Month',
  'Device Winners & Losers',
  'Servers By Version',
  'Signup Engagement',
];

test('an admin opens the Current Month tab, reads the nine widgets and refreshes one', async ({ page }) => {
  test.slow();
  await signIn(page, 'admin@example.com');
  await page.goto('/reports');
  await page.getByRole('tab', { name: 'Current Month' }).click();
  await expect(page.getByRole('tab', { name: 'Current Month' })).toHaveAttribute('aria-selected', 'true');

  // Each widget is a card with when its figures were computed, in Pacific/Auckland.
  for (const title of WIDGETS) {
    const card = page.getByRole('region', { name: title, exact: true });
    await expect(card.getByText(/^Computed \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Pacific\/Auckland\)$/)).toBeVisible();
  }
  // The demo world's months: twelve rows, this month so far, and its charts drawn once the library has loaded.
  const totals = page.getByRole('table', { name: 'Monthly totals' });
  await expect(totals.getByRole('row')).toHaveCount(13);
  await expect(totals.getByRole('row').nth(1)).toContainText('(so far)');
  await expect(page.getByRole('figure', { name: /Signups per month/ }).locator('.recharts-surface')).toBeVisible();
  await expect(page.getByRole('table', { name: /Signup engagement since/ }).getByRole('row', { name: /Signed up/ })).toBeVisible();

  // Refresh computes the widget again: its time moves on (or stays, within the same minute) and it answers anew.
  const signups = page.getByRole('region', { name: 'Number of Signups', exact: true });
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/reports/current_month') && (r.request().postData() ?? '').includes('"refresh":true'),
  );
  await signups.getByRole('button', { name: 'Refresh Number of Signups' }).click();
  const answer = await (await refreshed).json();
  expect(answer.status).toBe('ok');
  expect(answer.data.data.id).toBe('admin_signup_by_month');
  await expect(signups.getByRole('button', { name: 'Refresh Number of Signups' })).toBeEnabled();

  await expectAccessible(page);
  await screenshot(page, 'reports-current-month');
});
