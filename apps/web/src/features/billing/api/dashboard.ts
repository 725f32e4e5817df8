import { ACTIVE_SERVICES_PAGE_SIZE } from '@portal/contract/billing/active-services';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { CREDIT_PACK_PAGE_SIZE } from '@portal/contract/billing/credit-packs';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { seesCredit } from '../lib/figures';
import { latestChargedDay } from '../lib/runway';
import {
  activeServicesQuery,
  balanceHistoryQuery,
  creditPacksKey,
  creditSummaryQuery,
  eligibleTrialUsersQuery,
  fetchCreditPacks,
  usageOfDayQuery,
} from './index';

/** New users the trial usage panel lists. */
export const TRIAL_USERS_SHOWN = 5;

/**
 * The queries of billing's dashboard cards, each made in one place: the cards use them, and the dashboard's
 * route starts them before the page has rendered (prefetchBillingDashboard).
 */
export const dashboardQueries = {
  summary: () => creditSummaryQuery.options(),
  services: () => activeServicesQuery.options({ page: 1, page_size: ACTIVE_SERVICES_PAGE_SIZE }),
  history: () => balanceHistoryQuery.options(),
  /** A day's charges are one per service: a page of 100 holds them all. */
  usageOfDay: (date: string) =>
    usageOfDayQuery.options({ page: 1, page_size: 100, target_search_query: '', target_from: date, target_to: date }),
  /** The Available credit box's packs, 5 at a time (Load more adds a page). */
  packPages: () =>
    infiniteQueryOptions({
      queryKey: creditPacksKey('pages'),
      queryFn: ({ pageParam, signal }) => fetchCreditPacks(pageParam, CREDIT_PACK_PAGE_SIZE, signal),
      initialPageParam: 1,
      getNextPageParam: (last, loaded) => (loaded.length * CREDIT_PACK_PAGE_SIZE < last.total ? loaded.length + 1 : undefined),
    }),
  trialUsers: () => eligibleTrialUsersQuery.options({ page: 1, page_size: TRIAL_USERS_SHOWN }),
};

/**
 * Starts every call billing's dashboard cards make, as soon as the page's code is in rather than once each
 * card has rendered: the figures and services at once, then what the summary says this company sees (the
 * ledger and its latest day, the credit packs). Answers once the summary is in, so the page's first render
 * has its figures; a failed call is left to its card, which shows it and tries again.
 */
export async function prefetchBillingDashboard(queryClient: QueryClient, auth: Pick<AuthContext, 'capabilities'>): Promise<void> {
  void queryClient.prefetchQuery(dashboardQueries.services());
  if (auth.capabilities.includes('manage_trial_usage')) void queryClient.prefetchQuery(dashboardQueries.trialUsers());
  const summary = await queryClient.fetchQuery(dashboardQueries.summary()).catch(() => null);
  if (!summary || !seesCredit(summary)) return;
  void queryClient.prefetchInfiniteQuery(dashboardQueries.packPages());
  void queryClient
    .fetchQuery(dashboardQueries.history())
    .then((history) => {
      const day = latestChargedDay(history.days);
      return day && queryClient.prefetchQuery(dashboardQueries.usageOfDay(day.date));
    })
    .catch(() => undefined);
}
