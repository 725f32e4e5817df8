import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { AdminCompaniesPage } from '../../features/companies/components/admin-companies-page';
import type { AdminCompanyRestrict } from '../../features/companies/company-tabs';
import { useSignedInAuth } from '../use-signed-in-auth';

const route = getRouteApi('/signed-in/dashboard_admin');

function AdminDashboardRoute() {
  const { restrict } = route.useSearch();
  const navigate = route.useNavigate();
  const changeRestrict = (next: AdminCompanyRestrict | undefined) => void navigate({ search: next ? { restrict: next } : {} });
  const auth = useSignedInAuth();
  return (
    <AdminCompaniesPage
      restrict={restrict}
      onRestrictChange={changeRestrict}
      currentEmail={auth.email}
      canEdit={auth.roles.includes('admin')}
    />
  );
}

export const Route = createLazyRoute('/signed-in/dashboard_admin')({ component: AdminDashboardRoute });
