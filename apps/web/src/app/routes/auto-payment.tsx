import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as the automatic payment calls' access. */
export const AUTO_PAYMENT_REQUIREMENT: Requirement = { roles: ['customer', 'distributor'] };

export const autoPaymentRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/auto_payment',
  beforeLoad: ({ context }) => requireAccess(context.auth, AUTO_PAYMENT_REQUIREMENT),
}).lazy(() => import('./auto-payment.lazy').then((m) => m.Route));
