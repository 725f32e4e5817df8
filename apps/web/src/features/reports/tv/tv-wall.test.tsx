import { reportsLive, TV_MESSAGES, TV_REFRESH_MS } from '@portal/contract/reports/tv';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { readTvCredentials, saveTvCredentials, TV_CREDENTIALS_KEY } from './tv-credentials';
import { formatClock } from './tv-format';
import { tvKeyAction } from './tv-keys';
import { TvWall } from './tv-wall';

const day = (i: number) => new Date(Date.UTC(2026, 8, 23 + i)).toISOString().slice(0, 10);
const LIVE = {
  daily_stats: Array.from({ length: 60 }, (_, i) => ({
    date: day(i),
    device_count: 100 + i,
    booster_count: 5,
    active_partner_count: 3,
    hosted_comet_v2_count: 2,
    cloudview_count: 1,
    storage_amount_total: 2_500_000_000_000,
    storage_active_count: 4,
  })),
  ticket_stats_7d: { opened: 12, closed: 9, open_now: 30, critical_open: 1 },
  report_admin_monthly_totals: {
    cached_at: '2026-11-21T00:00:00.000Z',
    refreshable: true,
    data: {
      id: 'admin_monthly_totals' as const,
      rows: [
        { month: '2026-11', is_partial: true, active_companies: 40, devices: 159, boosters: 5, storage_bytes: 1, revenue_charged: 100 },
      ],
    },
  },
  report_admin_signup_by_month: {
    cached_at: '2026-11-21T00:00:00.000Z',
    refreshable: true,
    data: { id: 'admin_signup_by_month' as const, rows: [{ month: '2026-11', signups: 7, estimate: 10 }] },
  },
};
const PAIR = { username: 'tv', password: 'tv-wall' };

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('tvKeyAction', () => {
  it('picks a tab with 1 and 2, cycles with the arrows both ways, and logs out with L', () => {
    expect(tvKeyAction('1', 'signups-by-month')).toEqual({ kind: 'tab', tab: 'monthly-totals' });
    expect(tvKeyAction('2', 'monthly-totals')).toEqual({ kind: 'tab', tab: 'signups-by-month' });
    expect(tvKeyAction('3', 'monthly-totals')).toBeNull();
    expect(tvKeyAction('ArrowRight', 'monthly-totals')).toEqual({ kind: 'tab', tab: 'signups-by-month' });
    expect(tvKeyAction('ArrowRight', 'signups-by-month')).toEqual({ kind: 'tab', tab: 'monthly-totals' });
    expect(tvKeyAction('ArrowLeft', 'monthly-totals')).toEqual({ kind: 'tab', tab: 'signups-by-month' });
    expect(tvKeyAction('l', 'monthly-totals')).toEqual({ kind: 'logout' });
    expect(tvKeyAction('L', 'monthly-totals')).toEqual({ kind: 'logout' });
    expect(tvKeyAction('x', 'monthly-totals')).toBeNull();
  });
});

describe('TvWall', () => {
  it('asks for the username and password when none are stored, checks them, and keeps them', async () => {
    const api = fakeApi([
      on(reportsLive, (body) => (body.password === PAIR.password ? LIVE : { error: { code: 401, message: TV_MESSAGES.invalid } })),
    ]);
    renderWithProviders(<TvWall />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Username/), 'tv');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(TV_MESSAGES.invalid);
    expect(readTvCredentials()).toBeNull();
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), PAIR.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('tv-tile-Active devices')).textContent).toBe('159');
    // The figure is named by the day it counts, the window's last (complete) day.
    expect(screen.getByTestId('tv-tile-day-Active devices').textContent).toBe('on 21 Nov');
    expect(readTvCredentials()).toEqual(PAIR);
    // The sign-in's answer is the wall's first figures.
    expect(api.callsTo(reportsLive)).toHaveLength(2);
  });

  it('switches tabs with 1, 2 and the arrows, and logs out with L', async () => {
    saveTvCredentials(PAIR);
    fakeApi([on(reportsLive, () => LIVE)]);
    renderWithProviders(<TvWall />);
    const selected = async () => (await screen.findAllByRole('tab')).find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
    expect(await selected()).toBe('1 Monthly Totals');
    fireEvent.keyDown(window, { key: '2' });
    await waitFor(async () => expect(await selected()).toBe('2 Signups By Month'));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(async () => expect(await selected()).toBe('1 Monthly Totals'));
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(async () => expect(await selected()).toBe('2 Signups By Month'));
    fireEvent.keyDown(window, { key: '1' });
    await waitFor(async () => expect(await selected()).toBe('1 Monthly Totals'));
    fireEvent.keyDown(window, { key: 'l' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(window.localStorage.getItem(TV_CREDENTIALS_KEY)).toBeNull();
  });

  it('logs out when the server answers 401', async () => {
    saveTvCredentials({ username: 'tv', password: 'changed since' });
    fakeApi([on(reportsLive, () => ({ error: { code: 401, message: TV_MESSAGES.invalid } }))]);
    renderWithProviders(<TvWall />);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(readTvCredentials()).toBeNull();
  });

  it('ticks the clock every second and asks for the figures again every 5 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T00:00:00Z') });
    saveTvCredentials(PAIR);
    const api = fakeApi([on(reportsLive, () => LIVE)]);
    renderWithProviders(<TvWall />);
    expect((await screen.findByTestId('tv-clock')).textContent).toBe(formatClock(new Date('2026-11-21T00:00:00Z')));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('tv-clock').textContent).toBe(formatClock(new Date('2026-11-21T00:00:01Z')));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('tv-clock').textContent).toBe(formatClock(new Date('2026-11-21T00:00:02Z')));
    const before = api.callsTo(reportsLive).length;
    await act(() => vi.advanceTimersByTimeAsync(TV_REFRESH_MS));
    await waitFor(() => expect(api.callsTo(reportsLive).length).toBe(before + 1));
  });
});
