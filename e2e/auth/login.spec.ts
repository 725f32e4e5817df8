import { expect, test } from '@playwright/test';
import { clickLogOut, expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test('the demo admin signs in with email then password, sees the companies, and logs out', { tag: '@smoke' }, async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'login-email');

  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByLabel('Password')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'login-password');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByLabel('Password').press('Enter');

  await expect(page).toHaveURL(/\/dashboard_admin/);
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Acme Dental' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'dashboard-admin');

  await clickLogOut(page);
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard_admin');
  await expect(page).toHaveURL(/\/login\?redirect_to=/);
});

test('a wrong password shows the error, is cleared and keeps the user on the form', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Error: Invalid email or password');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByLabel('Password')).toBeFocused();
  await screenshot(page, 'login-wrong-password');
});

test('the email step validates the address with the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
});

test('a customer lands on the dashboard; suspended and pending-delete users land where the spec says', async ({ page }) => {
  // Three sign-ins and scans, the first of a dashboard with the demo customer's charts.
  test.slow();
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'dashboard-customer');
  await clickLogOut(page);

  // A distributor's customer suspended for running out of credit: the demo's suspended@example.com pays its way
  // back in a first-run journey, so it may already be active.
  await signIn(page, 'suspended@northwind.example.com');
  await expect(page).toHaveURL(/\/topup/);
  await expectAccessible(page);
  await clickLogOut(page);

  await signIn(page, 'pending@example.com');
  await expect(page).toHaveURL(/\/pending_delete\?will_delete_at=\d+/);
  await expect(page.getByText(/pending charges may apply/i)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'pending-delete');
});

test('a distributor lands on the sub-accounts dashboard', async ({ page }) => {
  await signIn(page, 'distributor@example.com');
  await expect(page).toHaveURL(/\/dashboard_distributor/);
  await expectAccessible(page);
  await screenshot(page, 'dashboard-distributor');
});

test('the admin company table searches, pages and switches tabs from the keyboard', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page.getByRole('cell', { name: 'Acme Dental' })).toBeVisible();
  await page.getByRole('textbox', { name: /search/i }).fill('southern');
  await expect(page.getByRole('cell', { name: 'Southern Backup Partners', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Acme Dental' })).toBeHidden();
  await page.getByRole('tab', { name: /Deleted/ }).click();
  await expect(page).toHaveURL(/restrict=deleted/);
  await expect(page.getByRole('cell', { name: 'Southern Vineyard' })).toBeVisible();
  await screenshot(page, 'dashboard-admin-deleted-tab');
});

test('unknown routes keep the shell and say the page is not found', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  await page.goto('/no/such/route');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/dashboard_admin/);
});
