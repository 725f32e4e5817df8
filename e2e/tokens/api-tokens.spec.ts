import { expect, test } from '@playwright/test';
import { PUBLIC_URL } from '../support/addresses.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a customer makes a token with two permissions, a script uses it with Bearer auth, and it is refused once revoked', async ({
  page,
  request,
}) => {
  test.slow();
  await signIn(page, 'customer@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/manage_api_tokens/);
  await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();

  await page.getByRole('button', { name: 'New Token' }).click();
  let dialog = page.getByRole('dialog', { name: 'New API token' });
  await expect(dialog.getByRole('group', { name: 'Users' })).toBeVisible();
  const create = dialog.getByRole('button', { name: 'Create token' });
  await expect(create).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /USERS_READ/ }).check();
  await dialog.getByRole('checkbox', { name: /BILLING_READ/ }).check();
  await expect(create).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, 'tokens-new-token');
  await create.click();

  dialog = page.getByRole('dialog', { name: 'Your new API token' });
  const shown = ((await dialog.getByTestId('new-api-token').textContent()) ?? '').trim();
  expect(shown).toMatch(/^pt_/);
  await dialog.getByRole('button', { name: 'Copy token' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(shown);
  await expectAccessible(page);
  await screenshot(page, 'tokens-created');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A script: no cookie, the token in the Authorization header.
  const call = (path: string) =>
    request.post(`${PUBLIC_URL}${path}`, { headers: { authorization: `Bearer ${token}` }, data: {}, failOnStatusCode: false });
  const users = await call('/api/v1/user/list_company_users');
  expect(users.status()).toBe(200);
  expect(JSON.stringify(await users.json())).toContain('customer@example.com');
  expect((await call('/api/v1/billing/credit_summary')).status()).toBe(200);
  // A permission the token was not given.
  expect((await call('/api/v1/user/create_user')).status()).toBe(403);

  await page.reload();
  const row = page.getByRole('row', { name: /USERS_READ/ });
  await expect(row).toContainText(token.slice(0, 11));
  await expect(row).not.toContainText(token.slice(11));
  await expect(row).toContainText('from');
  await expectAccessible(page);
  await screenshot(page, 'tokens-active');

  await row.getByRole('button', { name: /^Revoke pt_/ }).click();
  const confirm = page.getByRole('dialog', { name: /^Revoke pt_/ });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API token revoked')).toBeVisible();
  await expect(page.getByText('No tokens found with that filter!')).toBeVisible();

  const refused = await call('/api/v1/user/list_company_users');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe('The API token is not valid');

  await page.getByRole('tab', { name: 'Revoked' }).click();
  await expect(page).toHaveURL(/restrict=revoked/);
  await expect(page.getByRole('table', { name: 'Revoked API tokens' })).toContainText(token.slice(0, 11));
  await expectAccessible(page);
  await screenshot(page, 'tokens-revoked');
});
