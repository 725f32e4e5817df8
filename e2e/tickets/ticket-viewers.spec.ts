import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/** Well under the 15 s heartbeat: only the join's notification can bring the other viewer this fast. */
const LIVE_WITHIN_MS = 5_000;

test('two staff on the same ticket see each other live; the customer sees no one', async ({ browser }) => {
  test.slow();
  const customerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const supportContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customer = await customerContext.newPage();
  const admin = await adminContext.newPage();
  const support = await supportContext.newPage();

  await signIn(customer, 'customer@example.com');
  await customer.goto('/tickets/create');
  await customer.getByRole('combobox', { name: 'Type' }).click();
  await customer.getByRole('option', { name: 'General' }).click();
  await customer.getByLabel('Subject').fill(`Who is viewing ${Date.now()}`);
  await customer.getByLabel('What is the problem?').fill('Two agents answered me at once last time.');
  await customer.getByRole('button', { name: 'Create ticket' }).click();
  await expect(customer).toHaveURL(/\/tickets\/\d+$/);
  const ticketUrl = customer.url();

  await signIn(admin, 'admin@example.com');
  await admin.goto(ticketUrl);
  const adminViewers = admin.getByTestId('ticket-viewers');
  await expect(adminViewers).toHaveAttribute('role', 'status');
  await expect(adminViewers).toContainText('(customer) is also viewing', { timeout: LIVE_WITHIN_MS });
  const before = await admin.getByRole('heading', { level: 1 }).boundingBox();

  await signIn(support, 'support@example.com');
  await support.goto(ticketUrl);
  const supportViewers = support.getByTestId('ticket-viewers');
  await expect(supportViewers).toContainText('Ada Admin', { timeout: LIVE_WITHIN_MS });
  await expect(adminViewers).toContainText('Sam Support', { timeout: LIVE_WITHIN_MS });
  // The region keeps its place: the arrival moves nothing on the page.
  expect(await admin.getByRole('heading', { level: 1 }).boundingBox()).toEqual(before);
  await expectAccessible(admin);
  await screenshot(admin, 'tickets-viewers-staff');
  await expectAccessible(support);
  await screenshot(support, 'tickets-viewers-staff-narrow');

  // On a narrow screen the region has its own line whether empty or not: the admin leaving moves nothing either.
  const narrowBefore = await support.getByText('Two agents answered me at once last time.').boundingBox();
  await adminContext.close();
  await expect(supportViewers).not.toContainText('Ada Admin', { timeout: LIVE_WITHIN_MS });
  expect(await support.getByText('Two agents answered me at once last time.').boundingBox()).toEqual(narrowBefore);

  // Customers never learn who from support has their ticket open.
  await expect(customer.getByText('also viewing')).toHaveCount(0);
  await expect(customer.getByText('Sam Support')).toHaveCount(0);

  await customerContext.close();
  await expect(supportViewers).toHaveText('', { timeout: LIVE_WITHIN_MS });
  await supportContext.close();
});
