import { type Locator, expect, test } from '@playwright/test';
import { expectAccessible, logOut, openCompany, screenshot, signIn } from '../support/journeys.ts';

/** '$1,234.56' -> 123456. */
async function cents(figure: Locator): Promise<number> {
  const text = (await figure.locator('p').last().textContent()) ?? '';
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

test('a distributor reads its sub-account usage with the commission an admin set', async ({ page }) => {
  // Two sign-ins and a report over a month of the demo world's charges.
  test.slow();

  // The vendor sets the demo distributor's percentages where its settings live: its company dialog.
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const dialog = await openCompany(page, 'Southern Backup Partners');
  await dialog.getByRole('tab', { name: 'Distributor settings' }).click();
  await dialog.getByLabel('Discount (%)').fill('10');
  await dialog.getByLabel('Indirect commission (%)').fill('20');
  await dialog.getByRole('button', { name: 'Save commission' }).click();
  await expect(page.getByText('Commission saved').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // The admin's report of that distributor shows them, in words, with where they are set.
  await page.goto('/reports_distributor');
  await expect(page.getByRole('tab', { name: 'Sub-Account Usage' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('combobox', { name: 'Distributor' }).click();
  await page.getByRole('option', { name: 'Southern Backup Partners' }).click();
  await expect(page.getByRole('table', { name: 'Sub-account usage' })).toBeVisible();
  const rates = page.getByRole('group', { name: 'Commission', exact: true });
  await expect(rates).toContainText('Indirect commission: 20%');
  await expect(rates).toContainText("Set in the distributor's company dialog");
  await expect(page.getByLabel('Discount (%)')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'reports-distributor-usage-admin');
  await logOut(page);

  // The distributor opens its report from the navigation and reads the same percentages, with nothing to type.
  await signIn(page, 'distributor@example.com');
  await page.getByRole('link', { name: 'Distributor reports' }).click();
  await expect(page).toHaveURL(/\/reports_distributor/);
  const table = page.getByRole('table', { name: 'Sub-account usage' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Distributor' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Commission', exact: true })).toContainText('Indirect commission: 20%');
  await expect(page.getByRole('spinbutton')).toHaveCount(0);

  // Its active sub-account was charged this month for devices; other distributors' customers are absent.
  await expect(table.getByText('Southern Clinic')).toBeVisible();
  // Another distributor's sub-account is not listed (Northwind Clinic is not a test of it: the company journey
  // migrates a copy of it to this distributor).
  await expect(table.getByText('Northwind Bakery')).toHaveCount(0);
  const items = page.getByRole('table', { name: 'Items of Southern Clinic' });
  await expect(items.getByRole('cell', { name: 'Device', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Indirect (own credit)' }).first()).toBeVisible();

  // The commission is 20% of indirect usage without storage, rounded up to the cent.
  const totals = page.getByRole('group', { name: 'Totals' });
  const usage = await cents(totals.getByRole('group', { name: 'Indirect usage' }));
  const storage = await cents(totals.getByRole('group', { name: 'Indirect storage (0%)' }));
  const commission = await cents(totals.getByRole('group', { name: 'Indirect commission (20%)' }));
  expect(usage).toBeGreaterThan(0);
  expect(commission).toBe(Math.ceil(((usage - storage) * 20) / 100));

  await expectAccessible(page);
  await screenshot(page, 'reports-distributor-usage-distributor');
});
