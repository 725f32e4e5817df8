import { adminCreateCreditPack, adminExpireCreditPack, adminListCreditPacks } from '@portal/contract/billing/credit-packs';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { adminEditTopupOption } from '@portal/contract/payments/topup-options';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/admin-api.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/**
 * Southern Clinic (a distributor's active customer, demo world): devices running, with the usage history the
 * estimate needs. Other journeys only look at it (log in as); Northwind Clinic, say, is migrated by one.
 */
const COMPANY = 'Southern Clinic';
const EMAIL = 'active@southern.example.com';

/** Leaves the company one cent of credit: less than a day of its usage, below any automatic top-up setting. */
async function lowerCreditToOneCent() {
  const admin = await adminApi();
  try {
    const found = await admin.call(adminCompanyList, { target_search_query: COMPANY, target_company_states: ['ACTIVE'] });
    const company = found.rows.find((r) => r.company_name === COMPANY);
    if (!company) throw new Error(`${COMPANY} is not in the demo world`);
    const packs = await admin.call(adminListCreditPacks, { target_company_ids: [company.id], page_size: 500 });
    for (const pack of packs.rows) if (!pack.is_expired) await admin.call(adminExpireCreditPack, { target_credit_pack_id: pack.id });
    const { balance } = await admin.call(adminListCreditPacks, { target_company_ids: [company.id] });
    await admin.call(adminCreateCreditPack, {
      target_id: company.id,
      target_name: 'Journey credit',
      target_cost: 0,
      target_amount: Math.max(1, 1 - (balance ?? 0)),
    });
    await admin.call(adminEditTopupOption, { name: 'Auto journey pack', cost: 4000, amount: 4500 });
  } finally {
    await admin.dispose();
  }
}

async function addCard(page: Page) {
  await page.goto('/topup');
  await page.getByRole('button', { name: 'Add a new card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Authorize new card' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const card = page.frameLocator('iframe[title="Card details"]');
  await card.getByLabel('Name on card').fill('Southern Owner');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/30');
  await card.getByLabel('Security code').fill('123');
  await card.getByRole('button', { name: 'Authorize card' }).click();
  await expect(dialog.getByText('Visa •••• •••• •••• 4242 is saved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
}

test('a customer turns on automatic top-up from /topup and the scheduled job tops up their credit', async ({ page }) => {
  test.slow();
  await lowerCreditToOneCent();
  await signIn(page, EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/topup');
  await expect(page.getByRole('button', { name: 'Configure automatic payments' })).toBeDisabled();
  await addCard(page);

  await page.getByRole('link', { name: 'Configure automatic payments' }).click();
  await expect(page).toHaveURL(/\/auto_payment$/);
  await expect(page.getByRole('heading', { name: 'Automatic payments', level: 1 })).toBeVisible();
  await expect(page.getByText(/Estimated monthly cost: \$[\d,]+\.\d\d/)).toBeVisible();
  await expect(page.getByText(/Estimated weekly cost: \$[\d,]+\.\d\d/)).toBeVisible();
  await expect(page.getByText(/Credit packs do not expire/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Top up when my credit would last less than' })).toHaveValue('5 days');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  await page.getByRole('combobox', { name: 'Top-up plan' }).click();
  await page.getByRole('option', { name: /Auto journey pack: \$40\.00 \(\$5\.00 extra credit\)/ }).click();
  await page.getByRole('combobox', { name: 'Top up when my credit would last less than' }).click();
  await page.getByRole('option', { name: '7 days' }).click();
  await page.getByRole('textbox', { name: /Monthly limit/ }).fill('200');
  await expect(save).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, 'payments-auto-payment');
  await save.click();
  await expect(save).toBeDisabled();

  // The job (every 5 seconds in the journeys) finds the credit below 7 days and buys the pack with the card.
  await expect(async () => {
    await page.goto('/mybill');
    await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row', { name: /Auto journey pack/ })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 45_000 });
  const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row', { name: /Auto journey pack/ });
  await expect(row).toContainText('$45.00');
  await expect(row).toContainText('$40.00');
  await expectAccessible(page);
  await screenshot(page, 'payments-auto-topup-bill');

  await page.goto('/auto_payment');
  await expect(page.getByRole('combobox', { name: 'Top up when my credit would last less than' })).toHaveValue('7 days');
  await expect(page.getByRole('textbox', { name: /Monthly limit/ })).toHaveValue('$200');
  await expect(page.getByText(/Your credit lasts about [\d,]+ days? at this rate\./)).toBeVisible();
  await screenshot(page, 'payments-auto-payment-after');
});
