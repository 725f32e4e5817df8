import { listDistributors } from '@portal/contract/companies/company-lookups';
import {
  DISTRIBUTOR_USAGE_MESSAGES,
  type DistributorUsageRow,
  distributorUsageV2,
  setDistributorCommission,
} from '@portal/contract/reports/distributor-usage';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DistributorUsagePage } from './distributor-usage-page';
import { currentMonth } from './months';

const row = (o: Partial<DistributorUsageRow>): DistributorUsageRow => ({
  company_id: 11,
  company_name: 'Acme Backup',
  current_state: 'ACTIVE',
  commission_type: 'DIRECT',
  custom_metadata_1: 'ref-7',
  custom_metadata_2: '',
  custom_metadata_3: '',
  items: [
    {
      type: 'booster',
      booster_type: 'microsoft365',
      plan_id: 'Growth',
      plan_description: 'Growth',
      count: 40,
      charge_count: 3,
      charge_total_cents: 1234,
      booster_365_account_count: 40,
    },
  ],
  daily_usage: [{ day: '2026-11-01', charge_total_cents: 1234 }],
  usage_total_cents: 1234,
  storage_total_cents: 0,
  ...o,
});

function report(o: Partial<CallOutput<typeof distributorUsageV2>> = {}): CallOutput<typeof distributorUsageV2> {
  return {
    distributor_id: 5,
    distributor_name: 'Northwind',
    yearmonth: currentMonth(),
    custom_metadata_1_label: 'Reseller ref',
    custom_metadata_2_label: '',
    custom_metadata_3_label: '',
    rates: { discount_percent: 15, indirect_commission_percent: 7 },
    totals: {
      direct_usage_cents: 1234,
      direct_storage_cents: 0,
      discount_cents: 186,
      indirect_usage_cents: 0,
      indirect_storage_cents: 0,
      indirect_commission_cents: 0,
    },
    rows: [row({})],
    ...o,
  };
}

describe('DistributorUsagePage', () => {
  it('shows a distributor its own sub-accounts with items, labels and read-only percentages', async () => {
    const api = fakeApi([on(distributorUsageV2, () => report())]);
    renderWithProviders(<DistributorUsagePage isAdmin={false} companyId={5} />);
    expect(await screen.findByRole('tab', { name: 'Sub-Account Usage' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sub-account usage' });
    expect(within(table).getByRole('columnheader', { name: 'Reseller ref' })).toBeTruthy();
    // Only the labelled custom metadata has a column.
    const head = table.querySelector('thead') as HTMLElement;
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sub-account', 'Commission type', 'Reseller ref', 'Storage', 'Usage']);
    expect(within(table).getByText('ref-7')).toBeTruthy();
    expect(within(table).getByText('Acme Backup')).toBeTruthy();
    expect(within(table).getByText('DIRECT')).toBeTruthy();
    const items = screen.getByRole('table', { name: 'Items of Acme Backup' });
    expect(within(items).getByText('Booster: Microsoft 365')).toBeTruthy();
    expect(within(items).getAllByText('$12.34').length).toBeGreaterThan(0);
    expect(screen.getByText('Discount (15%)')).toBeTruthy();
    expect(screen.getByText('$1.86')).toBeTruthy();
    const discount = screen.getByLabelText('Discount (%)') as HTMLInputElement;
    expect(discount.readOnly).toBe(true);
    expect(discount.value).toBe('15');
    expect(screen.queryByLabelText('Distributor', { selector: 'input' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save percentages' })).toBeNull();
    expect(api.requests[0]?.body).toEqual({ id: 5, yearmonth: currentMonth() });
  });

  it("alerts 'Failed to generate report!' when the report fails", async () => {
    fakeApi([on(distributorUsageV2, () => ({ error: { code: 500, message: 'Internal error' } }))]);
    renderWithProviders(<DistributorUsagePage isAdmin={false} companyId={5} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DISTRIBUTOR_USAGE_MESSAGES.failed);
  });

  it('lets an admin choose the distributor and save its percentages', async () => {
    const user = userEvent.setup();
    let rates = { discount_percent: 15, indirect_commission_percent: 7 };
    const api = fakeApi([
      on(listDistributors, () => [{ id: 5, company_name: 'Northwind' }]),
      on(distributorUsageV2, () => report({ rates })),
      on(setDistributorCommission, (input) => {
        rates = { discount_percent: input.discount_percent, indirect_commission_percent: input.indirect_commission_percent };
        return rates;
      }),
    ]);
    renderWithProviders(<DistributorUsagePage isAdmin companyId={1} />);
    expect(screen.getByText("Choose a distributor to see its sub-accounts' usage.")).toBeTruthy();
    await user.click(screen.getByLabelText('Distributor', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    await screen.findByRole('table', { name: 'Sub-account usage' });
    const discount = screen.getByLabelText('Discount (%)');
    await user.clear(discount);
    await user.type(discount, '20');
    await user.click(screen.getByRole('button', { name: 'Save percentages' }));
    await screen.findByText('Discount (20%)');
    expect(api.requests.find((r) => r.url.endsWith(setDistributorCommission.path))?.body).toEqual({
      id: 5,
      discount_percent: 20,
      indirect_commission_percent: 7,
    });
  });
});
