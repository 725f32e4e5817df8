import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';

const SUBJECT = `Attached logs ${Date.now()}`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('a customer creates a ticket with an attachment, and staff download it intact', async ({ page }) => {
  test.slow();
  const log = randomBytes(200_000);
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/tickets/create');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'General' }).click();
  await page.getByLabel('Subject').fill(SUBJECT);
  await page.getByLabel('What is the problem?').fill('The job log is attached.');
  // The file goes up resumably (tus): a creation, then PATCHes whose last one answers the attachment.
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/tickets/uploads') && r.request().method() === 'POST');
  const finished = page.waitForResponse(
    (r) => /\/api\/v1\/tickets\/uploads\/[0-9a-f]{32}$/.test(r.url()) && r.request().method() === 'PATCH',
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([
    { name: 'job.log', mimeType: 'text/plain', buffer: log },
    { name: 'job.log', mimeType: 'text/plain', buffer: Buffer.from('same name, ignored') },
  ]);
  expect((await created).status()).toBe(201);
  expect(await (await finished).json()).toMatchObject({ status: 'ok', data: { filename: 'job.log', filesize: log.length } });
  const list = page.getByRole('list', { name: 'Attachments to send' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('job.log')).toBeVisible();
  await expect(list.getByText('(200 KB)')).toBeVisible();
  await expect(list.getByRole('progressbar', { name: 'Upload of job.log' })).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page);
  await screenshot(page, 'tickets-create-attachment');
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const ticketUrl = page.url();
  await expect(page.getByRole('link', { name: 'job.log' })).toBeVisible();
  await logOut(page);

  await signIn(page, 'support@example.com');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My tickets' })).toBeVisible();
  await page.goto(ticketUrl);
  const link = page.getByRole('link', { name: 'job.log' });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'tickets-staff-attachment');
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('job.log');
  const saved = await file.path();
  expect(sha(await readFile(saved))).toBe(sha(log));
});
