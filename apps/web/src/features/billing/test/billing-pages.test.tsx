import { getActiveServices } from '@portal/contract/billing/active-services';
import { DOWNGRADE_MESSAGE, listPlans, PLANS_LIST_ERROR, selectPlan } from '@portal/contract/billing/plans';
import { listEligibleTrialRefunds, listTrialRefundHistory } from '@portal/contract/billing/trial-refunds';
import { billingHistory, NO_USAGE_HISTORY, userMyUsageTable } from '@portal/contract/billing/usage';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { todayInDisplayZone } from '../lib/usage-range';
import { ALL_PLANS, service, usageRow } from './fixtures';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_billing_pages', 'use_my_plan'] };

function page(path: string, routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) {
  return renderApp(path, [on(getAuthContext, () => authContext(auth)), ...routes]);
}

const plansAnswer = (overrides: Record<string, unknown> = {}) => ({
  plan: 'Growth' as const,
  plan_selected: null,
  plan_selected_effective_at: null,
  trial_expires_at: null,
  legacy_deadline: null,
  plans: ALL_PLANS,
  ...overrides,
});

afterEach(() => vi.restoreAllMocks());

describe('/my_plan', () => {
  it('shows the plan cards without Trial and Legacy, the current plan, and Contact sales for Enterprise', async () => {
    await page('/my_plan', [on(listPlans, () => plansAnswer())]);
    expect(await screen.findByRole('heading', { level: 1, name: 'My plan' })).toBeTruthy();
    const plans = screen.getByRole('region', { name: 'Plans' });
    expect(
      within(plans)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Starter', 'Growth', 'Advanced', 'Professional', 'Enterprise']);
    expect(screen.getByText('Growth', { selector: 'strong' })).toBeTruthy();
    expect(within(plans).getByText('Current plan')).toBeTruthy();
    expect(within(plans).getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toMatch(/^mailto:/);
    // A lower plan than the current one is a downgrade: sales, not a button.
    expect(within(plans).getByText(`${DOWNGRADE_MESSAGE}.`)).toBeTruthy();
    expect(within(plans).queryByRole('button', { name: 'Select Starter' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Compare plans' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Plan comparison' })).toBeTruthy();
  });

  it("answers a failed plans list with the spec's words exactly", async () => {
    await page('/my_plan', [on(listPlans, () => ({ error: { code: 500, message: 'boom' } }))]);
    // A 500 is tried again twice (the client's rule for server errors) before the page says so.
    expect(await screen.findByText(PLANS_LIST_ERROR)).toBeTruthy();
    expect(PLANS_LIST_ERROR).toBe('Internal Error. Please contant support');
  });

  it('asks before an upgrade, saying it happens now, then picks the plan', async () => {
    const { api } = await page('/my_plan', [
      on(listPlans, () => plansAnswer()),
      on(selectPlan, () => ({ ...plansAnswer({ plan: 'Advanced' }), message: 'Your plan is now Advanced' })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Select Advanced' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Advanced' });
    expect(dialog.textContent).toContain('Your account moves to Advanced now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose Advanced' }));
    await waitFor(() => expect(api.callsTo(selectPlan)[0]?.body).toEqual({ target_plan_id: 'Advanced' }));
    expect(await screen.findByText('Your plan is now Advanced')).toBeTruthy();
  });

  it('tells a trial when its choice takes effect, and a Legacy account its deadline', async () => {
    const trial = await page('/my_plan', [
      on(listPlans, () => plansAnswer({ plan: 'Trial', trial_expires_at: '2099-03-01T00:00:00Z', plans: ALL_PLANS })),
    ]);
    expect(await screen.findByText('Your account is on a trial')).toBeTruthy();
    expect(screen.getByText(/before your trial ends on 2099-03-01/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Select Starter' }));
    expect((await screen.findByRole('dialog', { name: 'Choose Starter' })).textContent).toContain(
      'Starter starts when your trial ends, on 2099-03-01',
    );
    trial.view.unmount();

    await page('/my_plan', [on(listPlans, () => plansAnswer({ plan: 'Legacy', legacy_deadline: '2025-01-01T00:00:00.000Z' }))]);
    const legacy = await screen.findByText('Your account is on the Legacy plan');
    expect(legacy.closest('.mantine-Alert-root')?.textContent).toContain('Choose a plan before 2025-01-01');
  });

  it('shows why a plan cannot be picked and disables it', async () => {
    const plans = ALL_PLANS.map((p) =>
      p.id === 'Advanced'
        ? { ...p, disallowed: true, disallowed_reasons: ['You run 30 self-hosted server licences; Advanced allows 10.'] }
        : p,
    );
    await page('/my_plan', [on(listPlans, () => plansAnswer({ plans }))]);
    expect(await screen.findByText('You run 30 self-hosted server licences; Advanced allows 10.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Advanced' }).hasAttribute('disabled')).toBe(true);
  });

  it('is not open to a customer without the my-plan capability, nor in their navigation', async () => {
    const { router } = await page('/my_plan', [on(listPlans, () => plansAnswer())], { capabilities: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('link', { name: 'My plan' })).toBeNull();
  });
});

describe('/full_usage_history', () => {
  const today = todayInDisplayZone();

  it('lists charges with the packs that paid them, the not-finalized flag, and exports the range as XLSX', async () => {
    const createObjectURL = vi.fn(() => 'blob:usage');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { api } = await page(`/full_usage_history?from=2026-11-01&to=2026-11-20`, [
      on(userMyUsageTable, () => ({ rows: [usageRow(1)], total: 1 })),
    ]);
    const table = await screen.findByRole('table', { name: 'Usage history' });
    await within(table).findByText('Spring top-up: $1.00');
    expect(within(table).getByText('Admin credit: $0.20')).toBeTruthy();
    expect(within(table).getByText('Not finalized')).toBeTruthy();
    expect(within(table).getByText('$1.20')).toBeTruthy();
    expect(api.callsTo(userMyUsageTable)[0]?.body).toEqual({
      page: 1,
      page_size: 100,
      target_search_query: '',
      target_from: '2026-11-01',
      target_to: '2026-11-20',
    });

    const fetchMock = api.fetchMock;
    fetchMock.mockImplementationOnce(
      async () => new Response(new Blob(['xlsx']), { headers: { 'content-type': 'application/vnd.ms-excel' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (xlsx)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe(`${billingHistory.path}?format=xlsx`);
    expect(JSON.parse(String(init.body))).toMatchObject({ page: 1, target_from: '2026-11-01', target_to: '2026-11-20' });
  });

  it("says 'No usage history available.' when there is none", async () => {
    await page('/full_usage_history', [on(userMyUsageTable, () => ({ rows: [], total: 0 }))]);
    expect(await screen.findByText(NO_USAGE_HISTORY)).toBeTruthy();
    expect(NO_USAGE_HISTORY).toBe('No usage history available.');
  });

  it('opens on the current month so far and asks for no day after today, even when the link does', async () => {
    const { api } = await page('/full_usage_history?from=2999-01-01&to=2999-02-01', [on(userMyUsageTable, () => ({ rows: [], total: 0 }))]);
    await screen.findByText(NO_USAGE_HISTORY);
    expect(api.callsTo(userMyUsageTable)[0]?.body).toMatchObject({ target_from: today, target_to: today });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(today);
  });

  it('raises To to From when From is set later than To', async () => {
    const { api, router } = await page('/full_usage_history?from=2026-01-01&to=2026-01-10', [
      on(userMyUsageTable, () => ({ rows: [], total: 0 })),
    ]);
    await screen.findByText(NO_USAGE_HISTORY);
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-20');
    await userEvent.tab();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2026-01-20', to: '2026-01-20' }));
    await waitFor(() =>
      expect(api.callsTo(userMyUsageTable).at(-1)?.body).toMatchObject({ target_from: '2026-01-20', target_to: '2026-01-20' }),
    );
  });
});

describe('/my_active_services', () => {
  it("lists the services 20 a page with cycle, next due, unit cost, quantity and amount, 'Updated twice a day'", async () => {
    const { api } = await page('/my_active_services', [
      on(getActiveServices, () => ({ rows: [service(1)], total: 1, updated_at: '2026-11-23T20:00:00Z' })),
    ]);
    const table = await screen.findByRole('table', { name: 'Active services' });
    await within(table).findByText('Devices');
    for (const text of ['Backup server 1', 'Every 30 days', '2026-12-01', '$3.00', '12', '$36.00']) {
      expect(within(table).getByText(text)).toBeTruthy();
    }
    expect(screen.getByText(/^Updated twice a day; last updated 2026-11-24 09:00/)).toBeTruthy();
    expect(api.callsTo(getActiveServices)[0]?.body).toMatchObject({ page: 1, page_size: 20 });
    expect(screen.queryByRole('textbox', { name: /Search/ })).toBeNull();
  });
});

describe('/track_new_users', () => {
  it("shows an active account 'Active new users' and 'New user refunds'", async () => {
    await page('/track_new_users', [
      on(listEligibleTrialRefunds, () => ({
        rows: [{ username: 'laptop-7', days_remaining_trial: 9, trial_end_time: '2026-12-03T00:00:00Z', amount: 250 }],
        total: 1,
      })),
      on(listTrialRefundHistory, () => ({
        rows: [{ id: 3, amount: 480, purchase_date: '2026-11-22T08:00:00Z', refunded_users: ['old-pc', 'vm-2'] }],
        total: 1,
      })),
    ]);
    expect(await screen.findByRole('heading', { name: 'Active new users' })).toBeTruthy();
    expect(await screen.findByText('laptop-7')).toBeTruthy();
    expect(screen.getByText('9 days')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New user refunds' })).toBeTruthy();
    expect(await screen.findByText('old-pc, vm-2')).toBeTruthy();
    expect(screen.getByText('$4.80')).toBeTruthy();
  });

  it('shows any other account the information text and Add credit', async () => {
    const { api } = await page('/track_new_users', [], { ...CUSTOMER, state: 'TRIAL', trial_expires_at: '2099-01-01T00:00:00Z' });
    expect(await screen.findByText(/Charges for a new user you delete within 30 days/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add credit' }).getAttribute('href')).toBe('/topup');
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.callsTo(listEligibleTrialRefunds)).toHaveLength(0);
  });
});
