import { churnTracking } from '@portal/contract/reports/churn';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ChurnTab } from './churn-tab';

const months = (n: number, last: string) => {
  const [y = 0, m = 0] = last.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(y, m - n + i, 1)).toISOString().slice(0, 7));
};
const zeroMovement = (month: string) => ({
  month,
  starting_mrr: 0,
  new_mrr: 0,
  expansion_mrr: 0,
  contraction_mrr: 0,
  churn_mrr: 0,
  reactivation_mrr: 0,
  ending_mrr: 0,
  gross_revenue_churn_percent: null,
  net_revenue_churn_percent: null,
});

function answers(o: { trialError?: boolean; noPaidChurn?: boolean } = {}) {
  return fakeApi([
    on(churnTracking, (body) => {
      switch (body.id) {
        case 'admin_paid_churn_by_month':
          return {
            id: body.id,
            rows: months(12, '2026-11').map((month) => ({
              month,
              is_partial: month === '2026-11',
              paid_at_start: 4,
              churned_to_deleted: month === '2026-11' ? 1 : 0,
              churned_to_suspended: month === '2026-11' ? 1 : 0,
              churned: month === '2026-11' ? 2 : 0,
              churn_rate_percent: month === '2026-11' ? 50 : 0,
            })),
          };
        case 'admin_paid_churn':
          return {
            id: body.id,
            rows: o.noPaidChurn
              ? []
              : [
                  {
                    company_id: 7,
                    company_name: 'Gamma Distribution',
                    to_state: 'SUSPENDED' as const,
                    churned_at: '2026-11-05T00:00:00.000Z',
                    reason: 'Out of credit',
                    current_state: 'SUSPENDED' as const,
                  },
                ],
          };
        case 'admin_trial_churn':
          if (o.trialError) return { error: { code: 500, message: 'Internal Error' } };
          return {
            id: body.id,
            rows: [
              {
                company_id: 9,
                company_name: 'Trial One',
                latest_state: 'SUSPENDED' as const,
                latest_state_created_at: '2026-10-31T00:00:00.000Z',
                latest_state_reason: 'Trial ended without a plan',
                days_churned: 21,
              },
            ],
          };
        default:
          return {
            id: 'admin_revenue_movements' as const,
            basis: 'charged_usage' as const,
            rows: months(12, '2026-10').map((month) =>
              month === '2026-10'
                ? {
                    ...zeroMovement(month),
                    starting_mrr: 500000,
                    contraction_mrr: 171000,
                    ending_mrr: 329000,
                    gross_revenue_churn_percent: 34.2,
                    net_revenue_churn_percent: 34.2,
                  }
                : zeroMovement(month),
            ),
          };
      }
    }),
  ]);
}

describe('ChurnTab', () => {
  it('shows paid churn by month, the churned paid accounts, trial churn with days and reason, and revenue movements', async () => {
    answers();
    renderWithProviders(<ChurnTab />);
    const byMonth = await screen.findByRole('table', { name: 'Paid churn by month' });
    const november = within(byMonth).getByRole('row', { name: /Nov 2026 \(so far\)/ });
    expect(
      within(november)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Nov 2026 (so far)', '4', '1', '1', '50.00%']);

    const paid = await screen.findByRole('table', { name: 'Paid account churn' });
    expect(within(paid).getByRole('row', { name: /Gamma Distribution/ }).textContent).toContain('2026-11-05');
    expect(within(paid).getByText('Out of credit')).toBeTruthy();

    const trials = await screen.findByRole('table', { name: 'Trial account churn' });
    const trialRow = within(trials).getByRole('row', { name: /Trial One/ });
    expect(
      within(trialRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Trial One', '21', 'Trial ended without a plan', 'SUSPENDED, 2026-10-31']);

    const revenue = await screen.findByRole('table', { name: 'Revenue movements' });
    const october = within(revenue).getByRole('row', { name: /Oct 2026/ });
    expect(
      within(october)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Oct 2026', '$5,000.00', '$0.00', '$0.00', '$1,710.00', '$0.00', '$0.00', '$3,290.00', '34.20%', '34.20%']);
    expect(within(revenue).getByRole('row', { name: /Sep 2026/ }).textContent).toContain('—');
    expect(screen.getByText('charged usage')).toBeTruthy();
  });

  it('shows a failed report as an error and an empty one as empty, the others still filled', async () => {
    answers({ trialError: true, noPaidChurn: true });
    renderWithProviders(<ChurnTab />);
    expect(await screen.findByText('Internal Error')).toBeTruthy();
    expect(await screen.findByText('No paid churn')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Revenue movements' })).toBeTruthy();
  });
});
