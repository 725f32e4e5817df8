import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';

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
