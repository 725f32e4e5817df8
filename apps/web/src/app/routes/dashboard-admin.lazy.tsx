import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { AdminCompaniesPage } from '../../features/companies/components/admin-companies-page';
import type { TableSearch } from '../../components/data-table/table-search';
import type { AdminCompanyRestrict } from '../../features/companies/company-tabs';
import { useSignedInAuth } from '../use-signed-in-auth';

const route = getRouteApi('/signed-in/dashboard_admin');

function AdminDashboardRoute() {
  const search = route.useSearch();
  const { restrict } = search;
  // The same objects while the URL stays the same, so the page's memoised table does not re-render its rows.
  const table = useMemo(() => {
    const { restrict: _tab, ...rest } = search;
    return rest;
  }, [search]);
  const navigate = route.useNavigate();
  // Another tab keeps the search and sort and starts at its first page.
  const changeRestrict = useCallback(
    (next: AdminCompanyRestrict | undefined) =>
      void navigate({ search: ({ restrict: _tab, page: _page, ...kept }) => (next ? { ...kept, restrict: next } : kept) }),
    [navigate],
  );
  // Typing and paging replace the history entry, so Back leaves the page rather than undoing keystrokes.
  const changeTable = useCallback(
    (next: TableSearch) => void navigate({ search: restrict ? { ...next, restrict } : next, replace: true }),
    [navigate, restrict],
  );
  const auth = useSignedInAuth();
  return (
    <AdminCompaniesPage
      restrict={restrict}
      onRestrictChange={changeRestrict}
      search={table}
      onSearchChange={changeTable}
      currentEmail={auth.email}
      canEdit={auth.roles.includes('admin')}
    />
  );
}

export const Route = createLazyRoute('/signed-in/dashboard_admin')({ component: AdminDashboardRoute });
