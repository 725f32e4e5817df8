import { createRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '../../components/data-table/table-search';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** A customer's own services; staff read a company's in its drawer. */
export const ACTIVE_SERVICES_REQUIREMENT: Requirement = { roles: ['customer'] };

export const myActiveServicesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/my_active_services',
  // The table's page and page size, so a reload keeps them.
  validateSearch: (search) => tableSearchSchema.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, ACTIVE_SERVICES_REQUIREMENT),
}).lazy(() => import('./my-active-services.lazy').then((m) => m.Route));
