import { describe, expect, it } from 'vitest';
import { chooseDistributor, initialFilters, payloadOf, recentMonths, thisMonth, type UsageFilterState } from './usage-filters';

const busy: UsageFilterState = {
  ...initialFilters(new Date('2026-03-15T00:00:00Z')),
  regions: ['eu-west'],
  salesId: 12,
  vip: 'yes',
  managed: 'no',
  partner: 'yes',
  contractBilling: 'no',
  hasRealUsage: false,
};

describe('customer usage filters', () => {
  it('choosing a distributor resets the other filters, keeps the month and forces has-real-usage on', () => {
    const chosen = chooseDistributor(busy, 44);
    expect(chosen).toEqual({ ...initialFilters(), yearMonth: '2026-03', distributorId: 44, hasRealUsage: true });
    expect(payloadOf(chosen, true)).toEqual({
      target_year_month: '2026-03',
      target_region_id: [],
      target_distributor_id: 44,
      target_sales_id: null,
      target_filter_is_vip: null,
      target_filter_is_managed: null,
      target_filter_is_partner: null,
      target_filter_has_real_usage: true,
      target_filter_has_contract_billing: null,
    });
  });

  it('clearing the distributor keeps the reset filters', () => {
    const cleared = chooseDistributor(chooseDistributor(busy, 44), null);
    expect(cleared.distributorId).toBeNull();
    expect(cleared.hasRealUsage).toBe(true);
    expect(cleared.vip).toBe('any');
  });

  it('sends tri-states as true, false or null, and the sales id only with the sales-commission capability', () => {
    const payload = payloadOf(busy, true);
    expect(payload).toMatchObject({
      target_region_id: ['eu-west'],
      target_sales_id: 12,
      target_filter_is_vip: true,
      target_filter_is_managed: false,
      target_filter_is_partner: true,
      target_filter_has_contract_billing: false,
      target_filter_has_real_usage: null,
    });
    expect(payloadOf(busy, false).target_sales_id).toBeNull();
  });

  it('counts months in Auckland: 11:30 UTC on 31 March is already April there', () => {
    expect(thisMonth(new Date('2026-03-31T11:30:00Z'))).toBe('2026-04');
    expect(recentMonths(new Date('2026-02-10T00:00:00Z'), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });
});
