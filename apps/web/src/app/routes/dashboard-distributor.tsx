import { createRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '../../components/data-table/table-search';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { oneOf } from '../../lib/search-params';
import { signedInRoute } from './signed-in';

// The tab, and the table's search, page, sort and page size (q, page, sort, dir, size), so a reload keeps them.
const distributorSearch = tableSearchSchema.extend({
  restrict: oneOf(['all', 'trial']),
});

export const dashboardDistributorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard_distributor',
  validateSearch: (search) => distributorSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['distributor'] }),
  loaderDeps: ({ search: { restrict, ...table } }) => ({ restrict: restrict ?? 'all', table }),
  // The page's module (shared with the lazy component) says what its first call is.
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const { firstSubAccountsPage } = await import('../../features/companies/components/distributor-companies-page');
    const page = firstSubAccountsPage(deps.restrict, deps.table);
    // Searching, paging and sorting stay on the page: the table shows its own loading state rather than
    // the route holding the old view until the new rows arrive.
    if (cause === 'stay') return void queryClient.prefetchQuery(page);
    return preloaded([queryClient.ensureQueryData(page)]);
  },
}).lazy(() => import('./dashboard-distributor.lazy').then((m) => m.Route));
