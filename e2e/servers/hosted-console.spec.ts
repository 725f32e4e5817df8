import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';

test('a customer creates a hosted console and watches it provision to ready, then logs in', async ({ page, context }) => {
  test.slow();
  await newCustomer('Orbit Hosting', 'orbit@example.com');
  await signIn(page, 'orbit@example.com');
  await page.goto('/my_servers');
  await expect(page.getByText('No hosted consoles.')).toBeVisible();

  await page.getByRole('button', { name: 'New hosted console' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a hosted management console' });
  await expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveValue('US East (Virginia)');
  await dialog.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'New Zealand (Auckland)' }).click();
  await dialog.getByLabel('Send email from').fill('backups@orbit.example');
  await dialog.getByLabel('Send email as').fill('Orbit Backups');
  await expectAccessible(page);
  await screenshot(page, 'hosted-create-dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();

  // The countdown runs while the local provisioner builds it (6 s on the journeys' server).
  await expect(page).toHaveURL(/\/provision_server\?task=\d+/);
  await expect(page.getByRole('heading', { name: 'Seconds To Liftoff' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'hosted-provision-countdown');

  await expect(page.getByRole('heading', { name: 'Your server is ready' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/orbit-hosting-[a-z2-9]{4}\.cometbackup\.example/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'hosted-provision-ready');

  // Login opens the console in a new tab and goes to the dashboard. The local provisioner builds no real
  // console, so its address answers here with a stand-in page.
  await context.route(/^https:\/\/[a-z0-9-]+\.cometbackup\.example\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Console login</title>' }),
  );
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Login' }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/^https:\/\/orbit-hosting-[a-z2-9]{4}\.cometbackup\.example\/$/);
  await tab.close();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/my_servers');
  const table = page.getByRole('table', { name: 'Hosted consoles' });
  const row = table.getByRole('row', { name: /orbit-hosting-/ });
  await expect(row).toContainText('Ready');
  await expect(row).toContainText('New Zealand (Auckland)');
  await expect(row).toContainText('Admin user: admin');
  await expectAccessible(page);
  await screenshot(page, 'hosted-my-servers-ready');
  // A phone's width: opened there, so the navigation starts folded away.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(table.getByRole('row', { name: /orbit-hosting-/ })).toBeVisible();
  await screenshot(page, 'hosted-my-servers-ready-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Staff see it on /manage_comet_hosted, and its host on /manage_tenant_hosts.
  await logOut(page);
  await signIn(page, 'admin@example.com');
  await page.goto('/manage_comet_hosted');
  const consoles = page.getByRole('table', { name: 'Hosted servers' });
  await expect(consoles.getByRole('row', { name: /Orbit Hosting/ })).toContainText('ready');
  await expectAccessible(page);
  await screenshot(page, 'hosted-manage-comet-hosted');
  await page.goto('/manage_tenant_hosts');
  const hosts = page.getByRole('table', { name: 'Tenant hosts' });
  await expect(hosts.getByRole('row', { name: /orbit-hosting-[a-z2-9]{4}\.cometbackup\.example/ })).toContainText('New Zealand (Auckland)');
  await expectAccessible(page);
  await screenshot(page, 'hosted-manage-tenant-hosts');
});
