import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The guarantee refunds credit: accounts that see their credit (not contract billing, not a distributor's sub-account). */
export const TRACK_NEW_USERS_REQUIREMENT: Requirement = { roles: ['customer'], capability: 'use_billing_pages' };

export const trackNewUsersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/track_new_users',
  beforeLoad: ({ context }) => requireAccess(context.auth, TRACK_NEW_USERS_REQUIREMENT),
}).lazy(() => import('./track-new-users.lazy').then((m) => m.Route));
