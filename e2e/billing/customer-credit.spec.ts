import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

/** A calendar day in Pacific/Auckland, where usage days are counted, `back` days ago. */
function aucklandDay(back = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(Date.now() - back * 86_400_000));
}

test('a customer reads credit, packs, days remaining, services and usage, and exports usage to a spreadsheet', async ({ page }) => {
  // Five pages with axe scans (the dashboard's chart is a large page for axe) and an export, on a busy machine.
  test.setTimeout(180_000);
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The demo customer has two years of history: credit, packs, a runway and running services.
  const credit = page
    .getByRole('heading', { name: 'Available credit' })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
  await expect(credit.getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
  await expect(credit.getByRole('progressbar', { name: 'Balance' })).toBeVisible();
  const packs = credit.getByRole('list', { name: 'Credit packs' }).getByRole('listitem');
  await expect(packs.first()).toBeVisible();
  expect(await packs.count()).toBeLessThanOrEqual(5);
  await expect(page.getByText(/^(About [\d,]+ days?|At least 1,000 days)$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Services' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Balance over 90 days' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  // The latest charged day's charges, each with the packs that paid it.
  await expect(
    page
      .getByRole('region', { name: /^Charges on \d{4}-\d{2}-\d{2}$/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();

  const total = Number((await credit.getByText(/^Showing \d+ of \d+$/).textContent())?.match(/of (\d+)/)?.[1]);
  if (total > 5) {
    await credit.getByRole('button', { name: 'Load more' }).click();
    await expect(packs).toHaveCount(Math.min(10, total));
  }
  await expectAccessible(page);
  await screenshot(page, 'billing-customer-dashboard');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Active services' }).click();
  await expect(page.getByRole('heading', { name: 'Active services', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Updated twice a day/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Active services' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'billing-active-services');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage history' }).click();
  await expect(page.getByRole('heading', { name: 'Usage history', level: 1 })).toBeVisible();
  // Forty days back: this month's charges and last month's.
  const from = aucklandDay(40);
  await page.getByLabel('From').fill(from);
  // Escape closes the calendar that typing opened.
  await page.getByLabel('From').press('Escape');
  await expect(page).toHaveURL(new RegExp(`from=${from}`));
  const table = page.getByRole('table', { name: 'Usage history' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await expect(firstRow.getByText(/^[^:]+: \$[\d,]+\.\d\d$/).first()).toBeVisible();
  const today = aucklandDay();
  // The newest charge is this month's unless the month began today.
  if (((await firstRow.textContent()) ?? '').includes(today.slice(0, 8))) await expect(firstRow.getByText('Not finalized')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'billing-usage-history');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
  expect((await download).suggestedFilename()).toBe('usage-history.xlsx');
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no worksheet');
  const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
  expect(header).toEqual(expect.arrayContaining(['Date used', 'Type', 'Amount used', 'Packs used']));
  const shown = Number((await page.getByText(/^Showing 1–\d+ of [\d,]+$/).textContent())?.match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''));
  // Every charge of the range, not one page of it.
  expect(sheet.actualRowCount - 1).toBe(shown);
  const dateCell = sheet.getRow(2).getCell(header.indexOf('Date used') + 1).value;
  if (!(dateCell instanceof Date)) throw new Error('the export holds no real dates');
  const firstDate = dateCell.toISOString().slice(0, 10);
  await expect(firstRow).toContainText(firstDate);
});

test('the billing pages pass axe in dark mode at phone width, without sideways scroll', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const [path, heading] of [
    ['/dashboard', 'Available credit'],
    ['/my_plan', 'Plans'],
    ['/my_active_services', 'Active services'],
    ['/full_usage_history', 'Usage history'],
    ['/track_new_users', 'Track new users'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await screenshot(page, `billing-phone-dark${path.replace(/\//g, '-')}`);
  }
});
