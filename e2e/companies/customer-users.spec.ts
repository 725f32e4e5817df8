import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test('a customer adds, edits and deletes a user of their company on /users', async ({ page }) => {
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete customer@example.com' })).toBeDisabled();

  await page.getByLabel('Contact name').fill('Nina New');
  await page.getByRole('textbox', { name: 'Email' }).fill('nina@acme.example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('a-long-password');
  await page.getByLabel('Technical').check();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('cell', { name: 'nina@acme.example.com', exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'users-page');

  await page.getByRole('button', { name: 'Edit nina@acme.example.com' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage user' });
  await manage.getByLabel('Contact name').fill('Nina Renamed');
  await manage.getByLabel('Billing').check();
  await expectAccessible(page);
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(manage).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit nina@acme.example.com' })).toBeFocused();
  await expect(page.getByText('nina@acme.example.com updated').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Nina Renamed', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete nina@acme.example.com' }).click();
  await page.getByRole('dialog', { name: 'Delete nina@acme.example.com?' }).getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('nina@acme.example.com deleted').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'nina@acme.example.com', exact: true })).toHaveCount(0);
});
