import { createLazyRoute } from '@tanstack/react-router';
import { CustomerDashboard } from '../../features/dashboard/components/customer-dashboard';
import { hasAccess } from '../../lib/access';
import { NAV_ITEMS } from '../nav-config';
import { useSignedInAuth } from '../use-signed-in-auth';

function DashboardRoute() {
  const auth = useSignedInAuth();
  const shortcuts = NAV_ITEMS.filter((item) => item.to !== '/dashboard' && hasAccess(auth, item));
  return <CustomerDashboard auth={auth} shortcuts={shortcuts} />;
}

export const Route = createLazyRoute('/signed-in/dashboard')({ component: DashboardRoute });
