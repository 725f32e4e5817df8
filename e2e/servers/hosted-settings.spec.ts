import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostedCreate, hostedDescribe } from '@portal/contract/servers/hosted';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { type SmtpCheckServer, startSmtpCheckServer } from '../../apps/server/src/test/smtp-check-server.ts';
import { adminApi, newCustomer } from '../support/admin-api.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';
import { type MailCapture, captureMail, linkInMailTo } from '../support/mail.ts';

/**
 * The journeys' server runs in development, so it starts the portal's own DNS server, answering from
 * DATA_DIR/dns-zone.json (docs/decisions/0053); the journey adds records to that file as a customer adds
 * them at their DNS host.
 */
const zoneFile = path.join(process.env.E2E_ARTIFACTS ?? path.join(import.meta.dirname, '..', '.artifacts'), 'data', 'dns-zone.json');

function addRecords(records: Record<string, { A?: string[]; CNAME?: string; TXT?: string[] }>) {
  const zone = JSON.parse(readFileSync(zoneFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(zoneFile, JSON.stringify({ ...zone, ...records }, null, 2));
}

/** A ready console for the company, built by the local provisioner (6 s on the journeys' server). */
async function readyConsole(companyId: number) {
  const admin = await adminApi();
  try {
    const { hosted_server_id } = await admin.call(hostedCreate, {
      target_company_id: companyId,
      target_region: 'nz-north',
      target_email_from: 'backups@relay.example',
      target_email_send_as: 'Relay Backups',
      target_storage_type: 'none',
    });
    await expect
      .poll(async () => (await admin.call(hostedDescribe, { target_hosted_server_id: hosted_server_id })).state, { timeout: 30_000 })
      .toBe('ready');
    return await admin.call(hostedDescribe, { target_hosted_server_id: hosted_server_id });
  } finally {
    await admin.dispose();
  }
}

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function openSettings(page: Page, serverName: string) {
  await page.getByRole('button', { name: `Actions for ${serverName}` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hosted server settings' });
  await expect(dialog.getByRole('tab', { name: 'Custom Domain' })).toBeVisible();
  return dialog;
}

let smtp: SmtpCheckServer;
let mailbox: MailCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCheckServer({ security: 'starttls', username: 'relay-mailer', password: 'relay-smtp-pass' });
  mailbox = await captureMail();
});
test.afterAll(async () => {
  await smtp?.close();
  await mailbox?.close();
});

test('a customer sets up a hosted console: its own domain passes the DNS check, its SMTP server the test, its sender is verified', async ({ page }) => {
  test.slow();
  // Tall enough that the screenshots show the whole dialog, Email Setup included.
  await page.setViewportSize({ width: 1280, height: 1150 });
  const { companyId } = await newCustomer('Relay Hosting', 'relay@example.com');
  const hosted = await readyConsole(companyId);
  await signIn(page, 'relay@example.com');
  await page.goto('/my_servers');
  await expect(page.getByRole('table', { name: 'Hosted consoles' }).getByRole('row', { name: new RegExp(hosted.server_name) })).toContainText('Ready');

  // Keyboard: from the row's menu, Tab reaches the tabs, the arrow keys change tab, Tab reaches the fields.
  const dialog = await openSettings(page, hosted.server_name);
  const domainTab = dialog.getByRole('tab', { name: 'Custom Domain' });
  await tabTo(page, domainTab);
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Email Setup' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, dialog.getByLabel('Send email from'));
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('tab', { name: 'Email Setup' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(domainTab).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, dialog.getByLabel('Domain', { exact: true }));

  // Custom Domain: a name with no record is refused with what to do; once its CNAME is published, Valid.
  await page.keyboard.type('backup.relay.example');
  await dialog.getByRole('button', { name: 'Check DNS' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `backup.relay.example has no CNAME or A record; add a CNAME record pointing to ${hosted.user_dns}`,
  );
  addRecords({ 'backup.relay.example': { CNAME: hosted.user_dns }, '_dmarc.relay.example': { TXT: ['v=DMARC1; p=quarantine'] } });
  await dialog.getByRole('button', { name: 'Check DNS' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Valid');
  const useDomain = dialog.getByRole('switch', { name: 'Use custom domain' });
  await useDomain.click({ force: true });
  await expect(useDomain).toBeChecked();
  await expectAccessible(page);
  await screenshot(page, 'hosted-settings-custom-domain');

  // Email Setup: SMTP on port 587 with TLS by default; the test signs in to the local SMTP server with STARTTLS.
  await dialog.getByRole('tab', { name: 'Email Setup' }).click();
  await dialog.getByRole('radio', { name: 'My SMTP server' }).check();
  await expect(dialog.getByLabel('Port')).toHaveValue('587');
  await expect(dialog.getByRole('combobox', { name: 'Security' })).toHaveValue('TLS');
  await dialog.getByRole('textbox', { name: 'SMTP server' }).fill('127.0.0.1');
  await dialog.getByLabel('Port').fill(String(smtp.port));
  await dialog.getByRole('combobox', { name: 'Security' }).click();
  await page.getByRole('option', { name: 'STARTTLS' }).click();
  await dialog.getByLabel('User name').fill('relay-mailer');
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('checkbox', { name: 'Accept an invalid certificate' }).check();
  await dialog.getByRole('button', { name: 'Test SMTP' }).click();
  await expect(dialog.getByText(/535 Invalid username or password/)).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('relay-smtp-pass');
  await dialog.getByRole('button', { name: 'Test SMTP' }).click();
  await expect(dialog.getByText('Passed', { exact: true })).toBeVisible();
  expect(smtp.logins).toEqual(['relay-mailer']);
  // DMARC was looked up when the dialog opened, before its record was published: Check again looks again.
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(dialog.getByText(/^DMARC record of relay\.example/).locator('..')).toContainText('Verified');
  await expect(dialog.getByText('DNS changes can take up to 72 hours.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'hosted-settings-email-setup');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${hosted.server_name} settings saved`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Hosted consoles' })).toContainText('backup.relay.example');

  // Opened again: the password is not shown, only that one is saved, and the test uses it for the same server.
  const again = await openSettings(page, hosted.server_name);
  await again.getByRole('tab', { name: 'Email Setup' }).click();
  await expect(again.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(again.getByText('A password is saved; leave this empty to keep it.')).toBeVisible();
  await again.getByRole('button', { name: 'Test SMTP' }).click();
  await expect(again.getByText('Passed', { exact: true })).toBeVisible();
  const verification = again.getByText(/^DMARC record of relay\.example/).locator('..');
  await expect(verification).toContainText('Verified');
  const sender = again.getByText('Sender address backups@relay.example').locator('..');
  await expect(sender).toContainText('Not verified');

  // The sender address is verified by its link; Resend then waits out its 60 seconds.
  await again.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(again.getByText('Verification email sent to backups@relay.example.')).toBeVisible();
  await expect(again.getByRole('button', { name: /Resend verification email \(\d+ s\)/ })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, 'hosted-settings-verification-sent');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
  const link = await linkInMailTo(mailbox, 'backups@relay.example', 'verify_sender');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Sender address backups@relay.example verified')).toBeVisible();
  await expect(page).toHaveURL(/\/my_servers$/);
  const verified = await openSettings(page, hosted.server_name);
  await verified.getByRole('tab', { name: 'Email Setup' }).click();
  await expect(verified.getByText('Sender address backups@relay.example').locator('..')).toContainText('Verified');
  await expect(verified.getByRole('button', { name: /Resend verification email/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'hosted-settings-verified');
});
