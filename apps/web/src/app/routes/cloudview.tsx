import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As the customer portal calls' access (decision 0057); importing the contract here would put it in the entry chunk. */
export const CLOUDVIEW_REQUIREMENT: Requirement = { roles: ['customer', 'distributor'], capability: 'use_customer_portal' };

/** /cloudview: the company's customer portal (the spec's route table names none; decision 0057). */
export const cloudviewRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/cloudview',
  beforeLoad: ({ context }) => requireAccess(context.auth, CLOUDVIEW_REQUIREMENT),
}).lazy(() => import('./cloudview.lazy').then((m) => m.Route));
