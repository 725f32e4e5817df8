import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { DistributorCompaniesPage } from '../../features/companies/components/distributor-companies-page';
import type { TableSearch } from '../../components/data-table/table-search';
import { CompanySummaryCard } from '../../features/dashboard/components/company-summary-card';
import { useSignedInAuth } from '../use-signed-in-auth';

const route = getRouteApi('/signed-in/dashboard_distributor');

function DistributorDashboardRoute() {
  const auth = useSignedInAuth();
  const search = route.useSearch();
  const { restrict } = search;
  // The same objects while the URL stays the same, so the page's memoised table does not re-render its rows.
  const table = useMemo(() => {
    const { restrict: _tab, ...rest } = search;
    return rest;
  }, [search]);
  const navigate = route.useNavigate();
  // Typing and paging replace the history entry, so Back leaves the page rather than undoing keystrokes.
  const changeTable = useCallback(
    (next: TableSearch) => void navigate({ search: restrict ? { ...next, restrict } : next, replace: true }),
    [navigate, restrict],
  );
  // Another tab keeps the search and sort and starts at its first page.
  const changeRestrict = useCallback(
    (next: 'all' | 'trial') =>
      void navigate({ search: ({ restrict: _tab, page: _page, ...kept }) => (next === 'all' ? kept : { ...kept, restrict: next }) }),
    [navigate],
  );
  return (
    <DistributorCompaniesPage
      restrict={restrict ?? 'all'}
      onRestrictChange={changeRestrict}
      search={table}
      onSearchChange={changeTable}
      currentEmail={auth.email}
      header={<CompanySummaryCard auth={auth} />}
    />
  );
}

export const Route = createLazyRoute('/signed-in/dashboard_distributor')({ component: DistributorDashboardRoute });
