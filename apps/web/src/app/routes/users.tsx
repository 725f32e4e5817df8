import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

export const USERS_REQUIREMENT: Requirement = { roles: ['customer'], capability: 'edit_users' };

export const usersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/users',
  beforeLoad: ({ context }) => requireAccess(context.auth, USERS_REQUIREMENT),
  // The page lists the signed-in user's own company: no company id.
  loader: async ({ context: { queryClient } }) => {
    const { companyUsersQueryOptions } = await import('../../features/companies/api');
    return preloaded([queryClient.ensureQueryData(companyUsersQueryOptions(undefined))]);
  },
}).lazy(() => import('./users.lazy').then((m) => m.Route));
