import { createRoute } from '@tanstack/react-router';
import { CustomerDashboard } from '../../features/dashboard/components/customer-dashboard';
import { useSignedInAuth } from '../use-signed-in-auth';
import { signedInRoute } from './signed-in';

function DashboardRoute() {
  return <CustomerDashboard auth={useSignedInAuth()} />;
}

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  component: DashboardRoute,
});
