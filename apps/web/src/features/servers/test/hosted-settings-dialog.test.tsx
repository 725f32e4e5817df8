import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { type HostedDetails, hostedDescribe, hostedListAsyncTasks } from '@portal/contract/servers/hosted';
import {
  HOSTED_SETTINGS_MESSAGES,
  hostedCheckEmailVerification,
  hostedResendVerificationEmail,
  hostedTestSmtpCredentials,
  hostedUpdateBranding,
  hostedValidateMailFromDns,
} from '@portal/contract/servers/hosted-settings';
import { userMyServersTable } from '@portal/contract/servers/server-tables';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_self_hosted', 'use_hosted'] };

const row = {
  id: 4,
  server_name: 'acme-x7k2',
  user_dns: 'acme-x7k2.cometbackup.example',
  user_custom_dns: '',
  version: '25.3.0',
  num_devices_online: 0,
  num_boosters_online: 0,
  pending_delete: false,
  pending_delete_failed: false,
  favourited: false,
  admin_username: 'admin',
  admin_password: 'secret',
  region: 'Europe (London)',
  created_at: '2026-11-01T00:00:00Z',
};
const details: HostedDetails = {
  id: 4,
  company_id: 9,
  server_name: 'acme-x7k2',
  state: 'ready',
  failure_message: '',
  region: { code: 'eu-west', name: 'Europe (London)' },
  user_dns: 'acme-x7k2.cometbackup.example',
  user_custom_dns: '',
  version: '25.3.0',
  admin_username: 'admin',
  admin_password: 'secret',
  send_as_email_address: 'backups@acme.example',
  send_as_display_name: 'Acme Backups',
  use_custom_dns: false,
  send_as_email_verified: false,
  send_as_dmarc_verified: false,
  smtp_mode: 'ses',
  smtp_host: '',
  smtp_port: 587,
  smtp_username: '',
  smtp_password_set: false,
  smtp_security: 'tls',
  smtp_accept_invalid_certificate: false,
  verification_resend_at: null,
  storage_type: 'none',
  included_storage_bytes: 0,
  included_storage_expires_at: null,
  created_at: '2026-11-01T00:00:00Z',
  ready_at: '2026-11-01T00:01:00Z',
};

const settingsOf = (d: HostedDetails) => {
  const { id: _i, company_id: _c, server_name: _s, state: _st, failure_message: _f, region: _r, version: _v, admin_username: _a, admin_password: _p, storage_type: _t, included_storage_bytes: _b, included_storage_expires_at: _e, created_at: _ca, ready_at: _ra, ...rest } = d;
  return rest;
};

function open(routes: FakeRoute[], d: HostedDetails = details) {
  return renderApp('/my_servers', [
    on(getAuthContext, () => authContext(CUSTOMER)),
    on(hostedListAsyncTasks, () => ({ tasks: [] })),
    on(userMyServersTable, () => ({ provisioning: [], hosted: [row], self_hosted: [], total: 0, latest_version: '25.3.0' })),
    on(hostedDescribe, () => d),
    on(hostedCheckEmailVerification, () => ({ is_verified: false, is_dmarc_verified: true, verification_resend_at: null })),
    ...routes,
  ]);
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for acme-x7k2' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Hosted server settings' });
  await within(dialog).findByRole('tab', { name: 'Custom Domain' });
  return { user, dialog };
}

