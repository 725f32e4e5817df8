import { ACTIVE_SERVICES_PAGE_SIZE, getActiveServices } from '@portal/contract/billing/active-services';
import { listCreditPacks } from '@portal/contract/billing/credit-packs';
import { balanceHistory, creditSummary } from '@portal/contract/billing/summary';
import { listEligibleTrialRefunds } from '@portal/contract/billing/trial-refunds';
import { userMyUsageTable } from '@portal/contract/billing/usage';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, fakeApi, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { prefetchBillingDashboard } from '../api/dashboard';
import { creditPack, creditSummary as summary, service, usageRow } from './fixtures';

const PAYING = { capabilities: ['use_billing_pages', 'use_my_plan'] } as Partial<AuthContext>;

/** A paying customer's dashboard with `packs` credit packs, served 5 a page as the server does. */
function billingRoutes({
  packs = 7,
  summaryOverrides = {},
  services = [service(1), service(2, { type: 'serial', details: 'Office server' })],
} = {}) {
  const all = Array.from({ length: packs }, (_, i) => creditPack(i + 1));
  return [
    on(creditSummary, () => summary(summaryOverrides)),
    on(listCreditPacks, ({ page = 1, page_size = 5 }) => ({
      rows: all.slice((page - 1) * page_size, page * page_size),
      total: all.length,
      balance: 12_345,
    })),
    on(getActiveServices, () => ({ rows: services, total: services.length, updated_at: '2026-11-23T20:00:00Z' })),
    on(balanceHistory, () => ({
      days: [
        { date: '2026-11-22', balance: 12_465, charged: 120, credited: 0 },
        { date: '2026-11-23', balance: 12_345, charged: 120, credited: 0 },
      ],
    })),
    on(userMyUsageTable, () => ({ rows: [usageRow(1)], total: 1 })),
  ];
}

async function dashboard(auth: Partial<AuthContext>, routes: FakeRoute[]) {
  return renderApp('/dashboard', [on(getAuthContext, () => authContext(auth)), ...routes]);
}

