import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as the transactions call's access. */
export const MYBILL_REQUIREMENT: Requirement = { roles: ['customer', 'distributor'] };

export const mybillRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/mybill',
  beforeLoad: ({ context }) => requireAccess(context.auth, MYBILL_REQUIREMENT),
}).lazy(() => import('./mybill.lazy').then((m) => m.Route));
