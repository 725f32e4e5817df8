import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, logOut, openCompany, screenshot, signIn } from '../support/journeys.ts';

test('an admin enables the customer portal for a company, watches it become ready, logs in through the posted credentials and terminates it', async ({
  page,
  context,
}) => {
  test.slow();
  await newCustomer('Lumen Dental', 'lumen@example.com');
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const dialog = await openCompany(page, 'Lumen Dental');
  const section = dialog.getByRole('group', { name: 'Customer portal' });
  await expect(section.getByText('Not enabled')).toBeVisible();
  await section.getByRole('button', { name: 'Enable Customer Portal' }).click();

  // The section polls while the local provisioner builds the portal (4 s on the journeys' server).
  await expect(section.getByText('Provisioning')).toBeVisible();
  await screenshot(page, 'cloudview-company-dialog-provisioning');
  await expect(section.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('link', { name: /\/cloudview-local\/\d+$/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'cloudview-company-dialog-ready');

  // Log In posts the signed, single-use sign-in to the portal in a new tab; the local portal verifies it.
  const opened = context.waitForEvent('page');
  await section.getByRole('button', { name: 'Log In' }).click();
  const tab = await opened;
  await expect(tab.getByText('Signed in to the customer portal of Lumen Dental as admin@example.com.')).toBeVisible();
  await expectAccessible(tab);
  await screenshot(tab, 'cloudview-local-portal-signed-in');
  await tab.close();

  // The company's own user finds it on /cloudview and signs in as themselves.
  await page.keyboard.press('Escape');
  await logOut(page);
  await signIn(page, 'lumen@example.com');
  await page.goto('/cloudview');
  await expect(page.getByRole('heading', { name: 'Customer Portal', level: 1 })).toBeVisible();
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable Customer Portal' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'cloudview-page-ready');
  const customerTab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Log In' }).click();
  const second = await customerTab;
  await expect(second.getByText('Signed in to the customer portal of Lumen Dental as lumen@example.com.')).toBeVisible();
  await second.close();

  // The admin terminates it: typed CONFIRM, then the section shows none.
  await logOut(page);
  await signIn(page, 'admin@example.com');
  const again = await openCompany(page, 'Lumen Dental');
  const portal = again.getByRole('group', { name: 'Customer portal' });
  await portal.getByRole('button', { name: 'Terminate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Terminate the customer portal?' });
  await confirm.getByLabel('Type CONFIRM to confirm').fill('CONFIRM');
  await expectAccessible(page);
  await screenshot(page, 'cloudview-terminate-confirm');
  await confirm.getByRole('button', { name: 'Terminate' }).click();
  await expect(portal.getByText('Not enabled')).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Enable Customer Portal' })).toBeVisible();
  await screenshot(page, 'cloudview-company-dialog-terminated');
});
