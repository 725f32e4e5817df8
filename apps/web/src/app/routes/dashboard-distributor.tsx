import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DistributorDashboard } from '../../features/dashboard/components/distributor-dashboard';
import { requireAccess } from '../route-guards';
import { useSignedInAuth } from '../use-signed-in-auth';
import { signedInRoute } from './signed-in';

const distributorSearch = z.object({
  restrict: z.enum(['all', 'trial']).optional().catch(undefined),
});

function DistributorDashboardRoute() {
  return <DistributorDashboard auth={useSignedInAuth()} />;
}

export const dashboardDistributorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard_distributor',
  validateSearch: (search) => distributorSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['distributor'] }),
  component: DistributorDashboardRoute,
});
