import { createRoute } from '@tanstack/react-router';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

// Spec-2 §2.1 /reports_distributor: distributors read their own report; admins pick the distributor.
export const reportsDistributorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports_distributor',
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['admin', 'distributor'] }),
}).lazy(() => import('./reports-distributor.lazy').then((m) => m.Route));
