import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As list_plans' access; importing the contract here would put it in the entry chunk, which /login loads. */
export const MY_PLAN_REQUIREMENT: Requirement = { roles: ['customer'], capability: 'use_my_plan' };

export const myPlanRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/my_plan',
  beforeLoad: ({ context }) => requireAccess(context.auth, MY_PLAN_REQUIREMENT),
  loader: async ({ context: { queryClient } }) => {
    const { plansQuery } = await import('../../features/billing/api');
    return preloaded([queryClient.ensureQueryData(plansQuery.options())]);
  },
}).lazy(() => import('./my-plan.lazy').then((m) => m.Route));
