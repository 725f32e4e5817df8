import { setCompanySso } from '@portal/contract/auth/sso';
import { expect, test } from '@playwright/test';
import { OIDC_CLIENT, startOidcProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { PUBLIC_URL } from '../support/addresses.ts';
import { adminApi, newCustomer } from '../support/admin-api.ts';
import { DEMO_PASSWORD, expectAccessible, logOut, screenshot } from '../support/journeys.ts';

const DOMAIN = 'sso-journey.example.com';
const EMAIL = `owner@${DOMAIN}`;

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
test.beforeAll(async () => {
  provider = await startOidcProvider(`${PUBLIC_URL}/api/v1/user/sso/callback`);
});
test.afterAll(async () => {
  await provider.close();
});

test('a user of a company that signs in through its own OIDC provider goes there from the email step and comes back signed in', async ({
  page,
  request,
}) => {
  // The company has a domain of its own, so no other login is sent to the provider.
  const { companyId } = await newCustomer('Sso Journey Ltd', EMAIL);
  const admin = await adminApi();
  try {
    await admin.call(setCompanySso, {
      target_id: companyId,
      enabled: true,
      issuer: provider.issuer,
      client_id: OIDC_CLIENT.client_id,
      client_secret: OIDC_CLIENT.client_secret,
      email_domain: DOMAIN,
    });
  } finally {
    await admin.dispose();
  }

  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Next' }).click();

  // The provider's own development sign-in form, which accepts any login; its email claim is the login.
  await page.waitForURL((url) => url.href.startsWith(provider.issuer));
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  await screenshot(page, 'sso-provider-sign-in');
  await page.locator('input[name="login"]').fill(EMAIL);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(`${PUBLIC_URL}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'sso-signed-in');

  // Once more: the provider remembers the browser and sends it straight back, signed in.
  await logOut(page);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(`${PUBLIC_URL}/dashboard`);

  // The right password alone no longer signs this user in.
  const byPassword = await request.post('/api/v1/user/login', {
    data: { target_type: 'password', target_user: EMAIL, target_password: DEMO_PASSWORD },
  });
  expect(byPassword.status()).toBe(403);
  expect(await byPassword.json()).toMatchObject({ message: "This account signs in through your organisation's single sign-on" });
});
