import { expect, test } from '@playwright/test';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';

const EMAIL = 'wren.colleague@kiwi-accounting.example.com';
const NEW_PASSWORD = 'wren-chose-this-one';

/**
 * Kiwi Accounting's owner (trial@example.com) adds a colleague, who never learns the password it was given and
 * resets it from the reset mail, read in the portal's development mailbox (/dev/mailbox, docs/decisions/0088).
 * The journeys' server runs outside production with SMTP_URL set; the mailbox lists the outbox whether a mail
 * went out over SMTP or is still queued, so no mail server is needed to read it.
 */
test('a new user resets the password from the local mailbox and signs in with the new one', async ({ page }) => {
  test.slow();
  await signIn(page, 'trial@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByLabel('Contact name').fill('Wren Colleague');
  await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill('only-the-owner-knows-this');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('cell', { name: EMAIL, exact: true })).toBeVisible();
  await logOut(page);

  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot_password/);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();

  // The mailbox, filtered by the address as a developer would: the reset mail is the newest to it.
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Mailbox', level: 1 })).toBeVisible();
  await page.getByLabel('To').fill(EMAIL);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/dev\/mailbox\?to=/);
  const mail = page.getByRole('row').filter({ hasText: EMAIL }).filter({ hasText: 'Reset your' });
  await expect(mail).toHaveCount(1);
  await mail.getByRole('link', { name: /Reset your .* password/ }).click();
  await expect(page.getByRole('heading', { name: /Reset your .* password/, level: 1 })).toBeVisible();
  await screenshot(page, 'first-run-mailbox-reset-mail');
  await page.getByRole('link', { name: /\/update_password\?/ }).click();

  await expect(page).toHaveURL(/\/update_password\?/);
  await expect(page.getByRole('heading', { name: 'Reset password', level: 1 })).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectAccessible(page);
});
