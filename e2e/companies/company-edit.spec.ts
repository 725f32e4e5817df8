import { expect, test } from '@playwright/test';
import { expectAccessible, openCompany, screenshot, signIn } from '../support/journeys.ts';

test('an admin finds a company by search, edits its city and sees the change after reopening', { tag: '@smoke' }, async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  let dialog = await openCompany(page, 'Kiwi Accounting');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, 'company-dialog-admin');

  await dialog.getByLabel('City').fill('Dunedin');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByText('Company saved').first()).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  dialog = await openCompany(page, 'Kiwi Accounting');
  await expect(dialog.getByLabel('City')).toHaveValue('Dunedin');

  await dialog.getByRole('tab', { name: 'History' }).click();
  await expect(dialog.getByRole('table', { name: 'History' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'company-dialog-history');
});

test('an admin deletes a company, then reactivates it', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const dialog = await openCompany(page, 'Harbour Legal');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Harbour Legal?' }).getByRole('button', { name: 'Delete company' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(dialog.getByText(/Permanent deletion on \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'company-pending-delete');

  await dialog.getByRole('button', { name: 'Reactivate' }).click();
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await expect(dialog.getByText(/Permanent deletion on/)).toBeHidden();
  await expectAccessible(page);
});

test('an admin migrates a company to a distributor', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const dialog = await openCompany(page, 'Northwind Clinic');
  await dialog.getByRole('button', { name: 'Migrate' }).click();
  const migrate = page.getByRole('dialog', { name: 'Migrate company' });
  await migrate.getByLabel('Distributor').click();
  await page.getByRole('option', { name: 'Southern Backup Partners' }).click();
  const confirm = migrate.getByLabel('Type Northwind Clinic to confirm');
  await confirm.fill('Northwind clinic');
  await expect(migrate.getByRole('button', { name: 'Migrate' })).toBeDisabled();
  await confirm.fill('Northwind Clinic');
  await expect(migrate.getByRole('button', { name: 'Migrate' })).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, 'company-migrate');
  await migrate.getByRole('button', { name: 'Migrate' }).click();
  await expect(migrate).toBeHidden();
  await expect(dialog.getByText('Migrated', { exact: true })).toBeVisible();
  // A migrated company is read-only: the action bar offers Close, not Save.
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
