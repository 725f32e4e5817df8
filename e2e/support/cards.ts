import { type Locator, type Page, expect } from '@playwright/test';

/**
 * Authorizes a card through the sandbox processor's hosted page, framed by the Authorize new card dialog that
 * `open` brings up, and waits for the dialog to say it is saved; the dialog is closed with Done.
 */
export async function addCardThroughCardPage(page: Page, open: Locator, card: { number: string; name: string; saved: string }) {
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Authorize new card' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Name on card').fill(card.name);
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByRole('button', { name: 'Authorize card' }).click();
  await expect(dialog.getByText(`${card.saved} is saved.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The dashboard's card that names the company and its state (a badge: Active, Suspended…). */
export function companySummary(page: Page, company: string): Locator {
  return page.getByRole('heading', { name: company, level: 2 }).locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
}
