import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';

const SUBJECT = `Backups fail <img src=x onerror="window.__xss=1"> ${Date.now()}`;

/** No stored markup ran: the page never set the flag the planted handlers would set. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
}

test('a customer opens a ticket, support replies, notes, tags and closes it, and the customer reopens it', async ({ page }) => {
  test.slow();
  await signIn(page, 'customer@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await page.getByRole('link', { name: 'Create ticket' }).first().click();
  await expect(page).toHaveURL(/\/tickets\/create/);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'General' }).click();
  await page.getByLabel('Subject').fill(SUBJECT);
  await page.getByLabel('What is the problem?').fill('The nightly job stops at 40%.\n\n<script>window.__xss=1</script>');
  await expectAccessible(page);
  await screenshot(page, 'tickets-create');
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const ticketUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Backups fail');
  await expect(page.getByText('The nightly job stops at 40%.')).toBeVisible();
  await expectInert(page);
  await logOut(page);

  await signIn(page, 'support@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My tickets' }).click();
  await expect(page).toHaveURL(/\/mytickets$/);
  await page
    .getByRole('link', { name: /Backups fail/ })
    .first()
    .click();
  await expect(page).toHaveURL(ticketUrl);
  await page.getByLabel('Add a comment').fill('Please update the **vault credentials** and run it again.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.locator('main strong', { hasText: 'vault credentials' })).toBeVisible();
  await page.getByLabel('New note').fill('Customer on an old agent <img src=x onerror="window.__xss=1">');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Customer on an old agent')).toBeVisible();
  await page.getByRole('combobox', { name: 'Add tag' }).fill('vault<script>window.__xss=1</script>');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.locator('main').getByText('vault<script>window.__xss=1</script>', { exact: true })).toBeVisible();
  await expect(page.getByText('Sam Support changed tags: added vault<script>window.__xss=1</script>')).toBeVisible();
  await expectInert(page);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'tickets-staff-view');
  await page.getByRole('button', { name: 'Close ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close ticket' });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await dialog.getByLabel('Other Reason').fill('Customer fixed the credentials');
  await dialog.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();
  await logOut(page);

  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(ticketUrl);
  await expect(page.getByText('vault credentials')).toBeVisible();
  await expect(page.getByText('Customer on an old agent')).toHaveCount(0);
  await expect(page.getByText(/Closed by Sam S\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add comment' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'tickets-customer-closed');
  await page.getByRole('button', { name: 'Reopen ticket' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reopen ticket' }).click();
  await expect(page.getByRole('button', { name: 'Close ticket' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  // Keyboard: the comment box, Attach files and the button are reachable by Tab.
  await page.getByLabel('Add a comment').focus();
  await page.keyboard.type('Thanks, it works now.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Thanks, it works now.')).toBeVisible();
  await expectInert(page);
  await screenshot(page, 'tickets-customer-reopened');
});
