import { createRoute } from '@tanstack/react-router';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As DevTenantHosts.json's access: admins only. */
export const manageTenantHostsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/manage_tenant_hosts',
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['admin'] }),
}).lazy(() => import('./manage-tenant-hosts.lazy').then((m) => m.Route));
