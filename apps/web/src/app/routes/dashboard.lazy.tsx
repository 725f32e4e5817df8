import { createLazyRoute } from '@tanstack/react-router';
import { CustomerDashboard } from '../../features/dashboard/components/customer-dashboard';
import { useSignedInAuth } from '../use-signed-in-auth';

function DashboardRoute() {
  return <CustomerDashboard auth={useSignedInAuth()} />;
}

export const Route = createLazyRoute('/signed-in/dashboard')({ component: DashboardRoute });
