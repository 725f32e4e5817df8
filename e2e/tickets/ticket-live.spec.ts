import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/** Well under the spec's 30 s poll: only the event stream can bring the reply this fast. */
const LIVE_WITHIN_MS = 5_000;

test("the customer's open ticket page sees support's reply arrive without reloading", async ({ browser }) => {
  test.slow();
  const customerContext = await browser.newContext();
  const supportContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const support = await supportContext.newPage();

  await signIn(customer, 'customer@example.com');
  await customer.goto('/tickets/create');
  await customer.getByRole('combobox', { name: 'Type' }).click();
  await customer.getByRole('option', { name: 'General' }).click();
  await customer.getByLabel('Subject').fill(`Live reply ${Date.now()}`);
  await customer.getByLabel('What is the problem?').fill('Is anyone there?');
  await customer.getByRole('button', { name: 'Create ticket' }).click();
  await expect(customer).toHaveURL(/\/tickets\/\d+$/);
  const ticketUrl = customer.url();
  await expect(customer.getByText('Is anyone there?')).toBeVisible();
  let reloaded = false;
  customer.on('framenavigated', (frame) => {
    if (frame === customer.mainFrame()) reloaded = true;
  });

  await signIn(support, 'support@example.com');
  await support.goto(ticketUrl);
  await support.getByLabel('Add a comment').fill('Yes, we are looking at it **now**.');
  await support.getByRole('button', { name: 'Add comment' }).click();
  await expect(support.locator('main strong', { hasText: 'now' })).toBeVisible();

  const dialog = customer.getByRole('dialog');
  await expect(dialog.getByText('A new comment has been added to the ticket')).toBeVisible({ timeout: LIVE_WITHIN_MS });
  await expectAccessible(customer);
  await screenshot(customer, 'tickets-live-new-comment');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(customer.locator('main strong', { hasText: 'now' })).toBeVisible();
  expect(reloaded).toBe(false);
  await screenshot(customer, 'tickets-live-reply-shown');

  // Support's own page hears the customer's answer the same way.
  await customer.getByLabel('Add a comment').fill('Thank you!');
  await customer.getByRole('button', { name: 'Add comment' }).click();
  await expect(support.getByRole('dialog').getByText('A new update has been loaded')).toBeVisible({ timeout: LIVE_WITHIN_MS });
  await support.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(support.getByText('Thank you!')).toBeVisible();

  await customerContext.close();
  await supportContext.close();
});
