import { expect, test } from '@playwright/test';
import { expectAccessible, openCompany, screenshot, signIn } from '../support/journeys.ts';

test('an admin creates a company, which then opens in the company dialog', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await expect(dialog.getByRole('combobox', { name: 'Country' })).toHaveValue('New Zealand');
  await dialog.getByLabel('Company name').fill('Journey Test Co');
  await dialog.getByLabel('Contact name').fill('Jo Journey');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('jo@journey.example.com');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('a-long-password');
  await dialog.getByLabel('VIP').check();
  await expectAccessible(page);
  await screenshot(page, 'new-company-admin');
  await dialog.getByRole('button', { name: 'Create' }).click();

  const company = page.getByRole('dialog', { name: 'Journey Test Co' });
  await expect(company.getByLabel('Company name')).toHaveValue('Journey Test Co');
  await expect(company.getByRole('checkbox', { name: 'VIP' })).toBeChecked();
});

test("an admin changes a distributor's settings and regions", async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const dialog = await openCompany(page, 'Northwind Resellers');
  await dialog.getByRole('tab', { name: 'Distributor settings' }).click();
  const save = dialog.getByRole('button', { name: 'Save settings' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Metadata label 1').fill('Purchase order');
  await dialog.getByRole('checkbox', { name: 'Support' }).check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(save).toBeDisabled();
  await expect(dialog.getByLabel('Metadata label 1')).toHaveValue('Purchase order');

  await dialog.getByLabel('Include all regions').check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('table', { name: 'Regions' }).getByRole('cell', { name: 'nz-north' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'distributor-settings');
});

test('an admin logs in as a company and returns', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const dialog = await openCompany(page, 'Southern Clinic');
  await expect(dialog.getByText('Sub-Account', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Log in as company' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('active@southern.example.com').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'login-as-company');

  await page.getByRole('button', { name: 'End impersonation' }).click();
  await expect(page).toHaveURL(/\/dashboard_admin/);
});
