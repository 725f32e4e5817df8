import { ListBucketsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, type Page, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/** What Show Access Keys shows, read off the dialog as a customer would copy it. */
/** Chooses from the Options menu, and waits for the menu to finish closing (axe would judge it mid-transition). */
async function chooseOption(page: Page, name: string) {
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

async function accessKeys(page: Page) {
  await chooseOption(page, 'Show Access Keys');
  const dialog = page.getByRole('dialog', { name: 'Access Keys' });
  const read = async (label: string) => ((await dialog.getByLabel(label, { exact: true }).textContent()) ?? '').trim();
  const keys = { endpoint: await read('Endpoint'), accessKey: await read('Access Key'), secretKey: await read('Secret Key') };
  return { keys, dialog };
}

/** The customer's own S3 client, configured from the keys the portal issued. */
function s3(keys: { endpoint: string; accessKey: string; secretKey: string }) {
  return new S3Client({
    region: 'us-east-1',
    endpoint: keys.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function typeToConfirm(page: Page, text: string, ok: string) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel(`Type ${text} to confirm`) });
  await dialog.getByLabel(`Type ${text} to confirm`).fill(text);
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  // Gone, not closing: axe would otherwise judge the dialog mid-transition.
  await expect(dialog).toHaveCount(0);
}

test('a customer enables storage, uploads to a new bucket with the issued keys, sees the job measure it, rotates them, deletes the bucket and disables storage', async ({
  page,
  browser,
}) => {
  test.slow();
  // A company of its own: no other journey sees its storage.
  await newCustomer('Bucket Brigade', 'buckets@example.com');
  await signIn(page, 'buckets@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage' }).click();
  await expect(page.getByText('Storage is not enabled')).toBeVisible();
  await page.getByRole('link', { name: 'Add Storage' }).click();

  await expect(page).toHaveURL(/\/add_storage$/);
  await expect(page.getByText('$6.99/TB per month, charged daily, no markup')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'storage-add');
  await page.getByRole('button', { name: 'Enable Storage' }).click();
  await typeToConfirm(page, 'CONFIRM', 'Enable');

  await expect(page).toHaveURL(/\/storage\/wasabi$/);
  await expect(page.getByText('No buckets yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add New Bucket' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add New Bucket' });
  await expect(add.getByRole('combobox', { name: 'Region' })).toHaveValue(/US East 1/);
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Create Bucket' }).click();
  await expect(add).toBeHidden();
  const grid = page.getByRole('table', { name: 'Buckets' });
  const bucketCell = grid.getByText(/^c\d+-[0-9a-f]{12}$/);
  await expect(bucketCell).toBeVisible();
  const bucket = ((await bucketCell.textContent()) ?? '').trim();

  const { keys, dialog } = await accessKeys(page);
  await expectAccessible(page);
  await screenshot(page, 'storage-access-keys');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  const client = s3(keys);
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'backups/first.bin', Body: 'x'.repeat(2048) }));
  expect((await client.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual([bucket]);

  // The Buckets tab measures what is stored.
  await page.reload();
  await expect(grid.getByRole('row').filter({ hasText: bucket })).toContainText('2.05 KB');
  await expect(page.getByText('Current usage').locator('..')).toContainText('2.05 KB');
  await expectAccessible(page);
  await screenshot(page, 'storage-buckets');

  // The daily utilization job (every 3 s on the journeys' server) measures the upload: the History tab's
  // 90-day chart shows today's padded bytes (a 2 KB object counts as 4 KB, plus its key as metadata), and the
  // cost is the measured day's, still the 1 TB minimum: $0.23 a day, 30 of them $6.99 a month.
  const measured = 4096 + 'backups/first.bin'.length;
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('figure', { name: /Storage usage over the last 90 days/ })).toHaveAccessibleName(
      new RegExp(`: ${(measured / 1000).toFixed(2)} KB on \\d{4}-\\d{2}-\\d{2}, 1 measured day\\.`),
      { timeout: 2000 },
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Estimated cost per day').locator('..')).toContainText('$0.23');
  await expect(page.getByText('Estimated cost per month').locator('..')).toContainText('$6.99');
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'storage-history');

  // The dashboard's storage chart: the last 60 days, and the Storage usage chart dialog behind it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(`${(measured / 1000).toFixed(2)} KB stored on`)).toBeVisible();
  await expect(page.getByRole('figure', { name: /Storage usage over the last 60 days/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'storage-dashboard-chart');
  await page.getByRole('button', { name: 'Show 90 days' }).click();
  const chartDialog = page.getByRole('dialog', { name: 'Storage usage' });
  await expect(chartDialog.getByRole('figure', { name: /Storage usage over 90 days/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'storage-usage-dialog');
  await chartDialog.getByRole('button', { name: 'Close' }).click();
  await expect(chartDialog).toHaveCount(0);

  // An admin finds the account on /manage_storage with what the job measured.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@example.com');
  await admin.goto('/manage_storage');
  await admin.getByRole('textbox', { name: 'Search Storage accounts' }).fill('Bucket Brigade');
  const accountRow = admin.getByRole('table', { name: 'Storage accounts' }).getByRole('row').filter({ hasText: 'Bucket Brigade' });
  await expect(accountRow).toContainText(`${(measured / 1000).toFixed(2)} KB`);
  await expect(accountRow).toContainText('Measured');
  await expectAccessible(admin);
  await screenshot(admin, 'storage-manage');
  await adminContext.close();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage' }).click();
  await expect(grid.getByRole('row').filter({ hasText: bucket })).toBeVisible();

  // Rotating: the old keys stop working, the new ones work.
  await chooseOption(page, 'Rotate Access Keys');
  await typeToConfirm(page, 'CONFIRM', 'Rotate');
  const rotatedDialog = page.getByRole('dialog', { name: 'Access Keys' });
  await expect(rotatedDialog.getByLabel('Access Key', { exact: true })).not.toHaveText(keys.accessKey);
  const rotated = {
    endpoint: keys.endpoint,
    accessKey: ((await rotatedDialog.getByLabel('Access Key', { exact: true }).textContent()) ?? '').trim(),
    secretKey: ((await rotatedDialog.getByLabel('Secret Key', { exact: true }).textContent()) ?? '').trim(),
  };
  await rotatedDialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(client.send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  await s3(rotated).send(new PutObjectCommand({ Bucket: bucket, Key: 'backups/second.bin', Body: 'y' }));

  // Deleting takes the bucket's name typed exactly.
  await page.getByRole('button', { name: `Delete ${bucket}` }).click();
  await typeToConfirm(page, bucket, 'Delete');
  await expect(page.getByText('No buckets yet')).toBeVisible();
  // The bucket is gone at the provider: S3 answers NoSuchBucket (docs/decisions/0095).
  await expect(s3(rotated).send(new PutObjectCommand({ Bucket: bucket, Key: 'late', Body: 'z' }))).rejects.toMatchObject({
    name: 'NoSuchBucket',
  });

  await chooseOption(page, 'Disable Storage');
  await typeToConfirm(page, 'CONFIRM', 'Disable');
  await expect(page.getByText('Storage is not enabled')).toBeVisible();
  await expect(s3(rotated).send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Storage is not enabled')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'storage-disabled-phone');
});
