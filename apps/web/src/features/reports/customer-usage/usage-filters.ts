import type { CustomerUsageFilters } from '@portal/contract/reports/customer-usage';
import { DISPLAY_TIME_ZONE } from '../../../lib/dates';

/** A tri-state filter as the sidebar holds it: 'any' sends null. */
export type TriState = 'any' | 'yes' | 'no';

export interface UsageFilterState {
  yearMonth: string;
  regions: string[];
  distributorId: number | null;
  salesId: number | null;
  vip: TriState;
  managed: TriState;
  partner: TriState;
  contractBilling: TriState;
  hasRealUsage: boolean;
}

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit' });

/** This month, 'YYYY-MM', in Pacific/Auckland: the zone the charges' days are counted in. */
export function thisMonth(now: Date = new Date()): string {
  return monthFormat.format(now).slice(0, 7);
}

/** The months a report can be run for, newest first: this month and the 35 before it. */
export function recentMonths(now: Date = new Date(), count = 36): string[] {
  const [y, m] = thisMonth(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

export function initialFilters(now: Date = new Date()): UsageFilterState {
  return {
    yearMonth: thisMonth(now),
    regions: [],
    distributorId: null,
    salesId: null,
    vip: 'any',
    managed: 'any',
    partner: 'any',
    contractBilling: 'any',
    hasRealUsage: false,
  };
}

/**
 * Spec-2 §2.9, §5: choosing a distributor resets the other filters (they stay disabled while it is chosen) and
 * forces has-real-usage on; clearing it leaves the reset filters as they are, has-real-usage included.
 */
export function chooseDistributor(state: UsageFilterState, distributorId: number | null): UsageFilterState {
  if (distributorId === null) return { ...state, distributorId: null };
  return { ...initialFilters(), yearMonth: state.yearMonth, distributorId, hasRealUsage: true };
}

const triState = (value: TriState): boolean | null => (value === 'any' ? null : value === 'yes');

/** The call's payload. The sales id is sent only by a user with the sales-commission capability (spec-2 §6). */
export function payloadOf(state: UsageFilterState, canChooseSales: boolean): CustomerUsageFilters {
  return {
    target_year_month: state.yearMonth,
    target_region_id: state.regions,
    target_distributor_id: state.distributorId,
    target_sales_id: canChooseSales ? state.salesId : null,
    target_filter_is_vip: triState(state.vip),
    target_filter_is_managed: triState(state.managed),
    target_filter_is_partner: triState(state.partner),
    target_filter_has_real_usage: state.hasRealUsage ? true : null,
    target_filter_has_contract_billing: triState(state.contractBilling),
  };
}
