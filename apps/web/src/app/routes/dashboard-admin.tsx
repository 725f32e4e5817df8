import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AdminCompaniesPage, firstAdminCompaniesPage } from '../../features/companies/components/admin-companies-page';
import { ADMIN_COMPANY_RESTRICTS, type AdminCompanyRestrict } from '../../features/companies/company-tabs';
import { requirementOf } from '../../lib/access';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { useSignedInAuth } from '../use-signed-in-auth';
import { signedInRoute } from './signed-in';

const adminSearch = z.object({
  restrict: z.enum(ADMIN_COMPANY_RESTRICTS).optional().catch(undefined),
});

function AdminDashboardRoute() {
  const { restrict } = dashboardAdminRoute.useSearch();
  const navigate = dashboardAdminRoute.useNavigate();
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

export const dashboardAdminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard_admin',
  validateSearch: (search) => adminSearch.parse(search),
  // The page is the company list, so it is open to whoever may make that call.
  beforeLoad: ({ context }) => requireAccess(context.auth, requirementOf(adminCompanyList.access)),
  loaderDeps: ({ search }) => ({ restrict: search.restrict }),
  loader: ({ context: { queryClient }, deps }) => preloaded([queryClient.ensureQueryData(firstAdminCompaniesPage(deps.restrict))]),
  component: AdminDashboardRoute,
});
