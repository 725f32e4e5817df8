import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

const distributorSearch = z.object({
  restrict: z.enum(['all', 'trial']).optional().catch(undefined),
});

export const dashboardDistributorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard_distributor',
  validateSearch: (search) => distributorSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['distributor'] }),
  loaderDeps: ({ search }) => ({ restrict: search.restrict ?? 'all' }),
  // The page's module (shared with the lazy component) says what its first call is.
  loader: async ({ context: { queryClient }, deps }) => {
    const { firstSubAccountsPage } = await import('../../features/companies/components/distributor-companies-page');
    return preloaded([queryClient.ensureQueryData(firstSubAccountsPage(deps.restrict))]);
  },
}).lazy(() => import('./dashboard-distributor.lazy').then((m) => m.Route));
