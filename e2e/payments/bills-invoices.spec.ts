import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, logOut, openCompany, screenshot, signIn } from '../support/journeys.ts';

/** A PDF's text, as poppler's pdftotext reads it (scripts/ensure-test-tools.sh installs it). */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

/** The PDF a link opens, fetched with the page's session, as the new tab would. */
async function pdfBehind(page: Page, href: string | null) {
  expect(href).toBeTruthy();
  const res = await page.request.get(href ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return pdfText(await res.body());
}

test('a customer downloads a receipt PDF from /mybill', async ({ page }) => {
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing history' }).click();
  await expect(page).toHaveURL(/\/mybill$/);
  await expect(page.getByRole('heading', { name: 'Billing history', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Transactions' });
  const row = table.getByRole('row', { name: /Admin Entry/ }).first();
  await expect(row).toBeVisible();
  const link = row.getByRole('link', { name: /Download PDF/ });
  await expect(link).toHaveAttribute('target', '_blank');
  // The link opens the receipt in a new tab.
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toContain('/api/v1/user/transactions/download_invoice?transaction_id=p');
  await tab.close();
  const text = await pdfBehind(page, await link.getAttribute('href'));
  expect(text).toContain('RECEIPT');
  expect(text).toContain('Credit added by an administrator');
  expect(text).toContain('All amounts are in US dollars (USD).');
  await expectAccessible(page);
  await screenshot(page, 'payments-mybill');
});

test('an admin creates, previews, processes and voids custom invoices for a distributor', async ({ page }) => {
  test.slow();
  // The distributor saves a card (billing details first), which the admin will charge.
  await signIn(page, 'distributor@example.com');
  await expect(page).toHaveURL(/\/dashboard_distributor/);
  await page.goto('/payment_methods');
  await page.getByRole('button', { name: 'Add a card' }).first().click();
  const details = page.getByRole('dialog', { name: 'Billing details' });
  if (await details.isVisible({ timeout: 3000 }).catch(() => false)) {
    await details.getByLabel('Phone number').fill('+61 2 5550 0100');
    await details.getByLabel('Street address').fill('1 George Street');
    await details.getByLabel('City').fill('Sydney');
    await details.getByLabel('Zip or postal code').fill('2000');
    await details.getByRole('button', { name: 'Save and continue' }).click();
  }
  const authorize = page.getByRole('dialog', { name: 'Authorize new card' });
  await authorize.getByRole('button', { name: 'Continue' }).click();
  const card = page.frameLocator('iframe[title="Card details"]');
  await card.getByLabel('Name on card').fill('Dana Distributor');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/30');
  await card.getByLabel('Security code').fill('123');
  await card.getByRole('button', { name: 'Authorize card' }).click();
  await expect(authorize.getByText('Visa •••• •••• •••• 4242 is saved.')).toBeVisible();
  await authorize.getByRole('button', { name: 'Done' }).click();
  await logOut(page);

  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const company = await openCompany(page, 'Southern Backup Partners');
  await company.getByRole('tab', { name: 'Invoices' }).click();

  const createInvoice = async (name: string, cost: string) => {
    await company.getByRole('button', { name: 'New invoice' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create A New Custom Invoice' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter a name for the invoice')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('textbox', { name: 'Due date' }).fill('2026-12-31');
    await dialog.getByLabel('Item 1').fill(`${name} – onboarding`);
    await dialog.getByLabel('Quantity 1').fill('2');
    await dialog.getByLabel('Cost 1 (dollars)').fill(cost);
    return dialog;
  };

  let dialog = await createInvoice('Reseller setup', '125.50');
  await expect(dialog.getByText('Total $251.00 USD')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'payments-new-invoice');
  // Preview opens the PDF in a new tab and saves nothing.
  const [preview] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Preview' }).click()]);
  await expect.poll(() => preview.url()).toMatch(/^blob:/);
  await preview.close();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/Invoice #\d+ created for \$251\.00/)).toBeVisible();
  const invoices = company.getByRole('table', { name: 'Invoices' });
  let row = invoices.getByRole('row', { name: /Reseller setup/ });
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('$251.00');

  const pdf = await pdfBehind(page, await row.getByRole('link', { name: /View Invoice #\d+ PDF/ }).getAttribute('href'));
  expect(pdf).toContain('Southern Backup Partners');
  expect(pdf).toContain('Reseller setup – onboarding');
  expect(pdf).toContain('Total (USD): $251.00');

  await row.getByRole('button', { name: /(Process|Open) Invoice #\d+/ }).click();
  let processDialog = page.getByRole('dialog', { name: /^Invoice #\d+$/ });
  await expect(processDialog.getByLabel('Saved card', { exact: true })).toHaveValue(/4242/);
  await expectAccessible(page);
  await screenshot(page, 'payments-process-invoice');
  await processDialog.getByRole('button', { name: 'Process' }).click();
  await expect(processDialog.getByText('Invoice paid')).toBeVisible();
  await expect(processDialog.getByRole('button', { name: 'Void' })).toBeDisabled();
  await processDialog.getByRole('button', { name: 'Done' }).click();
  row = invoices.getByRole('row', { name: /Reseller setup/ });
  await expect(row).toContainText('Paid');

  // A second invoice is voided, after the admin confirms.
  dialog = await createInvoice('Spare licences', '10');
  await dialog.getByRole('button', { name: 'Create' }).click();
  row = invoices.getByRole('row', { name: /Spare licences/ });
  await row.getByRole('button', { name: /(Process|Open) Invoice #\d+/ }).click();
  processDialog = page.getByRole('dialog', { name: /^Invoice #\d+$/ });
  await processDialog.getByRole('button', { name: 'Void' }).click();
  await page
    .getByRole('dialog', { name: /^Void Invoice #\d+\?$/ })
    .getByRole('button', { name: 'Void' })
    .click();
  await expect(processDialog.getByText('Status: Void', { exact: false })).toBeVisible();
  await expect(processDialog.getByRole('button', { name: 'Process' })).toBeDisabled();
  await processDialog.getByRole('button', { name: 'Done' }).click();
  await expect(invoices.getByRole('row', { name: /Spare licences/ })).toContainText('Void');

  // The paid invoice is on the distributor's transactions, by card.
  await company.getByRole('tab', { name: 'Transactions' }).click();
  await expect(company.getByRole('table', { name: 'Company transactions' }).getByRole('row', { name: /Invoice #\d+/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'payments-company-transactions');
});
