import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ADMIN_COMPANY_RESTRICTS } from '../../features/companies/company-tabs';
import { requirementOf } from '../../lib/access';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

const adminSearch = z.object({
  restrict: z.enum(ADMIN_COMPANY_RESTRICTS).optional().catch(undefined),
});

export const dashboardAdminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard_admin',
  validateSearch: (search) => adminSearch.parse(search),
  // The page is the company list, so it is open to whoever may make that call.
  beforeLoad: ({ context }) => requireAccess(context.auth, requirementOf(adminCompanyList.access)),
  loaderDeps: ({ search }) => ({ restrict: search.restrict }),
  // The page's module (shared with the lazy component) says what its first call is; loading it here
  // keeps it out of the entry chunk.
  loader: async ({ context: { queryClient }, deps }) => {
    const { firstAdminCompaniesPage } = await import('../../features/companies/components/admin-companies-page');
    return preloaded([queryClient.ensureQueryData(firstAdminCompaniesPage(deps.restrict))]);
  },
}).lazy(() => import('./dashboard-admin.lazy').then((m) => m.Route));
