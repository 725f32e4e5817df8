import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As AdminServerLicenseTable.json's access: admins only. */
export const MANAGE_SERVERS_REQUIREMENT: Requirement = { roles: ['admin'] };

export const manageServersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/manage_servers',
  beforeLoad: ({ context }) => requireAccess(context.auth, MANAGE_SERVERS_REQUIREMENT),
}).lazy(() => import('./manage-servers.lazy').then((m) => m.Route));
