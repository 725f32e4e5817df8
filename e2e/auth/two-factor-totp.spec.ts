import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';
import { nextTotpCode, totpCode, totpStepNow } from '../support/otp.ts';

const EMAIL = 'owner@totp-journey.example.com';

test('a customer turns on an authenticator app, then signs in with email, password and a fresh code', async ({ page }) => {
  // The second sign-in waits for the authenticator's next 30-second code.
  test.setTimeout(90_000);
  await newCustomer('Totp Journey Ltd', EMAIL);
  await signIn(page, EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/setup_two_factor');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeVisible();
  await expect(page.getByText('Not enabled')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await page.getByLabel('Secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16}$/);
  await expectAccessible(page);
  await screenshot(page, 'two-factor-setup');

  const enableStep = totpStepNow();
  const enableCode = await totpCode(secret);
  await page.getByLabel('6-digit code').fill(enableCode);
  await page.getByRole('button', { name: 'Enable authenticator app' }).click();
  await expect(page.getByText('Enabled (authenticator app)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable authenticator app' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'two-factor-totp-enabled');

  await logOut(page);
  await signIn(page, EMAIL);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'login-totp');

  // The code that turned two-factor on has been used: it does not sign anyone in again.
  await code.fill(enableCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not correct');
  await expect(page).toHaveURL(/\/login/);
  await screenshot(page, 'login-totp-replayed-code');

  await code.fill(await nextTotpCode(secret, enableStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});
