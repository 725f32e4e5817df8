import { expect, type Page, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';

/** Types a card into the processor's page framed by the Authorize new card dialog, as a customer would. */
async function enterCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog', { name: 'Authorize new card' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const card = page.frameLocator('iframe[title="Card details"]');
  await card.getByLabel('Name on card').fill('Casey Customer');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry (MM/YY)').fill('12/30');
  await card.getByLabel('Security code').fill('123');
  await card.getByRole('button', { name: 'Authorize card' }).click();
  return dialog;
}

test('a customer adds a card through the card page, sees a declined card refused, and pays once', async ({ page }) => {
  test.slow();
  // Customers are offered options of at least the minimum top-up: an admin makes one first.
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  await page.goto('/manage_topup_options');
  await page.getByRole('button', { name: 'Add option' }).first().click();
  const option = page.getByRole('dialog', { name: 'Add a top-up option' });
  await option.getByLabel('Name').fill('Card journey pack');
  await option.getByLabel('Cost').fill('30');
  await option.getByLabel('Amount of credit').fill('35');
  await option.getByRole('button', { name: 'Add option' }).click();
  await expect(page.getByText('Top-up option Card journey pack added')).toBeVisible();
  await logOut(page);

  // A customer with no card yet (the demo's Acme Dental pays by card already).
  await newCustomer('Card Journey Co', 'card-journey@example.com');
  await signIn(page, 'card-journey@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/topup');
  await expect(page.getByRole('heading', { name: 'Top up', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay once' })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, 'payments-topup-no-card');

  // The number the sandbox declines: the $1 hold is refused and no card is saved.
  await page.getByRole('button', { name: 'Add a new card' }).click();
  let dialog = await enterCard(page, '4000 0000 0000 0002');
  await expect(dialog.getByText('Your card could not be authorized')).toBeVisible();
  await expect(dialog.getByText('Card declined')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'file a ticket' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'payments-card-declined');

  await dialog.getByRole('button', { name: 'Try again' }).click();
  dialog = await enterCard(page, '4242 4242 4242 4242');
  await expect(dialog.getByText('Visa •••• •••• •••• 4242 is saved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByRole('link', { name: 'Manage cards' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay once' }).click();
  const pay = page.getByRole('dialog', { name: 'Topup payment' });
  const choice = pay.getByRole('radio', { name: '$35.00 credit for $30.00' });
  await choice.check();
  // Other journeys add options of their own with free credit too: this option's own description is meant.
  await expect(choice).toHaveAccessibleDescription('Includes $5.00 extra free credit');
  await expect(pay.getByRole('combobox', { name: /Pay with/ })).toHaveValue(/4242/);
  await expectAccessible(page);
  await screenshot(page, 'payments-pay-once');
  await pay.getByRole('button', { name: 'Pay now' }).click();
  await expect(pay.getByText(/\$35\.00 credit was added\. Your balance is now \$[\d,]+\.\d\d\./)).toBeVisible();
  await pay.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payment methods' }).click();
  const row = page.getByRole('table', { name: 'Saved cards' }).getByRole('row', { name: /4242/ });
  await expect(row).toContainText('Visa');
  await expect(row).toContainText('12/2030');
  await expect(row).toContainText('Default');
  await expectAccessible(page);
  await screenshot(page, 'payments-payment-methods');
});
