import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as admin/promo-codes' access: admins only. */
export const PROMO_CAMPAIGNS_REQUIREMENT: Requirement = { roles: ['admin'] };

export const promoCampaignsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/promo_campaigns',
  beforeLoad: ({ context }) => requireAccess(context.auth, PROMO_CAMPAIGNS_REQUIREMENT),
}).lazy(() => import('./promo-campaigns.lazy').then((m) => m.Route));
