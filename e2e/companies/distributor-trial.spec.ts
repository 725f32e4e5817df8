import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test('a distributor extends a sub-account trial by 5 days, then converts it to paid', async ({ page }) => {
  await signIn(page, 'distributor@example.com');
  await expect(page).toHaveURL(/\/dashboard_distributor/);
  await expect(page.getByRole('heading', { name: 'Sub-accounts', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: /Trial/ }).click();
  await expect(page).toHaveURL(/restrict=trial/);
  await expectAccessible(page);
  await screenshot(page, 'distributor-dashboard-trial');

  await page.getByRole('button', { name: 'Southern Bakery', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Southern Bakery' });
  await expect(dialog.getByText('Trial ends on')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'History' })).toHaveCount(0);
  const before = await dialog.getByText(/Trial ends on/).textContent();

  await dialog.getByLabel(/Extend by/).fill('5');
  await dialog.getByRole('button', { name: 'Extend trial' }).click();
  await expect(page.getByText('Trial extended by 5 days').first()).toBeVisible();
  await expect(dialog.getByText(/Trial ends on/)).not.toHaveText(before ?? '');
  await expectAccessible(page);
  await screenshot(page, 'company-dialog-distributor-trial');

  await dialog.getByRole('button', { name: 'Convert to paid' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert to paid — this cannot be undone' });
  await expect(convert.getByText(/becomes a paid account on the \w+ plan/)).toBeVisible();
  await convert.getByRole('button', { name: /^Convert to paid on / }).click();
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Convert to paid' })).toHaveCount(0);
});
