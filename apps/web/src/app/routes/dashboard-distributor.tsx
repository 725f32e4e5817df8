import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DistributorCompaniesPage, firstSubAccountsPage } from '../../features/companies/components/distributor-companies-page';
import { CompanySummaryCard } from '../../features/dashboard/components/company-summary-card';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { useSignedInAuth } from '../use-signed-in-auth';
import { signedInRoute } from './signed-in';

const distributorSearch = z.object({
  restrict: z.enum(['all', 'trial']).optional().catch(undefined),
});

function DistributorDashboardRoute() {
  const auth = useSignedInAuth();
  const { restrict } = dashboardDistributorRoute.useSearch();
  const navigate = dashboardDistributorRoute.useNavigate();
  return (
    <DistributorCompaniesPage
      restrict={restrict ?? 'all'}
      onRestrictChange={(next) => void navigate({ search: next === 'all' ? {} : { restrict: next } })}
      currentEmail={auth.email}
      header={<CompanySummaryCard auth={auth} />}
    />
  );
}

export const dashboardDistributorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard_distributor',
  validateSearch: (search) => distributorSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['distributor'] }),
  loaderDeps: ({ search }) => ({ restrict: search.restrict ?? 'all' }),
  loader: ({ context: { queryClient }, deps }) => preloaded([queryClient.ensureQueryData(firstSubAccountsPage(deps.restrict))]),
  component: DistributorDashboardRoute,
});
