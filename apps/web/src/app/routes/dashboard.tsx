import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from './signed-in';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  // The cards' calls go out as soon as their code is in, beside the page's own scripts, instead of each
  // after its card's first render (and the ledger's after the summary's): the page opens with its figures.
  loader: async ({ context: { queryClient, auth } }) => {
    const [billing, storage] = await Promise.all([import('../../features/billing/api/dashboard'), import('../../features/storage/api')]);
    if (auth.capabilities.includes('use_storage')) {
      void queryClient.prefetchQuery(storage.storageUsageReportQuery.options({ target_company_id: auth.company_id }));
    }
    await billing.prefetchBillingDashboard(queryClient, auth);
  },
}).lazy(() => import('./dashboard.lazy').then((m) => m.Route));
