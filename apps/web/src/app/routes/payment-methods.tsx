import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as the saved-card calls' access. */
export const PAYMENT_METHODS_REQUIREMENT: Requirement = { roles: ['customer', 'distributor'] };

export const paymentMethodsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/payment_methods',
  beforeLoad: ({ context }) => requireAccess(context.auth, PAYMENT_METHODS_REQUIREMENT),
}).lazy(() => import('./payment-methods.lazy').then((m) => m.Route));
