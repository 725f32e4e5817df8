import { createLazyRoute } from '@tanstack/react-router';
import { BillingMain, BillingOverview, BillingSide } from '../../features/billing/components/dashboard/billing-dashboard';
import { CustomerDashboard } from '../../features/dashboard/components/customer-dashboard';
import { StorageUsageCard } from '../../features/storage/components/storage-usage';
import { hasAccess } from '../../lib/access';
import { NAV_ITEMS } from '../nav-config';
import { useSignedInAuth } from '../use-signed-in-auth';

function DashboardRoute() {
  const auth = useSignedInAuth();
  const shortcuts = NAV_ITEMS.filter((item) => item.to !== '/dashboard' && hasAccess(auth, item));
  // Credit, usage and services are billing's; the dashboard places them.
  // The storage chart only for a company that may have storage; the card hides itself without has_comet_storage.
  const storage = auth.capabilities.includes('use_storage') ? <StorageUsageCard companyId={auth.company_id} /> : null;
  const main = (
    <>
      <BillingMain />
      {storage}
    </>
  );
  const slots = { top: <BillingOverview auth={auth} />, main, side: <BillingSide auth={auth} /> };
  return <CustomerDashboard auth={auth} shortcuts={shortcuts} slots={slots} />;
}

export const Route = createLazyRoute('/signed-in/dashboard')({ component: DashboardRoute });
