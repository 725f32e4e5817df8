import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as admin/topup-options' access: admins only. */
export const MANAGE_TOPUP_OPTIONS_REQUIREMENT: Requirement = { roles: ['admin'] };

export const manageTopupOptionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/manage_topup_options',
  beforeLoad: ({ context }) => requireAccess(context.auth, MANAGE_TOPUP_OPTIONS_REQUIREMENT),
}).lazy(() => import('./manage-topup-options.lazy').then((m) => m.Route));
