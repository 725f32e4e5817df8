import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import type { TableSearch } from '../../components/data-table/table-search';
import { FullUsageHistoryPage } from '../../features/billing/components/usage/full-usage-history-page';
import { type DayRange, defaultRange, settleRange, todayInDisplayZone } from '../../features/billing/lib/usage-range';

const route = getRouteApi('/signed-in/full_usage_history');

function FullUsageHistoryRoute() {
  const { from, to, ...table } = route.useSearch();
  const navigate = route.useNavigate();
  const today = todayInDisplayZone();
  const fallback = defaultRange(today);
  // A link with a day after today, or From after To, shows the range the rules allow.
  const range = settleRange({ from: from ?? fallback.from, to: to ?? fallback.to }, today);
  // Other days start the table at its first page; typing and paging replace the history entry.
  const changeRange = (next: DayRange) =>
    void navigate({ search: ({ page: _page, ...kept }) => ({ ...kept, from: next.from, to: next.to }), replace: true });
  const changeTable = (next: TableSearch) => void navigate({ search: { ...next, from, to }, replace: true });
  return <FullUsageHistoryPage range={range} onRangeChange={changeRange} search={table} onSearchChange={changeTable} />;
}

export const Route = createLazyRoute('/signed-in/full_usage_history')({ component: FullUsageHistoryRoute });
