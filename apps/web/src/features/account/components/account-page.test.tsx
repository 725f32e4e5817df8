import { getAccountSettings, setAccountSettings } from '@portal/contract/account/account-settings';
import { changePassword, resendVerificationEmail } from '@portal/contract/account/password';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { listSessions, reauthenticate, revokeSession } from '@portal/contract/auth/sessions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { reauthGate } from '../../../test/reauth';
import { renderApp } from '../../../test/render-app';
import { accountSettings } from './account.fixture';

const AUTH = getAuthContext;

/** Pastes instead of typing key by key, which is slow in a form this size. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
const GET = getAccountSettings;
const SET = setAccountSettings;
const RESEND = resendVerificationEmail;
const SESSIONS = listSessions;
const REVOKE = revokeSession;
const REAUTH = reauthenticate;
const CHANGE = changePassword;

const SESSION_ROWS = [
  {
    id: 's1',
    ip: '203.0.113.5',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    created_at: '2026-01-15T00:00:00Z',
    last_seen_at: '2026-01-15T01:30:00Z',
    is_current: true,
  },
  {
    id: 's2',
    ip: '198.51.100.7',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    created_at: '2026-01-10T00:00:00Z',
    last_seen_at: '2026-01-11T23:00:00Z',
    is_current: false,
  },
];

function open(routes: readonly FakeRoute[] = []) {
  return renderApp('/myaccount', [
    on(AUTH, () => authContext()),
    on(GET, () => accountSettings()),
    on(SESSIONS, () => SESSION_ROWS),
    ...routes,
  ]);
}

describe('/myaccount', () => {
  it('shows the user, alerts, company and a read-only two-factor status with links', async () => {
    await open([on(GET, () => accountSettings({ user_two_factor: 'totp' }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(document.title).toBe('My account · Backup Portal');
    expect(((await screen.findByLabelText('Contact name')) as HTMLInputElement).value).toBe('Ann Smith');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ann@example.com');
    expect((screen.getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Acme Backups');
    expect((screen.getByLabelText('Zip or postal code') as HTMLInputElement).value).toBe('1010');
    const country = screen.getAllByLabelText('Country').find((element) => element.tagName === 'INPUT');
    expect((country as HTMLInputElement).value).toBe('New Zealand');
    expect((screen.getByLabelText('Technical alerts') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Billing alerts') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Enabled (authenticator app)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Two-factor settings' }).getAttribute('href')).toBe('/setup_two_factor');
    expect(screen.queryByLabelText('Require two-factor for all users of this company')).toBeNull();
    expect(screen.queryByText('Please verify your email address')).toBeNull();
  });

  it("saves only what changed, trimmed, and shows 'Account Updated'", async () => {
    const { api } = await open([
      on(SET, (body) => accountSettings({ company_name: String(body.company_name), user_notifications_is_billing: true })),
    ]);
    const name = await screen.findByLabelText(/^Company name/);
    await userEvent.clear(name);
    await fill(name, '  Acme Storage  ');
    await userEvent.click(screen.getByLabelText('Billing alerts'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // The one success pattern: a toast with the spec's words.
    expect(await screen.findByText('Account Updated')).toBeTruthy();
    expect(api.callsTo(SET)[0]?.body).toEqual({ company_name: 'Acme Storage', user_notifications_is_billing: true });
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
  });

  it("checks the company name in the browser with the spec's message", async () => {
    const { api } = await open();
    await userEvent.clear(await screen.findByLabelText(/^Company name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter your company name')).toBeTruthy();
    expect(api.callsTo(SET)).toHaveLength(0);
  });

  it('shows server field errors under their field', async () => {
    await open([
      on(SET, () => ({
        error: { code: 400, message: 'Please check the highlighted fields', fields: { user_email: 'Please enter a valid email address' } },
      })),
    ]);
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await fill(email, 'ann@new.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it('asks for the password before changing the email, then saves it', async () => {
    const gate = reauthGate();
    const { api } = await open([
      on(SET, (body) => gate.answer(accountSettings({ user_email: String(body.user_email), user_email_verified: false }))),
      gate.route,
    ]);
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await fill(email, 'ann@new.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    await fill(within(dialog).getByLabelText('Password'), 'secret-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Account Updated')).toBeTruthy();
    expect(api.callsTo(SET).map((request) => request.body)).toEqual([{ user_email: 'ann@new.example' }, { user_email: 'ann@new.example' }]);
    expect(api.callsTo(REAUTH)[0]?.body).toEqual({ target_password: 'secret-password' });
    expect(await screen.findByText('Please verify your email address')).toBeTruthy();
  });

  it('offers the company two-factor switch to the primary contact', async () => {
    const { api } = await open([
      on(GET, () => accountSettings({ can_set_company_2fa_required: true })),
      on(SET, () => accountSettings({ can_set_company_2fa_required: true, user_is_2fa_required: true })),
    ]);
    await userEvent.click(await screen.findByLabelText('Require two-factor for all users of this company'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Account Updated');
    expect(api.callsTo(SET)[0]?.body).toEqual({ company_2fa_required: true });
  });

  it("shows 'Error' when the settings cannot be read", async () => {
    await open([on(GET, () => ({ error: { code: 403, message: 'You do not have permission to do that' } }))]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
  });

  describe('unverified email', () => {
    it('resends the verification email', async () => {
      const { api } = await open([on(GET, () => accountSettings({ user_email_verified: false })), on(RESEND, () => null)]);
      await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
      expect(await screen.findByText('Verification email resent successfully.')).toBeTruthy();
      expect(api.callsTo(RESEND)).toHaveLength(1);
    });

    it("says why resending failed, or 'Unknown error'", async () => {
      await open([
        on(GET, () => accountSettings({ user_email_verified: false })),
        on(RESEND, () => ({ error: { code: 429, message: 'Too many requests, please try again later' } })),
      ]);
      await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
      expect(await screen.findByText('Failed to send verification email: Too many requests, please try again later')).toBeTruthy();
    });
  });

  describe('change password', () => {
    const WRONG = {
      error: { code: 401, message: 'The password is not correct', fields: { target_password: 'The password is not correct' } },
    };

    async function openDialog(routes: readonly FakeRoute[] = []) {
      const view = await open([
        on(REAUTH, (body) => (body.target_password === 'old-password' ? { reauthenticated_at: '2026-01-15T00:00:00Z' } : WRONG)),
        on(CHANGE, () => null),
        ...routes,
      ]);
      await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change password' });
      const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
      return { ...view, dialog, field };
    }

    it('stays in the app and asks for the current password, the new one twice, with a strength hint', async () => {
      const { dialog, field, router } = await openDialog();
      expect(router.state.location.pathname).toBe('/myaccount');
      expect(field('Current password').getAttribute('autocomplete')).toBe('current-password');
      expect(field('New password').getAttribute('autocomplete')).toBe('new-password');
      expect(field('Confirm new password')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
      expect(within(dialog).getByText('Strength: Too short.')).toBeTruthy();
      await fill(field('New password'), 'ann-smith-1');
      expect(within(dialog).getByText('Strength: Weak.')).toBeTruthy();
      await userEvent.clear(field('New password'));
      await fill(field('New password'), 'tidal crane orbit velvet');
      expect(within(dialog).getByText('Strength: Strong.')).toBeTruthy();
      // The hint is the field's description, so a screen reader hears it with the field.
      const describedBy = field('New password').getAttribute('aria-describedby') ?? '';
      expect(describedBy.split(' ').some((id) => document.getElementById(id)?.textContent?.includes('Strength: Strong.'))).toBe(true);
    });

    it('checks every field in the browser: the current password, the length and the confirmation', async () => {
      const { dialog, field, api } = await openDialog();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
      expect(await within(dialog).findByText('Please enter your current password')).toBeTruthy();
      expect(within(dialog).getByText('Please enter at least 8 characters')).toBeTruthy();
      await fill(field('Current password'), 'old-password');
      await fill(field('New password'), 'tidal crane orbit velvet');
      await fill(field('Confirm new password'), 'tidal crane orbit velvey');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
      expect(await within(dialog).findByText('The passwords do not match')).toBeTruthy();
      expect(within(dialog).queryByText('Please enter your current password')).toBeNull();
      expect(api.callsTo(REAUTH)).toHaveLength(0);
      expect(api.callsTo(CHANGE)).toHaveLength(0);
    });

    it('proves the current password, changes it, closes and says so', async () => {
      const { dialog, field, api } = await openDialog();
      await fill(field('Current password'), 'old-password');
      await fill(field('New password'), 'tidal crane orbit velvet');
      await fill(field('Confirm new password'), 'tidal crane orbit velvet');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
      expect(api.callsTo(REAUTH).map((request) => request.body)).toEqual([{ target_password: 'old-password' }]);
      expect(api.callsTo(CHANGE).map((request) => request.body)).toEqual([{ new_password: 'tidal crane orbit velvet' }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The user's other sessions ended, so the list is read again.
      await waitFor(() => expect(api.callsTo(SESSIONS).length).toBeGreaterThan(1));
    });

    it('clears a wrong current password and says so under it, without changing anything', async () => {
      const { dialog, field, api } = await openDialog();
      await fill(field('Current password'), 'not-it');
      await fill(field('New password'), 'tidal crane orbit velvet');
      await fill(field('Confirm new password'), 'tidal crane orbit velvet');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
      expect(await within(dialog).findByText('The password is not correct')).toBeTruthy();
      expect(field('Current password')).toHaveProperty('value', '');
      expect(document.activeElement).toBe(field('Current password'));
      expect(field('New password')).toHaveProperty('value', 'tidal crane orbit velvet');
      expect(api.callsTo(CHANGE)).toHaveLength(0);
    });

    it("shows the server's verdict on a weak password under the new password", async () => {
      const weak = 'This password is too common or too easy to guess. Please choose another, such as a few unrelated words';
      const { dialog, field } = await openDialog([
        on(CHANGE, () => ({ error: { code: 400, message: 'Please check the highlighted fields', fields: { new_password: weak } } })),
      ]);
      await fill(field('Current password'), 'old-password');
      await fill(field('New password'), 'Summer2026!');
      await fill(field('Confirm new password'), 'Summer2026!');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
      expect(await within(dialog).findByText(weak)).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
    });
  });

  describe('active sessions', () => {
    it('lists the sessions by readable device name with times in Pacific/Auckland and marks this one', async () => {
      await open();
      const list = await screen.findByRole('list', { name: 'Active sessions' });
      const items = await within(list).findAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]?.textContent).toContain('Firefox on Linux');
      expect(items[0]?.textContent).toContain('This session');
      expect(items[0]?.textContent).toContain('2026-01-15 13:00');
      expect(items[0]?.textContent).toContain('2026-01-15 14:30');
      expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
      expect(items[1]?.textContent).toContain('Safari on iPhone');
      expect(items[1]?.textContent).toContain('198.51.100.7');
      // The raw string is kept in the name's tooltip, not shown.
      expect(items[1]?.textContent).not.toContain('Mozilla');
      expect(
        within(items[1] as HTMLElement)
          .getByText('Safari on iPhone')
          .getAttribute('title'),
      ).toBe(SESSION_ROWS[1]?.user_agent);
      expect(screen.queryByRole('table')).toBeNull();
    });

    it('signs out one other session after a confirmation that names it', async () => {
      const { api } = await open([on(REVOKE, () => ({ revoked: 1 }))]);
      await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone from 198\.51\.100\.7/ }));
      expect(await screen.findByText('Sign out Safari on iPhone (198.51.100.7)? It will need to sign in again.')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      await waitFor(() => expect(api.callsTo(REVOKE)).toHaveLength(1));
      expect(api.callsTo(REVOKE)[0]?.body).toEqual({ target_session_id: 's2' });
      expect(await screen.findByText('Session signed out')).toBeTruthy();
      await waitFor(() => expect(api.callsTo(SESSIONS).length).toBeGreaterThan(1));
    });

    it('signs out all other sessions, and not when the user cancels', async () => {
      const { api } = await open([on(REVOKE, () => ({ revoked: 1 }))]);
      const all = await screen.findByRole('button', { name: 'Sign out all other sessions' });
      await waitFor(() => expect(all).toHaveProperty('disabled', false));
      await userEvent.click(all);
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
      expect(api.callsTo(REVOKE)).toHaveLength(0);
      await userEvent.click(all);
      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      await waitFor(() => expect(api.callsTo(REVOKE)[0]?.body).toEqual({ all_other: true }));
      expect(await screen.findByText('Other sessions signed out')).toBeTruthy();
    });

    it('says why a sign-out failed, without an Error: prefix', async () => {
      await open([on(REVOKE, () => ({ error: { code: 400, message: 'That session has already ended' } }))]);
      await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      expect(await screen.findByText('That session has already ended')).toBeTruthy();
      expect(screen.getByText('Failed to sign out')).toBeTruthy();
    });
  });
});
