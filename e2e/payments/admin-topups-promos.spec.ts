import { adminCreateCompany } from '@portal/contract/companies/company-create';
import { expect, test } from '@playwright/test';
import { adminApi } from '../support/admin-api.ts';
import { DEMO_PASSWORD, expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test('an admin adds and edits a top-up option and creates a promo code, which a new customer redeems at signup', async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);

  await page.getByRole('link', { name: 'Top-up options' }).click();
  await expect(page).toHaveURL(/\/manage_topup_options/);
  await page.getByRole('button', { name: 'Add option' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add a top-up option' });
  await dialog.getByLabel('Name').fill('Journey pack');
  await dialog.getByLabel('Cost').fill('45.50');
  await dialog.getByLabel('Amount of credit').fill('50');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await expect(page.getByText('Top-up option Journey pack added')).toBeVisible();
  let row = page.getByRole('row', { name: /Journey pack/ });
  await expect(row).toContainText('$45.50');
  await expect(row).toContainText('$50.00');

  await row.getByRole('button', { name: 'Edit Journey pack' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Journey pack' });
  await expect(dialog.getByLabel('Cost')).toHaveValue('$45.5');
  await dialog.getByLabel('Amount of credit').fill('60.25');
  await dialog.getByLabel('Expiry (days)').fill('90');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Top-up option Journey pack saved')).toBeVisible();
  row = page.getByRole('row', { name: /Journey pack/ });
  await expect(row).toContainText('$60.25');
  await expect(row).toContainText('90 days');
  await expectAccessible(page);
  await screenshot(page, 'payments-topup-options');

  await page.getByRole('link', { name: 'Promo campaigns' }).click();
  await expect(page).toHaveURL(/\/promo_campaigns/);
  await page.getByRole('button', { name: 'New promo code' }).first().click();
  dialog = page.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByLabel('Name').fill('Journey welcome');
  await dialog.getByLabel('Code').fill('JOURNEY10');
  await dialog.getByLabel('Amount ($)').fill('10');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByText('Promo code JOURNEY10 created')).toBeVisible();
  const promo = page.getByRole('row', { name: /JOURNEY10/ });
  await expect(promo).toContainText('Journey welcome');
  await expect(promo).toContainText('$10.00');
  await expectAccessible(page);
  await screenshot(page, 'payments-promo-campaigns');

  // A company made by an admin has no phone or address yet: its first sign-in completes signup, where the
  // code is redeemed once.
  const admin = await adminApi();
  await admin.call(adminCreateCompany, {
    target_company_name: 'Promo Journey Ltd',
    target_contact_name: 'Pat Promo',
    target_email: 'promo-journey@example.com',
    target_password: DEMO_PASSWORD,
  });
  await admin.dispose();
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signIn(customer, 'promo-journey@example.com');
  await expect(customer).toHaveURL(/\/complete_signup$/);
  await customer.getByLabel('Phone number').fill('+64 9 555 0123');
  await customer.getByLabel('Street address').fill('3 Promo Lane');
  await customer.getByLabel('City').fill('Auckland');
  await customer.getByLabel('Zip or postal code').fill('1010');
  await customer.getByLabel('Promo code').fill('NO-SUCH-CODE');
  await customer.getByRole('button', { name: 'Save changes' }).click();
  await expect(customer.getByText('This promo code does not exist')).toBeVisible();
  await customer.getByLabel('Promo code').fill('JOURNEY10');
  await customer.getByRole('button', { name: 'Save changes' }).click();
  await expect(customer.getByText('Account Updated')).toBeVisible();
  await expect(customer).toHaveURL(/\/dashboard$/);
  // The code's credit is the new company's only pack.
  const packs = customer.getByRole('list', { name: 'Credit packs' });
  await expect(packs.getByRole('listitem')).toHaveCount(1);
  await expect(packs).toContainText('Journey welcome');
  await expect(packs).toContainText('$10.00');
  await expectAccessible(customer);
  await screenshot(customer, 'payments-promo-redeemed');
  await customerContext.close();
});
