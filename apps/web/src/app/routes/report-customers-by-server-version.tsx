import { createRoute, redirect } from '@tanstack/react-router';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { requireAccess, requireTwoFactorSetup } from '../route-guards';
import { rootRoute } from './root';

/**
 * /reports/report_customers_by_server_version (admin), outside the app layout (spec-2 §2.1): a page of its own,
 * with the signed-in guard's checks made here since it does not sit under the signed-in layout.
 */
export const versionReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reports/report_customers_by_server_version',
  beforeLoad: async ({ context, location }) => {
    const auth = await context.queryClient.fetchQuery(authContextQueryOptions());
    if (!auth) throw redirect({ to: '/login', search: { redirect_to: location.href } });
    requireTwoFactorSetup(auth, location.pathname);
    requireAccess(auth, { roles: ['admin'] });
  },
}).lazy(() => import('./report-customers-by-server-version.lazy').then((m) => m.Route));
