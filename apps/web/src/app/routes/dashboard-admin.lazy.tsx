import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { AdminCompaniesPage } from '../../features/companies/components/admin-companies-page';
import type { TableSearch } from '../../components/data-table/table-search';
import type { AdminCompanyRestrict } from '../../features/companies/company-tabs';
import { useSignedInAuth } from '../use-signed-in-auth';

const route = getRouteApi('/signed-in/dashboard_admin');

function AdminDashboardRoute() {
  const { restrict, ...table } = route.useSearch();
  const navigate = route.useNavigate();
  // Another tab keeps the search and sort and starts at its first page.
  const changeRestrict = (next: AdminCompanyRestrict | undefined) =>
    void navigate({ search: ({ restrict: _tab, page: _page, ...kept }) => (next ? { ...kept, restrict: next } : kept) });
  // Typing and paging replace the history entry, so Back leaves the page rather than undoing keystrokes.
  const changeTable = (next: TableSearch) => void navigate({ search: restrict ? { ...next, restrict } : next, replace: true });
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
