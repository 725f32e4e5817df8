import { createLazyRoute } from '@tanstack/react-router';
import { DistributorUsagePage } from '../../features/reports/distributor-usage/distributor-usage-page';
import { useSignedInAuth } from '../use-signed-in-auth';

function ReportsDistributorRoute() {
  const auth = useSignedInAuth();
  // An admin signed in as a distributor's user reads as that distributor.
  const isAdmin = auth.roles.includes('admin') && !auth.roles.includes('admin_impersonating');
  return <DistributorUsagePage isAdmin={isAdmin} companyId={auth.company_id} />;
}

export const Route = createLazyRoute('/signed-in/reports_distributor')({ component: ReportsDistributorRoute });
