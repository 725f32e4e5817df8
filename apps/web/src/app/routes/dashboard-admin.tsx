import { ADMIN_COMPANY_LIST_ACCESS } from '@portal/contract/companies/admin-company-views';
import { createRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '../../components/data-table/table-search';
import { ADMIN_COMPANY_RESTRICTS } from '../../features/companies/company-tabs';
import { requirementOf } from '../../lib/access';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { oneOf } from '../../lib/search-params';
import { signedInRoute } from './signed-in';

// The state tab, and the table's search, page, sort and page size (q, page, sort, dir, size), so a reload keeps them.
const adminSearch = tableSearchSchema.extend({
  restrict: oneOf(ADMIN_COMPANY_RESTRICTS),
});

export const dashboardAdminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard_admin',
  validateSearch: (search) => adminSearch.parse(search),
  // The page is the company list, so it is open to whoever may make that call.
  beforeLoad: ({ context }) => requireAccess(context.auth, requirementOf(ADMIN_COMPANY_LIST_ACCESS)),
  loaderDeps: ({ search: { restrict, ...table } }) => ({ restrict, table }),
  // The page's module (shared with the lazy component) says what its first call is; loading it here
  // keeps it out of the entry chunk.
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const { firstAdminCompaniesPage } = await import('../../features/companies/components/admin-companies-page');
    const page = firstAdminCompaniesPage(deps.restrict, deps.table);
    // Searching, paging and sorting stay on the page: the table shows its own loading state rather than
    // the route holding the old view until the new rows arrive.
    if (cause === 'stay') return void queryClient.prefetchQuery(page);
    return preloaded([queryClient.ensureQueryData(page)]);
  },
}).lazy(() => import('./dashboard-admin.lazy').then((m) => m.Route));
