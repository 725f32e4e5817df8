import { readFile } from 'node:fs/promises';
import { login } from '@portal/contract/auth/login';
import { adminCreateDownload, adminCreateDownloadPresignedUrl, adminPatchDownload } from '@portal/contract/downloads/downloads';
import { createLicense } from '@portal/contract/servers/licences';
import { licenseCheckIn } from '@portal/contract/servers/server-tables';
import type { Call, CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { PUBLIC_URL } from '../support/addresses.ts';
import { adminApi, newCustomer } from '../support/admin-api.ts';
import { DEMO_PASSWORD, expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/** POSTs a call as the web app does (the CSRF cookie echoed in its header) and answers its data. */
async function post<C extends Call>(context: APIRequestContext, call: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const { cookies } = await context.storageState();
  const csrf = cookies.find((c) => c.name === 'portal_csrf')?.value;
  const res = await context.post(call.path, { data: input, headers: csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {} });
  const body = (await res.json()) as { status: string; data: unknown };
  expect(body, `${call.path} answered ${res.status()}`).toMatchObject({ status: 'ok' });
  return call.output.parse(body.data) as CallOutput<C>;
}

/** A customer company whose one licence has checked in on the version with this many devices. */
async function companyOnVersion(name: string, version: string, devices: number, tag: string) {
  const email = `${name.toLowerCase().replaceAll(' ', '-')}-${tag}@example.com`;
  await newCustomer(`${name} ${tag}`, email);
  const context = await request.newContext({ baseURL: PUBLIC_URL });
  try {
    await post(context, login, { target_type: 'password', target_user: email, target_password: DEMO_PASSWORD });
    const { serial_number } = await post(context, createLicense, { target_name: `${name} server` });
    const res = await context.post(licenseCheckIn.path, {
      data: { serial_number, machine_id: `machine-${tag}-${name}`, version, device_count: devices },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await context.dispose();
  }
}

/** A version customers can download: one Linux installer uploaded and attached, not hidden. */
async function downloadableVersion(version: string) {
  const admin = await adminApi();
  try {
    await admin.call(adminCreateDownload, { target_version_key: version, is_hidden: false, codename: 'Versions' });
    const upload = await admin.call(adminCreateDownloadPresignedUrl, {
      target_version_key: version,
      target_path: `cometd-${version}-linux-x86_64.deb`,
    });
    const put = await request.newContext();
    const res = await put.put(upload.url, { data: Buffer.from('installer') });
    expect(res.ok(), await res.text()).toBe(true);
    await put.dispose();
    await admin.call(adminPatchDownload, { target_version_key: version, [`file_${upload.platform_id}`]: upload.filename });
  } finally {
    await admin.dispose();
  }
}

test('an admin picks a server version, sorts the companies on it and exports them', async ({ page }, testInfo) => {
  test.slow();
  // Newer than any version another journey uploads, so it is the first in the list; a retry makes its own.
  const VERSION = `29.${1 + testInfo.retry}.0`;
  const tag = `v${Date.now().toString(36)}`;
  await downloadableVersion(VERSION);
  await companyOnVersion('Version Alpha', VERSION, 5, tag);
  await companyOnVersion('Version Bravo', VERSION, 20, tag);
  await companyOnVersion('Version Charlie', VERSION, 12, tag);

  await signIn(page, 'admin@example.com');
  await page.goto('/reports/report_customers_by_server_version');
  await expect(page.getByRole('heading', { name: 'Customers by server version' })).toBeVisible();
  // Outside the app layout: no navigation.
  await expect(page.getByRole('button', { name: /account menu/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Server version' })).toHaveValue(VERSION);
  const table = page.getByRole('table', { name: `Companies on ${VERSION}` });
  const names = table.getByRole('row').filter({ hasText: tag });
  await expect(names).toHaveCount(3);
  await expect(names.nth(0)).toContainText('Version Alpha');
  await expect(table.getByRole('row', { name: /Version Bravo/ }).getByRole('cell')).toHaveText([
    `Version Bravo ${tag}`,
    /@example\.com/,
    '1',
    '20',
  ]);

  await table.getByRole('button', { name: 'Devices' }).click();
  await table.getByRole('button', { name: 'Devices' }).click();
  await expect(names.nth(0)).toContainText('Version Bravo');
  await expect(names.nth(1)).toContainText('Version Charlie');
  await expect(names.nth(2)).toContainText('Version Alpha');
  await expectAccessible(page);
  await screenshot(page, 'reports-version-report');

  await page.getByRole('button', { name: 'Export' }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
  const text = await readFile(await csv.path(), 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('company_id,company_name,primary_email,server_count,device_count');
  expect(lines.filter((l) => l.includes(tag)).map((l) => l.split(',').slice(1, 2).concat(l.split(',').slice(3)))).toEqual([
    [`Version Bravo ${tag}`, '1', '20'],
    [`Version Charlie ${tag}`, '1', '12'],
    [`Version Alpha ${tag}`, '1', '5'],
  ]);
  await page.getByRole('button', { name: 'Export' }).click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click()]);
  expect((await readFile(await xlsx.path())).subarray(0, 2).toString()).toBe('PK');
});
