import { scheduledJobList } from '@portal/contract/admin-tools/scheduled-jobs';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../test/auth-fixtures';
import { type FakeHandler, on } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { formatDuration } from './components/scheduled-jobs-page';

const ADMIN = authContext({ roles: ['admin'], company_type: 'admin' });

const NEVER_RUN = {
  last_started_at: null,
  last_duration_ms: null,
  last_rows: null,
  last_succeeded: null,
  last_error: null,
  last_error_at: null,
};

const JOBS: FakeHandler<typeof scheduledJobList> = () => ({
  rows: [
    {
      name: 'charge-daily',
      // 2026-11-28 13:05 in Pacific/Auckland.
      last_started_at: '2026-11-28T00:05:00.000Z',
      last_duration_ms: 12_400,
      last_rows: 1_250,
      last_succeeded: true,
      last_error: 'deadlock detected',
      last_error_at: '2026-11-27T00:05:00.000Z',
    },
    {
      name: 'auto-topup',
      last_started_at: '2026-11-28T00:10:00.000Z',
      last_duration_ms: 85,
      last_rows: 0,
      last_succeeded: false,
      last_error: 'the gateway did not answer',
      last_error_at: '2026-11-28T00:10:00.000Z',
    },
    { name: 'ticket-reminders', ...NEVER_RUN },
  ],
});

async function openPage(answer: FakeHandler<typeof scheduledJobList> = JOBS) {
  const rendered = await renderApp('/scheduled_jobs', [on(getAuthContext, () => ADMIN), on(scheduledJobList, answer)]);
  await screen.findByRole('heading', { level: 1, name: 'Scheduled jobs' });
  return rendered;
}

const rowOf = async (job: string) => (await screen.findByRole('cell', { name: job })).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/scheduled_jobs', () => {
  it("lists each job's last run, status, duration, rows handled and last error, times in Pacific/Auckland", async () => {
    await openPage();
    expect(cellsOf(await rowOf('charge-daily'))).toEqual([
      'charge-daily',
      '2026-11-28 13:05',
      'Succeeded',
      '12.4 s',
      '1,250',
      'deadlock detected2026-11-27 13:05',
    ]);
    expect(cellsOf(await rowOf('auto-topup'))).toEqual([
      'auto-topup',
      '2026-11-28 13:10',
      'Failed',
      '85 ms',
      '0',
      'the gateway did not answer2026-11-28 13:10',
    ]);
    expect(cellsOf(await rowOf('ticket-reminders'))).toEqual(['ticket-reminders', '—', 'Not run yet', '—', '—', 'None']);
  });

  it('says when the jobs cannot be loaded', async () => {
    // A 4xx, which the client does not try again (a 5xx is tried twice more first).
    await openPage(() => ({ error: { code: 403, message: 'You do not have permission to do that' } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the scheduled jobs');
    expect(alert.textContent).toContain('You do not have permission to do that');
  });

  it('says so when no node has listed its jobs yet', async () => {
    await openPage(() => ({ rows: [] }));
    expect(await screen.findByText('No scheduled jobs yet')).toBeTruthy();
  });

  it('sends support staff to their own home', async () => {
    const { router } = await renderApp('/scheduled_jobs', [
      on(getAuthContext, () => authContext({ roles: ['support'], company_type: 'admin' })),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard_admin'));
    expect(screen.queryByRole('heading', { name: 'Scheduled jobs' })).toBeNull();
  });
});

describe('formatDuration', () => {
  it('shows milliseconds under a second, tenths of seconds under a minute, then minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(999)).toBe('999 ms');
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
  });
});
