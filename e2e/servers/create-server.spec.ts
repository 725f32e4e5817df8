import {
  adminCreateDownload,
  adminCreateDownloadPresignedUrl,
  adminPatchDownload,
} from '@portal/contract/downloads/downloads';
import { expect, request, test } from '@playwright/test';
import { PUBLIC_URL } from '../support/addresses.ts';
import { adminApi, newCustomer } from '../support/admin-api.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

// Older than the version the downloads journey releases, so that journey's "Stable" stays its own.
const VERSION = '26.9.0';
const NAME = `cometd-${VERSION}-linux-x86_64.deb`;

/** Releases a version with a Linux installer, as an admin would through the Manage Download dialog. */
async function releaseLinuxInstaller() {
  const admin = await adminApi();
  try {
    await admin.call(adminCreateDownload, { target_version_key: VERSION, is_hidden: false });
    const { url } = await admin.call(adminCreateDownloadPresignedUrl, { target_version_key: VERSION, target_path: NAME });
    const uploader = await request.newContext({ baseURL: PUBLIC_URL });
    expect((await uploader.put(url, { data: Buffer.from('installer bytes'), headers: { 'content-type': 'application/octet-stream' } })).ok()).toBe(true);
    await uploader.dispose();
    await admin.call(adminPatchDownload, { target_version_key: VERSION, file_linux_x86_64_deb: NAME });
  } finally {
    await admin.dispose();
  }
}

test('a new customer downloads the Linux installer through the create-server wizard, gets a licence key, and the server comes online', async ({ page }) => {
  test.slow();
  await releaseLinuxInstaller();
  await newCustomer('Wizard Works', 'wizard@example.com');
  await signIn(page, 'wizard@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Set up a backup server' }).click();
  await expect(page).toHaveURL(/\/create_server$/);

  const card = page.getByRole('region', { name: 'Self-hosted server' });
  await card.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option', { name: VERSION, exact: true }).click();
  await card.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: 'Linux x86_64 (deb)' }).click();
  await expectAccessible(page);
  await screenshot(page, 'create-server-step-0');
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(NAME);

  // Step 3: the licence key is made by itself.
  const key = card.getByTestId('licence-key');
  await expect(key).toHaveText(/^[0-9A-Z-]{29}$/);
  const serial = (await key.textContent()) ?? '';
  await expect(card.getByText(`sudo apt install ./${NAME}`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'create-server-licence-key');

  // The installed server checks in with that key, as the simulator does.
  const checkIn = await page.request.post('/api/v1/license/check_in', {
    data: { serial_number: serial, machine_id: 'wizard-box', version: VERSION, device_count: 4, boosters: {} },
  });
  expect(checkIn.status()).toBe(200);
  await card.getByRole('link', { name: 'Go to My servers' }).click();
  const row = page.getByRole('table', { name: 'Self-hosted licences' }).getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();

  // Having downloaded, the company is sent to /downloads or makes a serial number in a dialog; a new
  // company's plan allows one licence, so the second is refused with the spec's sentence.
  await page.goto('/create_server');
  await expect(card.getByRole('link', { name: 'Go to downloads' })).toBeVisible();
  await card.getByRole('button', { name: 'Generate a serial number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate a serial number' });
  await dialog.getByLabel('Name').fill('Second site');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByRole('alert')).toContainText('There was an issue generating your license: Your plan allows 1 self-hosted licence');
  await expectAccessible(page);
  await screenshot(page, 'create-server-serial-dialog');
});
