import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';
import { type MailCapture, captureMail, linkInMailTo } from '../support/mail.ts';

const EMAIL = 'owner@reset-journey.example.com';
const NEW_PASSWORD = 'a-brand-new-password';

let mailbox: MailCapture;
test.beforeEach(async () => {
  mailbox = await captureMail();
});
test.afterEach(async () => {
  await mailbox.close();
});

test('a customer who forgot the password gets a link by mail, sets a new password and signs in with it', async ({ page }) => {
  await newCustomer('Reset Journey Ltd', EMAIL);

  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot_password/);
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(EMAIL);
  // The widget's checkbox sits under its icon; its label is what a person clicks.
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();

  const sent = page.getByRole('status').filter({ hasText: 'Check your email' });
  await expect(sent).toContainText('If an account exists for that address, we have sent a link to reset its password.');
  await expect(sent).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'forgot-password-sent');

  const link = await linkInMailTo(mailbox, EMAIL, '/update_password');
  expect(link.origin).toBe(new URL(page.url()).origin);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Reset password', level: 1 })).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await expectAccessible(page);
  await screenshot(page, 'reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');
  await expectAccessible(page);
  await screenshot(page, 'reset-password-done');
  // The page moves on to the login form by itself.
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, EMAIL, 'demo-password');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signIn(page, EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The link works once.
  await logOut(page);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('yet-another-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');
  await screenshot(page, 'reset-password-link-used');
});
