import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/**
 * An admin opens /reports on its Downloads tab, downloads the general daily report as CSV through its form
 * (a GET submit) and the balances as XLSX through its link, and opens both files.
 */
test('an admin downloads the general daily report as CSV and the balances as XLSX, and opens them', async ({ page }) => {
  test.slow();
  await signIn(page, 'admin@example.com');
  await page.goto('/reports');
  await expect(page.getByRole('tab', { name: 'Downloads', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'General daily report' })).toBeVisible();
  await expect(page.getByText('How usage is counted')).toBeVisible();
  const feedback = page.getByRole('form', { name: 'Feedback by month' });
  await expect(feedback.getByRole('combobox', { name: 'Year' }).locator('option').last()).toHaveText('2023');
  const usage = page.getByRole('form', { name: 'Usage by month' });
  await expect(usage.getByRole('combobox', { name: 'Year' }).locator('option').last()).toHaveText('2022');
  await expect(page.getByText(/No analytics questions are configured|Loading/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'reports-downloads');

  const daily = page.getByRole('form', { name: 'General daily report' });
  await daily.getByLabel('Include deleted accounts').check();
  await daily.getByRole('combobox', { name: 'Format' }).selectOption('csv');
  const [csv] = await Promise.all([page.waitForEvent('download'), daily.getByRole('button', { name: 'Download' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^daily-general-report-\d{4}-\d{2}-\d{2}-with-deleted\.csv$/);
  const lines = (await readFile(await csv.path(), 'utf8')).trim().split('\n');
  expect(lines[0]).toBe(
    'company_id,company_name,company_type,state,primary_email,region_code,country,distributor_id,is_vip,is_partner_company,has_contract_billing,created_at,deleted_at,balance_cents,device_count,booster_count,storage_amount_bytes,server_version,charged_cents',
  );
  // The demo world's companies.
  expect(lines.length).toBeGreaterThan(5);
  expect(lines.some((l) => l.includes(',ACTIVE,'))).toBe(true);

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Balances as XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^balances-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await xlsx.path())) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Report');
  if (!sheet) throw new Error('the workbook has no Report sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    'Company ID',
    'Company name',
    'Company type',
    'Distributor ID',
    'State',
    'Balance',
    'Suspended for credit',
    'Credit received',
    'Charged',
    'Expired',
  ]);
  expect(sheet.actualRowCount).toBeGreaterThan(5);
  // Money is a number in a currency format in the spreadsheet, not text.
  expect(typeof sheet.getRow(2).getCell(6).value).toBe('number');
  expect(sheet.getRow(2).getCell(6).numFmt).toContain('$');
});
