import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, openCompany, screenshot, signIn } from '../support/journeys.ts';

test('an admin adds a credit pack to a customer and expires it, and the balance moves each time', async ({ page }) => {
  // A new company, two sign-ins' worth of pages and the drawer's tabs loading on first look.
  test.slow();
  await newCustomer('Ledger Labs', 'owner@ledger-labs.example.com');

  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const drawer = await openCompany(page, 'Ledger Labs');
  const tab = drawer.getByRole('tab', { name: 'Manage credit' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const credit = drawer.getByRole('tabpanel', { name: 'Manage credit' });
  const balance = credit.getByTestId('company-balance');
  await expect(balance).toHaveText('$0.00');
  await expect(credit.getByText('No credit packs')).toBeVisible();
  await expect(credit.getByLabel('Create billing entry')).toBeChecked();
  await expect(credit.getByLabel('Out-of-band payment')).not.toBeChecked();

  // A preset fills the form; the admin changes the amount, typed in dollars and cents.
  await credit.getByLabel('Preset').selectOption({ label: 'Goodwill credit, $10 for 90 days' });
  await expect(credit.getByLabel('Name')).toHaveValue('Goodwill credit');
  await credit.getByLabel('Amount').fill('25.50');
  await credit.getByRole('button', { name: 'Add credit pack' }).click();
  await expect(page.getByText('Credit pack Goodwill credit added ($25.50)')).toBeVisible();
  await expect(balance).toHaveText('$25.50');
  const row = credit.getByRole('row', { name: /Goodwill credit/ });
  await expect(row.getByText('$25.50 left')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'billing-admin-credit-added');

  await row.getByRole('button', { name: 'Expire Goodwill credit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Expire Goodwill credit — this cannot be undone' });
  await expect(confirm).toContainText('Its unused $25.50 leaves the company');
  await confirm.getByRole('button', { name: 'Expire' }).click();
  await expect(page.getByText('Credit pack Goodwill credit expired')).toBeVisible();
  await expect(balance).toHaveText('$0.00');
  await expect(row.getByText('Expired')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Expire Goodwill credit' })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, 'billing-admin-credit-expired');
});
