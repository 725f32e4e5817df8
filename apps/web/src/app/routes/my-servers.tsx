import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As UserMyServersTable.json's access; importing the contract here would put it in the entry chunk. */
export const MY_SERVERS_REQUIREMENT: Requirement = { roles: ['customer'], capability: 'use_self_hosted' };

export const myServersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/my_servers',
  beforeLoad: ({ context }) => requireAccess(context.auth, MY_SERVERS_REQUIREMENT),
}).lazy(() => import('./my-servers.lazy').then((m) => m.Route));
