import { expect, test } from '@playwright/test';
import { addCardThroughCardPage, companySummary } from '../support/cards.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/**
 * Harbour Legal (suspended@example.com) stopped paying by card and was suspended by the out-of-credit sweep of
 * the demo world. Paying once brings its balance above zero, which restores it in the payment's own transaction:
 * the dashboard is active the moment the payment answers, with no job to wait for (docs/decisions/0086). No
 * other journey relies on its suspension (the landing journey signs in as a distributor's suspended customer).
 */
test('the suspended demo customer pays once with a new card and lands on an active dashboard at once', async ({ page }) => {
  test.slow();
  await signIn(page, 'suspended@example.com');
  await expect(page).toHaveURL(/\/topup$/);
  await expect(page.getByText('Account suspended')).toBeVisible();
  await expect(page.getByText(/has run out of credit: your balance is -\$[\d,]+\.\d\d\./)).toBeVisible();

  // Its old card is saved already; a new one is added from the cards page, through the sandbox's card page.
  await page.getByRole('link', { name: 'Manage cards' }).click();
  await expect(page).toHaveURL(/\/payment_methods$/);
  await addCardThroughCardPage(page, page.getByRole('button', { name: 'Add a card' }).first(), {
    number: '5555 5555 5555 4444',
    name: 'Sid Suspended',
    saved: 'Mastercard •••• •••• •••• 4444',
  });
  await expect(page.getByRole('table', { name: 'Saved cards' }).getByRole('row', { name: /4444/ })).toBeVisible();

  await page.goto('/topup');
  await page.getByRole('button', { name: 'Pay once' }).click();
  const pay = page.getByRole('dialog', { name: 'Topup payment' });
  await pay.getByRole('radio', { name: '$50.00 credit for $50.00' }).check();
  await pay.getByRole('combobox', { name: /Pay with/ }).click();
  await page.getByRole('option', { name: /Mastercard .*4444/ }).click();
  await expect(pay.getByRole('combobox', { name: /Pay with/ })).toHaveValue(/4444/);
  await pay.getByRole('button', { name: 'Pay now' }).click();
  await expect(pay.getByText(/\$50\.00 credit was added\. Your balance is now \$[\d,]+\.\d\d\./)).toBeVisible();
  await pay.getByRole('button', { name: 'Done' }).click();

  // The same page now says the account is active, and leads to the dashboard.
  const restored = page.getByRole('alert').filter({ hasText: 'Your account is active again' });
  await expect(restored).toBeVisible();
  await expect(page.getByText('Account suspended')).toHaveCount(0);
  await restored.getByRole('link', { name: 'Go to the dashboard' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(companySummary(page, 'Harbour Legal').getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account suspended' })).toHaveCount(0);
  await expect(page.getByText('Your account is suspended.')).toHaveCount(0);
  const credit = page
    .getByRole('heading', { name: 'Available credit' })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
  await expect(credit.getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
  await expect(credit.getByRole('list', { name: 'Credit packs' })).toContainText('$50 top-up');
  await expectAccessible(page);
  await screenshot(page, 'first-run-suspended-paid-dashboard');

  // Signing in again lands on the dashboard, not on /topup.
  await page.context().clearCookies();
  await signIn(page, 'suspended@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
});
