import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';
import { totpCode } from '../support/otp.ts';

const EMAIL = 'owner@passphrase-journey.example.com';

test('a customer with two-factor on signs in with the recovery passphrase alone, from the forgot-password page, and makes a new one', async ({
  page,
}) => {
  await newCustomer('Passphrase Journey Ltd', EMAIL);
  await signIn(page, EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/passphrase');
  await expect(page.getByRole('heading', { name: 'Recovery passphrase', level: 1 })).toBeVisible();
  await expect(page.getByText('It is shown only this once.')).toBeVisible();
  const passphrase = ((await page.getByTestId('passphrase').textContent()) ?? '').trim();
  expect(passphrase.split(/\s+/)).toHaveLength(20);
  await expectAccessible(page);
  await screenshot(page, 'passphrase-created');

  // Two-factor on, so that the passphrase is seen standing in for the second factor too.
  await page.goto('/setup_two_factor');
  const secret = ((await page.getByLabel('Secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('6-digit code').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Enable authenticator app' }).click();
  await expect(page.getByText('Enabled (authenticator app)')).toBeVisible();

  await logOut(page);
  await page.goto('/forgot_password');
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with your recovery passphrase instead' }).click();
  await expect(page).toHaveURL(/\/login\?method=recovery_passphrase/);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Next' }).click();
  const field = page.getByLabel('Recovery passphrase');
  await expect(field).toBeFocused();
  await field.fill(passphrase);
  await expectAccessible(page);
  await screenshot(page, 'login-recovery-passphrase');
  await page.getByRole('button', { name: 'Log in' }).click();

  // The passphrase works once: the user lands on /passphrase, told why, with a new one made.
  await expect(page).toHaveURL(/\/passphrase$/);
  await expect(page.getByText('Your recovery passphrase signed you in, so it no longer works.', { exact: false })).toBeVisible();
  const renewed = ((await page.getByTestId('passphrase').textContent()) ?? '').trim();
  expect(renewed.split(/\s+/)).toHaveLength(20);
  expect(renewed).not.toBe(passphrase);
  await expectAccessible(page);

  // Shown once: afterwards the page gives its date and a hint, never the passphrase itself.
  await page.goto('/passphrase');
  await expect(page.getByText(/^Created: /)).toBeVisible();
  await expect(page.getByText(/^Hint: /)).toBeVisible();
  await expect(page.getByTestId('passphrase')).toHaveCount(0);
  await expect(page.getByText(renewed)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'passphrase-details');
});
