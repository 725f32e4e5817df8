import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, logOut, openCompany, screenshot, signIn } from '../support/journeys.ts';

const STAMP = Date.now();
const KEPT = `Restore stalls ${STAMP}`;
const MERGED = `Restore stalls again ${STAMP}`;

async function createTicket(page: Page, subject: string, problem: string): Promise<number> {
  await page.goto('/tickets/create');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'General' }).click();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('What is the problem?').fill(problem);
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The text of the PDF a link on the page opens, read with poppler's pdftotext. */
async function pdfTextOf(page: Page, href: string): Promise<string> {
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: await res.body() }).toString('utf8');
}

test('support merges two tickets of one company and exports the result as PDF, with and without internal notes', async ({ page }) => {
  test.slow();
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  const keptId = await createTicket(page, KEPT, 'The restore stops at 10%.');
  const mergedId = await createTicket(page, MERGED, 'Still stuck at 10% after the retry.');
  await logOut(page);

  await signIn(page, 'support@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  await page.goto(`/tickets/${mergedId}`);
  await page.getByLabel('New note').fill(`Internal: same customer as #${keptId}`);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText(`Internal: same customer as #${keptId}`)).toBeVisible();

  await page.getByRole('button', { name: 'Merge…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge ticket' });
  await dialog.getByRole('textbox', { name: /Find a ticket/ }).fill(String(keptId));
  await dialog.getByRole('radio', { name: `#${keptId} ${KEPT}` }).check();
  await expectAccessible(page);
  await screenshot(page, 'tickets-merge-dialog');
  await dialog.getByRole('button', { name: 'Merge' }).click();

  await expect(page).toHaveURL(new RegExp(`/tickets/${keptId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KEPT);
  await expect(page.getByText('Still stuck at 10% after the retry.')).toBeVisible();
  await expect(page.getByText(`Internal: same customer as #${keptId}`)).toBeVisible();
  await expect(page.getByText(`Sam Support merged ticket #${mergedId} into #${keptId}`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'tickets-merged-target');

  await page.getByRole('button', { name: 'Export PDF' }).click();
  const withNotes = await page.getByRole('menuitem', { name: 'With internal notes' }).getAttribute('href');
  const withoutNotes = await page.getByRole('menuitem', { name: 'Without internal notes' }).getAttribute('href');
  await page.keyboard.press('Escape');
  const full = await pdfTextOf(page, withNotes ?? '');
  expect(full).toContain(`Ticket #${keptId}: ${KEPT}`);
  expect(full).toContain('Still stuck at 10% after the retry.');
  expect(full).toContain(`Internal: same customer as #${keptId}`);
  const plain = await pdfTextOf(page, withoutNotes ?? '');
  expect(plain).toContain('Still stuck at 10% after the retry.');
  expect(plain).not.toContain('Internal: same customer');

  await page.goto(`/tickets/${mergedId}`);
  await expect(page.getByText(`Merged into #${keptId}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Merge…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add comment' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'tickets-merged-source');
  await page.getByRole('link', { name: `ticket #${keptId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${keptId}$`));
  await logOut(page);

  // The customer sees the whole conversation in the kept ticket, never the note, and their PDF has none.
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/tickets/${keptId}`);
  await expect(page.getByText('Still stuck at 10% after the retry.')).toBeVisible();
  await expect(page.getByText('Internal: same customer')).toHaveCount(0);
  const own = await pdfTextOf(page, (await page.getByRole('link', { name: 'Export PDF' }).getAttribute('href')) ?? '');
  expect(own).toContain('Still stuck at 10% after the retry.');
  expect(own).not.toContain('Internal: same customer');
  await page.goto(`/tickets/${mergedId}`);
  await expect(page.getByText(`Merged into #${keptId}`)).toBeVisible();
  await expectAccessible(page);
});

test('an admin posts a custom invoice to a distributor’s ticket and lands on it (decision 0045)', async ({ page }) => {
  test.slow();
  await signIn(page, 'distributor@example.com');
  await expect(page).not.toHaveURL(/\/login/);
  const ticketId = await createTicket(page, `Invoice please ${STAMP}`, 'Please invoice the guided restore.');
  await logOut(page);

  // Admins see Invoices for distributors (spec-2 §6).
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const company = await openCompany(page, 'Southern Backup Partners');
  await company.getByRole('tab', { name: 'Invoices' }).click();
  await company.getByRole('button', { name: 'New invoice' }).first().click();
  const invoice = page.getByRole('dialog', { name: 'Create A New Custom Invoice' });
  await invoice.getByLabel('Name').fill('Restore assistance');
  await invoice.getByRole('textbox', { name: 'Due date' }).fill('2026-12-31');
  await invoice.getByLabel('Item 1').fill('Guided restore session');
  await invoice.getByLabel('Quantity 1').fill('1');
  await invoice.getByLabel('Cost 1 (dollars)').fill('90');
  await invoice.getByRole('textbox', { name: /Post to ticket/ }).fill(`#${ticketId}`);
  await invoice.getByRole('textbox', { name: /Message on the ticket/ }).fill('Here is the invoice for the guided restore.');
  await expectAccessible(page);
  await invoice.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticketId}$`));
  await expect(page.getByText('Here is the invoice for the guided restore.')).toBeVisible();
  await expect(page.getByRole('link', { name: /View invoice #\d+/ })).toHaveAttribute('href', /\/view_custom_invoice\?id=\d+$/);
  await screenshot(page, 'tickets-invoice-posted');
});
