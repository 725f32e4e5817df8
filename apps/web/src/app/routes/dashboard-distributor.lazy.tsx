import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { DistributorCompaniesPage } from '../../features/companies/components/distributor-companies-page';
import type { TableSearch } from '../../components/data-table/table-search';
import { CompanySummaryCard } from '../../features/dashboard/components/company-summary-card';
import { useSignedInAuth } from '../use-signed-in-auth';

const route = getRouteApi('/signed-in/dashboard_distributor');

function DistributorDashboardRoute() {
  const auth = useSignedInAuth();
  const { restrict, ...table } = route.useSearch();
  const navigate = route.useNavigate();
  // Typing and paging replace the history entry, so Back leaves the page rather than undoing keystrokes.
  const changeTable = (next: TableSearch) => void navigate({ search: restrict ? { ...next, restrict } : next, replace: true });
  return (
    <DistributorCompaniesPage
      restrict={restrict ?? 'all'}
      // Another tab keeps the search and sort and starts at its first page.
      onRestrictChange={(next) =>
        void navigate({ search: ({ restrict: _tab, page: _page, ...kept }) => (next === 'all' ? kept : { ...kept, restrict: next }) })
      }
      search={table}
      onSearchChange={changeTable}
      currentEmail={auth.email}
      header={<CompanySummaryCard auth={auth} />}
    />
  );
}

export const Route = createLazyRoute('/signed-in/dashboard_distributor')({ component: DistributorDashboardRoute });
