import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { DistributorCompaniesPage } from '../../features/companies/components/distributor-companies-page';
import { CompanySummaryCard } from '../../features/dashboard/components/company-summary-card';
import { useSignedInAuth } from '../use-signed-in-auth';

const route = getRouteApi('/signed-in/dashboard_distributor');

function DistributorDashboardRoute() {
  const auth = useSignedInAuth();
  const { restrict } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <DistributorCompaniesPage
      restrict={restrict ?? 'all'}
      onRestrictChange={(next) => void navigate({ search: next === 'all' ? {} : { restrict: next } })}
      currentEmail={auth.email}
      header={<CompanySummaryCard auth={auth} />}
    />
  );
}

export const Route = createLazyRoute('/signed-in/dashboard_distributor')({ component: DistributorDashboardRoute });
