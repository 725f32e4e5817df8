import { type CurrentMonthData, currentMonth } from '@portal/contract/reports/current-month';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CurrentMonthTab } from './current-month-tab';

const months = ['2026-09', '2026-10', '2026-11'];
const mover = (company_name: string, count_before: number, count_now: number) => ({
  company_id: company_name.length,
  company_name,
  count_before,
  count_now,
  change: count_now - count_before,
});

function dataFor(id: CurrentMonthData['id'], refreshed: boolean): CurrentMonthData {
  switch (id) {
    case 'admin_monthly_totals':
      return {
        id,
        rows: months.map((month) => ({
          month,
          is_partial: month === '2026-11',
          active_companies: month === '2026-11' ? (refreshed ? 3 : 2) : 1,
          devices: 12,
          boosters: 7,
          storage_bytes: 1_500_000_000,
          revenue_charged: 50_000,
        })),
      };
    case 'admin_signup_by_month':
      return { id, rows: months.map((month) => ({ month, signups: 2, estimate: month === '2026-11' ? 3 : null })) };
    case 'admin_active_partners':
      return { id, rows: [{ date: '2026-11-20', active_partners: 3 }] };
    case 'admin_booster_totals':
      return { id, rows: [{ date: '2026-11-20', microsoft365: 4, disk_image: 2, mssql: 1, hyperv: 5, vmware: 0, proxmox: 0, total: 12 }] };
    case 'admin_booster_winners_and_losers':
      return { id, date: '2026-11-20', compared_with: '2026-11-13', winners: [mover('Charlie', 0, 5)], losers: [] };
    case 'admin_device_winners_and_losers':
      return { id, date: '2026-11-20', compared_with: '2026-11-13', winners: [mover('Alpha', 5, 9)], losers: [mover('Bravo', 3, 0)] };
    case 'admin_device_os_usage_by_month':
      return { id, rows: [] };
    case 'admin_servers_by_version':
      return { id, rows: [{ version: '23.1.0', servers: 2, companies: 1, devices: 9 }] };
    case 'admin_signup_engagement':
      return { id, start_time: '2026-08-01', filter: 'all', signed_up: 4, completed_signup: 2, downloaded: 1, first_device: 3, paid: 2 };
  }
}

function answers(o: { failing?: CurrentMonthData['id'] } = {}) {
  // The server's cache: once a widget is refreshed, every later read answers the refreshed figures.
  const refreshedIds = new Set<string>();
  return fakeApi([
    on(currentMonth, (body) => {
      if (body.id === o.failing) return { error: { code: 500, message: 'Internal Error' } };
      if (body.refresh === true) refreshedIds.add(body.id);
      const refreshed = refreshedIds.has(body.id);
      // 21:30 UTC is 10:30 the next day in Auckland (NZDT).
      return {
        cached_at: refreshed ? '2026-11-20T22:00:00.000Z' : '2026-11-20T21:30:00.000Z',
        refreshable: true,
        data: dataFor(body.id, refreshed),
      };
    }),
  ]);
}

const card = (name: string) => screen.getByRole('region', { name });

describe('CurrentMonthTab', () => {
  it('shows the nine widgets with their figures and when they were computed, in Pacific/Auckland', async () => {
    answers();
    renderWithProviders(<CurrentMonthTab />);
    const totals = await screen.findByRole('table', { name: 'Monthly totals' });
    expect(
      within(within(totals).getByRole('row', { name: /Nov 2026/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Nov 2026 (so far)', '2', '12', '7', '1.5 GB', '$500.00']);
    for (const title of [
      'Monthly Totals',
      'Number of Signups',
      'Active Partners Over Time',
      'Booster Totals',
      'Booster Winners & Losers',
      'Reported Device OS By Month',
      'Device Winners & Losers',
      'Servers By Version',
      'Signup Engagement',
    ]) {
      expect(await within(card(title)).findByText('Computed 2026-11-21 10:30 (Pacific/Auckland)')).toBeTruthy();
    }
    const losers = await screen.findByRole('table', { name: 'Device Winners & Losers: losers' });
    expect(within(losers).getByRole('row', { name: /Bravo/ }).textContent).toContain('−3');
    expect(within(card('Booster Winners & Losers')).getByText('No company lost boosters.')).toBeTruthy();
    expect(within(card('Reported Device OS By Month')).getByText('No devices have been reported yet.')).toBeTruthy();
    const funnel = await screen.findByRole('table', { name: 'Signup engagement since 2026-08-01' });
    expect(within(funnel).getByRole('row', { name: /First device/ }).textContent).toContain('75%');
    expect(within(await screen.findByRole('table', { name: 'Servers by version' })).getByText('23.1.0')).toBeTruthy();
  });

  it('refreshes a widget with refresh=1 and shows the new figures and time', async () => {
    const api = answers();
    renderWithProviders(<CurrentMonthTab />);
    await screen.findByRole('table', { name: 'Monthly totals' });
    fireEvent.click(within(card('Monthly Totals')).getByRole('button', { name: 'Refresh Monthly Totals' }));
    await waitFor(() =>
      expect(api.callsTo(currentMonth).some((r) => r.body.id === 'admin_monthly_totals' && r.body.refresh === true)).toBe(true),
    );
    expect(await within(card('Monthly Totals')).findByText('Computed 2026-11-21 11:00 (Pacific/Auckland)')).toBeTruthy();
    const november = within(screen.getByRole('table', { name: 'Monthly totals' })).getByRole('row', { name: /Nov 2026/ });
    expect(within(november).getAllByRole('cell')[1]?.textContent).toBe('3');
    // The other widgets were not refreshed.
    expect(within(card('Number of Signups')).getByText('Computed 2026-11-21 10:30 (Pacific/Auckland)')).toBeTruthy();
  });

  it('shows a widget that failed as an error, the others still filled', async () => {
    answers({ failing: 'admin_servers_by_version' });
    renderWithProviders(<CurrentMonthTab />);
    expect(await within(card('Servers By Version')).findByText('Internal Error')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Monthly totals' })).toBeTruthy();
  });
});
