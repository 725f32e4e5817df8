import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';
import { addVirtualAuthenticator } from '../support/webauthn.ts';

const EMAIL = 'owner@webauthn-journey.example.com';

test('a customer registers a security key, then signs in with email, password and the key', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await newCustomer('Webauthn Journey Ltd', EMAIL);
  await signIn(page, EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/setup_two_factor');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeVisible();
  const keys = page.getByRole('group', { name: 'Security key or passkey' });
  await keys.getByLabel('Device name').fill('Journey laptop');
  await expectAccessible(page);
  await keys.getByRole('button', { name: 'Add security key or passkey' }).click();

  await expect(page.getByText('Enabled (security key)')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Security keys and passkeys' }).getByRole('cell', { name: 'Journey laptop' })).toBeVisible();
  // With a key in place the authenticator app is no longer offered; another key is.
  await expect(page.getByRole('group', { name: 'Authenticator app' })).toHaveCount(0);
  await expect(keys.getByRole('button', { name: 'Add another security key or passkey' })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectAccessible(page);
  await screenshot(page, 'two-factor-webauthn-registered');

  await logOut(page);
  await signIn(page, EMAIL);
  const useKey = page.getByRole('button', { name: 'Use security key' });
  await expect(useKey).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'login-webauthn');

  await useKey.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const [credential] = await authenticator.credentials();
  expect(credential?.signCount).toBeGreaterThan(0);
  await expectAccessible(page);
});
