import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { expect, test } from '@playwright/test';
import { adminApi } from '../support/admin-api.ts';
import { addCardThroughCardPage, companySummary } from '../support/cards.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/**
 * Runout Ltd (demo world) has credit for every charge up to yesterday and 10 cents over; today's booster charge
 * is 20 cents. The scheduler runs the charging job as the portal starts and the out-of-credit sweep every two
 * minutes, so the company is suspended by the jobs themselves, without any test hook. Its owner then turns on
 * automatic top-up, and the top-up job's payment restores it. One journey tells the whole story, since paying
 * ends the suspension that the first half reads.
 */
test('a company that runs out of credit is suspended by the jobs, turns on automatic top-up and is active again', async ({ page }) => {
  test.setTimeout(360_000);
  const admin = await adminApi();
  try {
    await expect
      .poll(
        async () => {
          const list = await admin.call(adminCompanyList, {
            target_search_query: 'Runout Ltd',
            target_company_states: ['ACTIVE', 'SUSPENDED'],
          });
          return list.rows.find((row) => row.company_name === 'Runout Ltd')?.current_state;
        },
        // The sweep runs every two minutes; the charge may land just after one.
        { timeout: 270_000, intervals: [2_000, 5_000, 10_000] },
      )
      .toBe('SUSPENDED');
  } finally {
    await admin.dispose();
  }

  await signIn(page, 'runout@example.com');
  await expect(page).toHaveURL(/\/topup$/);
  await expect(page.getByText('Account suspended')).toBeVisible();
  await expect(page.getByText(/run out of credit/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'billing-out-of-credit-topup');

  // The dashboard says why and offers the way back; its figures show the debt.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Account suspended' })).toBeVisible();
  const credit = page
    .getByRole('heading', { name: 'Available credit' })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
  await expect(credit.getByText('-$0.10', { exact: true })).toBeVisible();
  await screenshot(page, 'billing-out-of-credit-dashboard');

  // A card through the sandbox's card page, then a plan on /auto_payment: the job buys it within seconds.
  await page.goto('/topup');
  await expect(page.getByRole('button', { name: 'Configure automatic payments' })).toBeDisabled();
  await addCardThroughCardPage(page, page.getByRole('button', { name: 'Add a new card' }), {
    number: '4242 4242 4242 4242',
    name: 'Rory Runout',
    saved: 'Visa •••• •••• •••• 4242',
  });
  await page.getByRole('link', { name: 'Configure automatic payments' }).click();
  await expect(page).toHaveURL(/\/auto_payment$/);
  await page.getByRole('combobox', { name: 'Top-up plan' }).click();
  await page.getByRole('option', { name: '$20 top-up: $20.00', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Top up automatically when my credit runs low' })).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Automatic top-up saved', { exact: true })).toBeVisible();

  // The automatic top-up job (every 5 seconds on the journeys' server) charges the card; the payment restores
  // the company in its own transaction.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(async () => {
    await page.reload();
    await expect(companySummary(page, 'Runout Ltd').getByText('Active', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Account suspended' })).toHaveCount(0);
  await expect(credit.getByText('$19.90', { exact: true })).toBeVisible();
  await expect(credit.getByRole('list', { name: 'Credit packs' })).toContainText('$20 top-up');
  await expectAccessible(page);
  await screenshot(page, 'first-run-runout-auto-topup-dashboard');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing history' }).click();
  const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row', { name: /\$20 top-up/ });
  await expect(row).toContainText('$20.00');
  await expect(row.getByRole('link', { name: /Download PDF: receipt/ })).toBeVisible();
});
