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

test('a customer enables storage, uploads to a new bucket with the issued keys, rotates them, deletes the bucket and disables storage', async ({
  page,
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
  await expect(s3(rotated).send(new PutObjectCommand({ Bucket: bucket, Key: 'late', Body: 'z' }))).rejects.toMatchObject({
    name: 'AccessDenied',
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
