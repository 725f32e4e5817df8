import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { expect, test } from '@playwright/test';
import { adminApi } from '../support/admin-api.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/**
 * Runout Ltd (demo world) has credit for every charge up to yesterday and 10 cents over; today's booster charge
 * is 20 cents. The scheduler runs the charging job as the portal starts and the out-of-credit sweep every two
 * minutes, so the company is suspended by the jobs themselves, without any test hook.
 */
test('a company that runs out of credit through the daily charge is suspended and lands on /topup at its next sign-in', async ({
  page,
}) => {
  test.setTimeout(300_000);
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
});