describe('Hosted server settings dialog', () => {
  it('checks the DNS of the domain typed, showing Valid or the message, and saves through update_branding', async () => {
    const sent: Record<string, unknown>[] = [];
    const app = await open([
      on(hostedValidateMailFromDns, (body) =>
        body.target_custom_dns === 'backup.acme.example'
          ? { valid: true, message: 'Valid' }
          : { valid: false, message: `${body.target_custom_dns} has no CNAME or A record` },
      ),
      on(hostedUpdateBranding, (body) => {
        sent.push(body as Record<string, unknown>);
        return settingsOf({ ...details, user_custom_dns: 'backup.acme.example', use_custom_dns: true });
      }),
    ]);
    const { user, dialog } = await openDialog();
    const domain = within(dialog).getByLabelText('Domain');
    await user.type(domain, 'wrong.acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Check DNS' }));
    expect(await within(dialog).findByText('wrong.acme.example has no CNAME or A record')).toBeTruthy();
    await user.clear(domain);
    await user.type(domain, 'backup.acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Check DNS' }));
    expect(await within(dialog).findByText('Valid')).toBeTruthy();
    await user.click(within(dialog).getByRole('switch', { name: 'Use custom domain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      target_hosted_server_id: 4,
      target_custom_dns: 'backup.acme.example',
      target_use_custom_dns: true,
      target_email_from: 'backups@acme.example',
      target_smtp_mode: 'ses',
      target_smtp_port: 587,
      target_smtp_security: 'tls',
      target_smtp_password: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hosted server settings' })).toBeNull());
    expect(app).toBeTruthy();
  });

  it('SMTP: port 587 and TLS by default, the password write-only, Test SMTP shows Passed or the message', async () => {
    let answer = { passed: false, message: '535 Invalid username or password' };
    const tested: Record<string, unknown>[] = [];
    await open(
      [
        on(hostedTestSmtpCredentials, (body) => {
          tested.push(body as Record<string, unknown>);
          return answer;
        }),
      ],
      { ...details, smtp_mode: 'smtp', smtp_host: 'smtp.acme.example', smtp_username: 'acme', smtp_password_set: true },
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Email Setup' }));
    expect((within(dialog).getByLabelText('Port') as HTMLInputElement).value).toBe('587');
    expect((within(dialog).getByRole('combobox', { name: 'Security' }) as HTMLInputElement).value).toBe('TLS');
    const password = within(dialog).getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(within(dialog).getByText('A password is saved; leave this empty to keep it.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Test SMTP' }));
    expect(await within(dialog).findByText('535 Invalid username or password')).toBeTruthy();
    expect(tested[0]).toMatchObject({ target_smtp_host: 'smtp.acme.example', target_smtp_port: 587, target_smtp_password: '' });
    answer = { passed: true, message: 'Passed' };
    await user.type(password, 'new-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Test SMTP' }));
    expect(await within(dialog).findByText('Passed')).toBeTruthy();
    expect(tested[1]).toMatchObject({ target_smtp_password: 'new-secret' });
  });

  it('shows the sender and DMARC verified separately, resends with a 60 s cooldown, and the 72 hours note', async () => {
    const resendAt = new Date(Date.now() + 60_000).toISOString();
    await open([on(hostedResendVerificationEmail, () => ({ verification_resend_at: resendAt }))]);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Email Setup' }));
    const sender = within(dialog).getByText('Sender address backups@acme.example').parentElement as HTMLElement;
    const dmarc = within(dialog).getByText('DMARC record of acme.example').parentElement as HTMLElement;
    expect(within(sender).getByText('Not verified')).toBeTruthy();
    await waitFor(() => expect(within(dmarc).getByText('Verified')).toBeTruthy());
    expect(within(dialog).getByText('DNS changes can take up to 72 hours.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Resend verification email' }));
    expect(await within(dialog).findByText('Verification email sent to backups@acme.example.')).toBeTruthy();
    const waiting = await within(dialog).findByRole('button', { name: /Resend verification email \(\d+ s\)/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
  });

  it('Cancel closes at once without changes, and asks before discarding typed ones', async () => {
    await open([]);
    const first = await openDialog();
    await first.user.click(within(first.dialog).getByLabelText('Domain'));
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hosted server settings' })).toBeNull());

    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Domain'), 'backup.acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: /Discard/ });
    await user.click(within(ask).getByRole('button', { name: /Discard/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hosted server settings' })).toBeNull());
  });

  it('puts field-level errors under their field, on their tab', async () => {
    await open([
      on(hostedUpdateBranding, () => ({
        error: { code: 400, message: 'Invalid input', fields: { target_smtp_host: 'Enter the SMTP server’s host name' } },
      })),
    ]);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Email Setup' }));
    await user.click(within(dialog).getByRole('radio', { name: 'My SMTP server' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'SMTP server' }), 'bad host');
    await user.click(within(dialog).getByRole('tab', { name: 'Custom Domain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter the SMTP server’s host name')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Email Setup' }).getAttribute('aria-selected')).toBe('true');
  });

  it('checks the fields by the contract before sending: a bad domain is said under Domain, on its tab, and nothing is saved', async () => {
    const sent: unknown[] = [];
    await open([
      on(hostedUpdateBranding, (body) => {
        sent.push(body);
        return settingsOf(details);
      }),
    ]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Domain'), 'not a domain');
    await user.click(within(dialog).getByRole('tab', { name: 'Email Setup' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Send email as' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(HOSTED_SETTINGS_MESSAGES.domain)).toBeTruthy();
    expect(within(dialog).getByText(HOSTED_SETTINGS_MESSAGES.sendAs)).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Custom Domain' }).getAttribute('aria-selected')).toBe('true');
    expect(sent).toEqual([]);
  });
});
