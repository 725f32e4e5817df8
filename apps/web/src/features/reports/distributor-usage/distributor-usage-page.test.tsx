import { listDistributors } from '@portal/contract/companies/company-lookups';
import { DISTRIBUTOR_USAGE_MESSAGES, type DistributorUsageRow, distributorUsageV2 } from '@portal/contract/reports/distributor-usage';
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
  it('shows a distributor its own sub-accounts with items, labels and the percentages in words, nothing to type', async () => {
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
    expect(within(table).getByText('Direct (contract billing)')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();
    const items = screen.getByRole('table', { name: 'Items of Acme Backup' });
    expect(within(items).getByText('Booster: Microsoft 365')).toBeTruthy();
    expect(within(items).getAllByText('$12.34').length).toBeGreaterThan(0);
    expect(screen.getByText('Discount (15%)')).toBeTruthy();
    expect(screen.getByText('$1.86')).toBeTruthy();
    const commission = screen.getByRole('group', { name: 'Commission' });
    expect(within(commission).getByText('Discount: 15%')).toBeTruthy();
    expect(within(commission).getByText('Indirect commission: 7%')).toBeTruthy();
    expect(within(commission).getByText(/Set by your vendor/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText('Distributor', { selector: 'input' })).toBeNull();
    expect(api.requests[0]?.body).toEqual({ id: 5, yearmonth: currentMonth() });
  });

  it("alerts 'Failed to generate report!' when the report fails", async () => {
    fakeApi([on(distributorUsageV2, () => ({ error: { code: 500, message: 'Internal error' } }))]);
    renderWithProviders(<DistributorUsagePage isAdmin={false} companyId={5} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DISTRIBUTOR_USAGE_MESSAGES.failed);
  });

  it('collapses the sub-accounts without usage into one line, state and commission type in words', async () => {
    const user = userEvent.setup();
    const idle = (id: number, name: string, o: Partial<DistributorUsageRow> = {}) =>
      row({ company_id: id, company_name: name, items: [], daily_usage: [], usage_total_cents: 0, ...o });
    fakeApi([
      on(distributorUsageV2, () =>
        report({
          rows: [row({}), idle(12, 'Quiet Ltd', { current_state: 'PENDING_DELETE', commission_type: 'INDIRECT' }), idle(13, 'Idle Co')],
        }),
      ),
    ]);
    renderWithProviders(<DistributorUsagePage isAdmin={false} companyId={5} />);
    const table = await screen.findByRole('table', { name: 'Sub-account usage' });
    expect(screen.queryByText('No usage this month.')).toBeNull();
    const summary = within(table).getByText('2 sub-accounts with no usage this month');
    await user.click(summary);
    expect(within(table).getByText('Quiet Ltd')).toBeTruthy();
    expect(within(table).getByText('Pending delete')).toBeTruthy();
    expect(within(table).getByText('Indirect (own credit)')).toBeTruthy();
    expect(within(table).queryByText('PENDING_DELETE')).toBeNull();
    expect(within(table).queryByText('INDIRECT')).toBeNull();
  });

  it('shows an admin the chosen distributor’s percentages and where to set them, without fields to type in', async () => {
    const user = userEvent.setup();
    fakeApi([
      on(listDistributors, () => [{ id: 5, company_name: 'Northwind' }]),
      on(distributorUsageV2, () => report({ rates: { discount_percent: 0, indirect_commission_percent: 0 } })),
    ]);
    renderWithProviders(<DistributorUsagePage isAdmin companyId={1} />);
    expect(screen.getByText("Choose a distributor to see its sub-accounts' usage.")).toBeTruthy();
    await user.click(screen.getByLabelText('Distributor', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    await screen.findByRole('table', { name: 'Sub-account usage' });
    const commission = screen.getByRole('group', { name: 'Commission' });
    expect(within(commission).getByText(/No discount or commission is set for this distributor yet/)).toBeTruthy();
    expect(within(commission).getByText(/Distributor settings tab/)).toBeTruthy();
    expect(screen.queryByLabelText('Discount (%)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save percentages' })).toBeNull();
  });
});
