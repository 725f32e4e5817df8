import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test('an admin uploads a new version through the Manage Download dialog and a customer downloads it', async ({ browser }, testInfo) => {
  test.slow();
  // A retry makes a newer version, since the first try's version exists already.
  const VERSION = `27.${1 + testInfo.retry}.0`;
  const NAME = `cometd-${VERSION}-linux-x86_64.deb`;
  const installer = randomBytes(8 * 1024 * 1024 + 123);
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signIn(page, 'admin@example.com');
  await page.getByRole('link', { name: 'Manage downloads' }).click();
  await expect(page).toHaveURL(/\/manage_downloads/);
  await page.getByRole('button', { name: 'New version' }).click();
  const create = page.getByRole('dialog', { name: 'New version' });
  await create.getByLabel('Version').fill('27');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('The version must look like 24.12.3')).toBeVisible();
  await create.getByLabel('Version').fill(VERSION);
  await create.getByRole('button', { name: 'Create' }).click();

  const dialog = page.getByRole('dialog', { name: `Manage Download ${VERSION}` });
  await expect(dialog).toBeVisible();
  const files = dialog.locator('input[type="file"]');
  // A wrong name is refused in the dialog: nothing is sent.
  await files.setInputFiles({ name: `cometd-${VERSION}-macos.pkg`, mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
  await expect(dialog.getByText('The file name must be cometd-<version>')).toBeVisible();
  await files.setInputFiles({ name: NAME, mimeType: 'application/octet-stream', buffer: installer });
  await dialog.getByLabel('Codename').fill('Journey');
  await dialog.getByLabel('Release notes').fill('Uploaded by the journey.');
  await dialog.getByLabel('Hidden from customers').uncheck();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole('progressbar', { name: `Upload of ${NAME}` })).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page);
  await screenshot(page, 'downloads-manage-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Version ${VERSION} saved`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(VERSION.replaceAll('.', '\\.')) });
  await expect(row).toContainText('Visible');
  await expect(row).toContainText('Linux x86_64 (deb) 8.4 MB');
  await expectAccessible(page);
  await screenshot(page, 'downloads-manage');
  await adminContext.close();

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signIn(customer, 'customer@example.com');
  await customer.goto('/downloads');
  const stable = customer.getByRole('region', { name: `Stable ${VERSION}` });
  await expect(stable).toBeVisible();
  await expectAccessible(customer);
  await screenshot(customer, 'downloads-page');
  const [download] = await Promise.all([customer.waitForEvent('download'), stable.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(NAME);
  const saved = await readFile(await download.path());
  expect(createHash('sha256').update(saved).digest('hex')).toBe(createHash('sha256').update(installer).digest('hex'));

  await customer.getByRole('link', { name: 'Older versions' }).click();
  await expect(customer).toHaveURL(/\/oldversions/);
  const version = customer.getByRole('region', { name: `Version ${VERSION}` });
  await expect(version).toContainText('Journey');
  await expect(version).toContainText('Uploaded by the journey.');
  await expect(version).toContainText('8.4 MB');
  await expectAccessible(customer);
  await screenshot(customer, 'downloads-oldversions');
  await customerContext.close();
});
