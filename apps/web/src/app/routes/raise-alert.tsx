import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as admin/raise_alert's access: the staff who work tickets. */
export const RAISE_ALERT_REQUIREMENT: Requirement = { roles: ['admin', 'support'] };

export const raiseAlertRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/raise_alert',
  beforeLoad: ({ context }) => requireAccess(context.auth, RAISE_ALERT_REQUIREMENT),
}).lazy(() => import('./raise-alert.lazy').then((m) => m.Route));