describe('the billing dashboard', () => {
  it('shows the balance with its bar, days remaining, the latest usage and the device count', async () => {
    await dashboard(PAYING, billingRoutes());
    const credit = (await screen.findByRole('heading', { name: 'Available credit' })).closest('.mantine-Card-root') as HTMLElement;
    expect(within(credit).getByText('$123.45')).toBeTruthy();
    // $123.45 ÷ 5 = 24.69% of the bar.
    expect(within(credit).getByRole('progressbar', { name: 'Balance' }).getAttribute('aria-valuenow')).toBe('24.69');
    expect(within(credit).getByRole('link', { name: 'Add credit' }).getAttribute('href')).toBe('/topup');
    expect(screen.getByText('About 42 days')).toBeTruthy();
    expect(screen.getByText('$1.00')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
  });

  it('pages the credit packs 5 at a time: Load more adds the next 5, Load all the rest', async () => {
    const { api } = await dashboard(PAYING, billingRoutes({ packs: 12 }));
    const list = await screen.findByRole('list', { name: 'Credit packs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(api.callsTo(listCreditPacks)[0]?.body).toEqual({ page: 1, page_size: 5 });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    expect(api.callsTo(listCreditPacks).at(-1)?.body).toEqual({ page: 2, page_size: 5 });
    expect(screen.getByText('Showing 10 of 12')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load all' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Credit packs' })).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows an expired pack without a bar, an empty one as empty, and the rest with what remains', async () => {
    const packs = [
      creditPack(1, { name: 'Old promo', expiry_date: '2020-01-01T00:00:00Z', is_expired: true, display: 'expired', remaining: 0 }),
      creditPack(2, { name: 'Spent', amount_used: 10_000, remaining: 0, is_expired: true, display: 'empty' }),
      creditPack(3, { name: 'Spring top-up', amount_used: 2_500 }),
    ];
    await dashboard(PAYING, [...billingRoutes(), on(listCreditPacks, () => ({ rows: packs, total: 3, balance: 7_500 }))]);
    const list = await screen.findByRole('list', { name: 'Credit packs' });
    const [expired, empty, live] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).queryByRole('progressbar')).toBeNull();
    expect(within(empty).getByText('Empty')).toBeTruthy();
    expect(within(empty).queryByRole('progressbar')).toBeNull();
    expect(within(live).getByRole('progressbar', { name: 'Spring top-up: 75% remaining' })).toBeTruthy();
    expect(within(live).getByText('$75.00 left (75%)')).toBeTruthy();
  });

  it("hides days remaining when unknown, and says 'at least' from 1000 days", async () => {
    const first = await dashboard(PAYING, billingRoutes({ summaryOverrides: { days_remaining: null } }));
    await screen.findByRole('heading', { name: 'Available credit' });
    expect(screen.queryByText('Credit remaining')).toBeNull();
    first.view.unmount();

    await dashboard(PAYING, billingRoutes({ summaryOverrides: { days_remaining: 4_000 } }));
    expect(await screen.findByText('At least 1,000 days')).toBeTruthy();
  });

  it('shows a contract-billing company no balance, credit, chart or top-up, but its usage and services', async () => {
    const { api } = await dashboard(
      { capabilities: [] },
      billingRoutes({ summaryOverrides: { balance: null, days_remaining: null, has_contract_billing: true } }),
    );
    expect(await screen.findByText('Latest usage')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Available credit' })).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Balance' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Balance over/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'No payment configured' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add credit' })).toBeNull();
    expect(api.callsTo(listCreditPacks)).toHaveLength(0);
    expect(api.callsTo(balanceHistory)).toHaveLength(0);
  });

  it('asks a trial without a card to add credit, and an active account to set up automatic payments', async () => {
    const trial = await dashboard({ ...PAYING, state: 'TRIAL', trial_expires_at: '2099-01-01T00:00:00Z' }, billingRoutes());
    const prompt = (await screen.findByRole('heading', { name: 'No payment configured' })).closest('.mantine-Card-root') as HTMLElement;
    expect(within(prompt).getByRole('link', { name: 'Add credit' }).getAttribute('href')).toBe('/topup');
    trial.view.unmount();

    await dashboard(PAYING, billingRoutes());
    const active = (await screen.findByRole('heading', { name: 'No payment configured' })).closest('.mantine-Card-root') as HTMLElement;
    expect(within(active).getByRole('link', { name: 'Set up automatic payments' })).toBeTruthy();
  });

  it('does not prompt for payment once a card is saved', async () => {
    await dashboard({ ...PAYING, has_saved_card: true }, billingRoutes());
    await screen.findByRole('heading', { name: 'Available credit' });
    expect(screen.queryByRole('heading', { name: 'No payment configured' })).toBeNull();
  });

  it('shows the getting-started steps only while no server runs', async () => {
    const first = await dashboard(PAYING, billingRoutes({ services: [service(1, { type: 'storage', details: 'Comet Storage' })] }));
    expect(await screen.findByRole('heading', { name: 'Getting started' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up a backup server' }).getAttribute('href')).toBe('/create_server');
    first.view.unmount();

    await dashboard(PAYING, billingRoutes());
    await screen.findByRole('heading', { name: 'Services' });
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
  });

  it('opens the new-user guarantee dialog with the window in days', async () => {
    await dashboard({ ...PAYING, customer_trial_length_days: 14 }, billingRoutes());
    await userEvent.click(await screen.findByRole('button', { name: 'How it works' }));
    const dialog = await screen.findByRole('dialog', { name: 'New-user guarantee' });
    expect(dialog.textContent).toContain('within 14 days of adding it are refunded');
  });

  it('shows the extra trial usage panel only to users who manage trial usage', async () => {
    const eligible = on(listEligibleTrialRefunds, () => ({
      rows: [{ username: 'laptop-7', days_remaining_trial: 9, trial_end_time: '2026-12-03T00:00:00Z', amount: 250 }],
      total: 1,
    }));
    const first = await dashboard(PAYING, [...billingRoutes(), eligible]);
    await screen.findByRole('heading', { name: 'Available credit' });
    expect(screen.queryByRole('heading', { name: 'Trial usage' })).toBeNull();
    first.view.unmount();

    await dashboard({ capabilities: ['use_billing_pages', 'manage_trial_usage'] }, [...billingRoutes(), eligible]);
    expect(await screen.findByRole('heading', { name: 'Trial usage' })).toBeTruthy();
    expect(screen.getByText('1 new user is inside the guarantee window, charged $2.50 so far.')).toBeTruthy();
    expect(screen.getByText('laptop-7')).toBeTruthy();
  });

  it("shows a day's charges and the packs that paid them under the balance chart", async () => {
    const { api } = await dashboard(PAYING, billingRoutes());
    expect(await screen.findByRole('heading', { name: 'Balance over 90 days' })).toBeTruthy();
    const charges = await screen.findByRole('region', { name: 'Charges on 2026-11-23' });
    expect(within(charges).getByText('Spring top-up: $1.00')).toBeTruthy();
    expect(within(charges).getByText('Admin credit: $0.20')).toBeTruthy();
    expect(api.callsTo(userMyUsageTable)[0]?.body).toMatchObject({ target_from: '2026-11-23', target_to: '2026-11-23' });

    await userEvent.selectOptions(screen.getByLabelText('Day'), '2026-11-22');
    await waitFor(() =>
      expect(api.callsTo(userMyUsageTable).at(-1)?.body).toMatchObject({ target_from: '2026-11-22', target_to: '2026-11-22' }),
    );
  });

  it('leaves credit out without an error when the company hides it from its users (403)', async () => {
    await dashboard({ capabilities: [] }, [...billingRoutes(), on(creditSummary, () => ({ error: { code: 403, message: 'Forbidden' } }))]);
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Available credit' })).toBeNull();
  });
});

describe("the dashboard's calls", () => {
  it('start from the route, before any card renders: figures and services, then the packs, the ledger and its newest charged day', async () => {
    const api = fakeApi(billingRoutes());
    await prefetchBillingDashboard(new QueryClient(), { capabilities: ['manage_trial_usage'] });
    // Answered once the summary is in; the ledger's day follows the history.
    expect(api.callsTo(creditSummary)).toHaveLength(1);
    expect(api.callsTo(getActiveServices)[0]?.body).toEqual({ page: 1, page_size: ACTIVE_SERVICES_PAGE_SIZE });
    expect(api.callsTo(listEligibleTrialRefunds)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(userMyUsageTable)).toHaveLength(1));
    expect(api.callsTo(userMyUsageTable)[0]?.body).toMatchObject({ page: 1, target_from: '2026-11-23', target_to: '2026-11-23' });
    expect(api.callsTo(listCreditPacks)[0]?.body).toEqual({ page: 1, page_size: 5 });
    expect(api.callsTo(balanceHistory)).toHaveLength(1);
  });

  it('ask a contract-billing company nothing about credit', async () => {
    const api = fakeApi(billingRoutes({ summaryOverrides: { balance: null, days_remaining: null, has_contract_billing: true } }));
    await prefetchBillingDashboard(new QueryClient(), { capabilities: [] });
    await waitFor(() => expect(api.callsTo(getActiveServices)).toHaveLength(1));
    expect(api.callsTo(listCreditPacks)).toHaveLength(0);
    expect(api.callsTo(balanceHistory)).toHaveLength(0);
    expect(api.callsTo(listEligibleTrialRefunds)).toHaveLength(0);
  });

  it('go out once each: the cards find what the route started', async () => {
    // What the route fetched is fresh for seconds (PRELOAD_STALE_MS); a busy machine can take longer than that to
    // mount the cards, which would then rightly fetch again. Time stands still here; timers still run.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api } = await dashboard(PAYING, billingRoutes());
    await screen.findByRole('list', { name: 'Credit packs' });
    await waitFor(() => expect(api.callsTo(userMyUsageTable)).toHaveLength(1));
    for (const call of [creditSummary, getActiveServices, listCreditPacks, balanceHistory]) expect(api.callsTo(call)).toHaveLength(1);
  });
});
