import { expect, test } from '@playwright/test';
import { adminEditTopupOption } from '@portal/contract/payments/topup-options';
import { adminApi, newCustomer } from '../support/admin-api.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/**
 * Pay once with a card whose issuer asks for 3-D Secure (decision 0041): the customer answers the issuer's
 * challenge in the Topup payment dialog and the credit lands. A company of the journey's own, so the card and
 * the credit it adds change nothing another journey looks at.
 */
test('a customer pays once with a 3-D Secure card, passes the challenge and sees the credit', async ({ page }) => {
  test.slow();
  const email = `threeds-${Date.now()}@example.com`;
  await newCustomer('Three D Secure Journey Ltd', email);
  // An option of the journey's own (the admin's top-up options journey walks through making one).
  const admin = await adminApi();
  try {
    await admin.call(adminEditTopupOption, { name: '3-D Secure journey pack', cost: 4100, amount: 4300, expiry_length_days: 0 });
  } finally {
    await admin.dispose();
  }
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/topup');
  await expect(page.getByRole('heading', { name: 'Top up', level: 1 })).toBeVisible();

  // The card page asks for the issuer's check when the card is entered, too.
  await page.getByRole('button', { name: 'Add a new card' }).click();
  const add = page.getByRole('dialog', { name: 'Authorize new card' });
  await add.getByRole('button', { name: 'Continue' }).click();
  const cardPage = page.frameLocator('iframe[title="Card details"]');
  await cardPage.getByLabel('Name on card').fill('Tess Secure');
  await cardPage.getByLabel('Card number').fill('4000 0000 0000 3220');
  await cardPage.getByLabel('Expiry (MM/YY)').fill('12/30');
  await cardPage.getByLabel('Security code').fill('123');
  await cardPage.getByRole('button', { name: 'Authorize card' }).click();
  await cardPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(add.getByText('Visa •••• •••• •••• 3220 is saved.')).toBeVisible();
  await add.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Pay once' }).click();
  const pay = page.getByRole('dialog', { name: 'Topup payment' });
  await expect(pay.getByRole('combobox', { name: /Pay with/ })).toHaveValue(/3220/);
  await pay.getByRole('radio', { name: '$43.00 credit for $41.00' }).check();
  await expectAccessible(page);
  await pay.getByRole('button', { name: 'Pay now' }).click();

  // The issuer's challenge, in the dialog: nothing is charged until it is answered.
  await expect(pay.getByText('Your bank asks you to confirm this payment. Nothing is charged until you do.')).toBeVisible();
  const issuer = page.frameLocator('iframe[title="3-D Secure check"]');
  await expect(issuer.getByRole('heading', { name: '3-D Secure check' })).toBeVisible();
  await expect(issuer.getByText(/confirm a payment of US\$/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'payments-pay-once-3ds-challenge');
  // A phone's width: the issuer's page wraps inside the dialog.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(issuer.getByRole('button', { name: 'Confirm payment' })).toBeVisible();
  await screenshot(page, 'payments-pay-once-3ds-challenge-390');
  if (wide) await page.setViewportSize(wide);
  await issuer.getByRole('button', { name: 'Confirm payment' }).click();

  await expect(pay.getByText(/^\$43\.00 credit was added\. Your balance is now \$[\d,]+\.\d\d\.$/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'payments-pay-once-3ds-paid');
  await pay.getByRole('button', { name: 'Done' }).click();

  // The credit is on the bill, once.
  await page.goto('/mybill');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Customer Purchase/ })).toHaveCount(1);
});
