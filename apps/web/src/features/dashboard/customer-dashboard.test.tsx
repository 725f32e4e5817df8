import { getAuthContext } from '@portal/contract/auth/auth-context';
import { reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { getSuspension } from '@portal/contract/companies/company-suspension';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../test/auth-fixtures';
import { on } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { trialDaysLeft, trialDaysLeftLabel } from './lib/trial';

const AUTH = getAuthContext;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('customer dashboard', () => {
  it('shows a trial customer the days left from the trial end, not the guarantee length', async () => {
    // 12 days less an hour away: 12 days left, rounded up.
    const ends = new Date(Date.now() + 12 * DAY_MS - 60 * 60 * 1000).toISOString();
    await renderApp('/dashboard', [
      on(AUTH, () => authContext({ state: 'TRIAL', trial_expires_at: ends, customer_trial_length_days: 30 })),
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Trial: 12 days left' })).toBeTruthy();
    expect(screen.queryByText(/30 days/)).toBeNull();
  });

  it('shows a pending-delete customer the deletion date and reactivates the account', async () => {
    let current = authContext({ state: 'PENDING_DELETE', will_delete_at: 1700000000, capabilities: ['use_billing_pages'] });
    const { api } = await renderApp('/dashboard', [
      on(AUTH, () => current),
      on(reactivateCompany, () => {
        current = authContext({ state: 'ACTIVE', capabilities: ['use_billing_pages'] });
        return null;
      }),
    ]);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Account pending deletion' });
    expect(screen.getByText('2023-11-15 11:13')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add credit' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    expect(api.callsTo(reactivateCompany)[0]?.body).toEqual({});
    expect(await screen.findByText('Account reactivated')).toBeTruthy();
    await waitFor(() => expect(heading.isConnected).toBe(false));
    expect(screen.getByRole('link', { name: 'Add credit' })).toBeTruthy();
  });

  it('explains a failed reactivation and keeps the deletion notice', async () => {
    await renderApp('/dashboard', [
      on(AUTH, () => authContext({ state: 'PENDING_DELETE', will_delete_at: 1700000000 })),
      on(reactivateCompany, () => ({ error: { code: 403, message: 'Please contact support to reactivate this account' } })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivation failed' });
    expect(dialog.textContent).toContain('Please contact support to reactivate this account');
    expect(screen.getByRole('heading', { level: 2, name: 'Account pending deletion' })).toBeTruthy();
  });

  it('shows an active customer no status card, the company and only the places that exist', async () => {
    await renderApp('/dashboard', [on(AUTH, () => authContext({ capabilities: ['edit_users'] }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Acme Backups' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Trial|pending deletion|suspended/ })).toBeNull();
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/my_active_services', '/full_usage_history', '/users', '/resource', '/myaccount']);
    expect(screen.queryByRole('heading', { name: 'Complete your company details' })).toBeNull();
  });

  it('asks a customer without an address to complete the company details', async () => {
    await renderApp('/dashboard', [on(AUTH, () => authContext({ has_provided_address_info: false }))]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Complete your company details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add company details' }).getAttribute('href')).toBe('/complete_signup');
  });

  it('tells a customer suspended for credit the balance, and to add credit', async () => {
    const out = { reason: 'out_of_credit' as const, balance: -250, note: null, suspended_at: '2026-11-20T00:00:00.000Z' };
    await renderApp('/dashboard', [on(AUTH, () => authContext({ state: 'SUSPENDED' })), on(getSuspension, () => out)]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Account suspended' })).toBeTruthy();
    expect((await screen.findByText(/run out of credit/)).textContent).toContain('-$2.50');
    const card = screen.getByRole('heading', { level: 2, name: 'Account suspended' }).closest('.mantine-Card-root');
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Add credit' })
        .getAttribute('href'),
    ).toBe('/topup');
  });

  it('tells a customer suspended by staff their note, and to contact support rather than pay', async () => {
    const byStaff = { reason: 'staff' as const, balance: 900, note: 'Terms breached', suspended_at: '2026-11-20T00:00:00.000Z' };
    await renderApp('/dashboard', [on(AUTH, () => authContext({ state: 'SUSPENDED' })), on(getSuspension, () => byStaff)]);
    expect((await screen.findByText(/suspended by our staff/)).textContent).toContain('Terms breached');
    const card = screen.getByRole('heading', { level: 2, name: 'Account suspended' }).closest('.mantine-Card-root');
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Contact support' })
        .getAttribute('href'),
    ).toBe('/tickets/create');
    expect(within(card as HTMLElement).queryByRole('link', { name: 'Add credit' })).toBeNull();
  });
});

describe('trial days left', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('rounds part days up and stops at zero', () => {
    expect(trialDaysLeft('2026-01-22T11:00:00Z', now)).toBe(12);
    expect(trialDaysLeft('2026-01-10T13:00:00Z', now)).toBe(1);
    expect(trialDaysLeft('2026-01-09T12:00:00Z', now)).toBe(0);
    expect(trialDaysLeft('not a date', now)).toBe(0);
  });
  it('reads naturally', () => {
    expect(trialDaysLeftLabel(12)).toBe('12 days left');
    expect(trialDaysLeftLabel(1)).toBe('1 day left');
    expect(trialDaysLeftLabel(0)).toBe('Ends today');
  });
});
