import { getActiveServices } from '@portal/contract/billing/active-services';
import { adminCreateCreditPack, adminExpireCreditPack, adminListCreditPacks, listCreditPacks } from '@portal/contract/billing/credit-packs';
import { adminDailyStatsList } from '@portal/contract/billing/daily-stats';
import { listPlans, selectPlan } from '@portal/contract/billing/plans';
import { balanceHistory, creditSummary } from '@portal/contract/billing/summary';
import { listEligibleTrialRefunds, listTrialRefundHistory } from '@portal/contract/billing/trial-refunds';
import { billingHistory, userMyUsageTable } from '@portal/contract/billing/usage';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { getSuspension } from '@portal/contract/companies/company-suspension';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { adminDescribeCompany } from '@portal/contract/companies/company-describe';
import { callSource, type ListQuery, type TableSource } from '../../../components/data-table/list-source';
import { downloadExport, type ExportFormat } from '../../../lib/api-client';
import { call } from '../../../lib/api-client';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

/** The dashboard's figures move with every charge; a minute keeps them fresh without a request per visit. */
const FIGURES = { staleTime: 60_000 };

export const creditSummaryQuery = defineQuery(creditSummary, FIGURES);
export const balanceHistoryQuery = defineQuery(balanceHistory, FIGURES);
export const plansQuery = defineQuery(listPlans);
export const activeServicesQuery = defineQuery(getActiveServices);
export const dailyStatsQuery = defineQuery(adminDailyStatsList);
export const eligibleTrialUsersQuery = defineQuery(listEligibleTrialRefunds);

/** The charges of one day with the packs that paid them: the chart's day detail. */
export const usageOfDayQuery = defineQuery(userMyUsageTable);

/** The Available credit box's packs: pages of 5 for Load more, or every pack at once for Load all. */
export const creditPacksKey = (mode: 'pages' | 'all') => [listCreditPacks.path, mode] as const;
export const fetchCreditPacks = (page: number, pageSize: number, signal?: AbortSignal) =>
  call(listCreditPacks, { page, page_size: pageSize }, { signal });
/** Every pack, in pages of the largest size the call takes (a company rarely has more than one such page). */
export async function fetchAllCreditPacks(signal?: AbortSignal) {
  const pageSize = 1000;
  const first = await fetchCreditPacks(1, pageSize, signal);
  const rows = [...first.rows];
  for (let page = 2; rows.length < first.total; page += 1) {
    const next = await fetchCreditPacks(page, pageSize, signal);
    if (next.rows.length === 0) break;
    rows.push(...next.rows);
  }
  return { ...first, rows };
}

// Lists, for DataTable.
export const activeServicesSource = (companyId?: number) =>
  callSource(getActiveServices, companyId === undefined ? {} : { target_company_id: companyId });
export const trialUsersSource = () => callSource(listEligibleTrialRefunds);
export const trialRefundsSource = () => callSource(listTrialRefundHistory);
export const adminCreditPacksSource = (companyId: number) => callSource(adminListCreditPacks, { target_company_ids: [companyId] });

export interface UsageRange {
  target_from: string;
  target_to: string;
}

/**
 * The usage table: UserMyUsageTable.json for the page, billing_history for the export (the same rows,
 * flattened for a spreadsheet). The call takes no sort, so the table's sort is not sent.
 */
export function usageSource(range: UsageRange): TableSource<RowOfUsage, Awaited<ReturnType<typeof fetchUsage>>> {
  const input = (query: ListQuery) => ({
    page: query.page,
    page_size: query.page_size,
    target_search_query: query.target_search_query,
    ...range,
  });
  return {
    queryKey: [userMyUsageTable.path, range],
    fetchPage: (query, signal) => fetchUsage(input(query), signal),
    exportFile: (query, format: ExportFormat) => downloadExport(billingHistory, { ...input(query), page: 1 }, format),
  };
}
const fetchUsage = (input: Parameters<typeof call<typeof userMyUsageTable>>[1], signal?: AbortSignal) =>
  call(userMyUsageTable, input, { signal });
export type RowOfUsage = Awaited<ReturnType<typeof fetchUsage>>['rows'][number];

/** A pick changes the plan the app's pages and the admin's views show. */
export const useSelectPlan = defineMutation(selectPlan, { invalidates: [listPlans, getAuthContext, getSuspension] });

/** A pack moves the balance: the tab's list (and its balance), the company's row and drawer, and the dashboard figures. */
const CREDIT_VIEWS = {
  invalidates: [adminListCreditPacks, adminCompanyList, adminDescribeCompany, creditSummary, balanceHistory, listCreditPacks],
};
export const useCreateCreditPack = defineMutation(adminCreateCreditPack, CREDIT_VIEWS);
export const useExpireCreditPack = defineMutation(adminExpireCreditPack, CREDIT_VIEWS);
