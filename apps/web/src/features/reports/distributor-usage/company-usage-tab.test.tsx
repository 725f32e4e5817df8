import { companyUsageByMonth } from '@portal/contract/reports/distributor-usage';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CompanyUsageTab } from './company-usage-tab';

describe('CompanyUsageTab', () => {
  it("lists the customer's months, newest first, with each month's items", async () => {
    const api = fakeApi([
      on(companyUsageByMonth, () => ({
        company_id: 7,
        months: [
          {
            yearmonth: '2026-11',
            usage_total_cents: 2500,
            items: [
              {
                type: 'storage' as const,
                booster_type: null,
                plan_id: 'Growth',
                plan_description: 'Growth',
                count: 1_500_000_000_000,
                charge_count: 20,
                charge_total_cents: 2500,
                booster_365_account_count: 0,
              },
            ],
          },
          { yearmonth: '2026-10', usage_total_cents: 0, items: [] },
        ],
      })),
    ]);
    renderWithProviders(<CompanyUsageTab companyId={7} />);
    const table = await screen.findByRole('table', { name: 'Usage by month' });
    const months = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(months).toContain('November 2026$25.00');
    expect(months).toContain('October 2026$0.00');
    const items = screen.getByRole('table', { name: 'Items of November 2026' });
    expect(within(items).getByText('1,500 GB')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Items of October 2026' })).toBeNull();
    expect(api.requests[0]?.body).toEqual({ id: 7 });
  });
});
