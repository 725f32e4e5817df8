import { createRoute } from '@tanstack/react-router';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As CreateServerPage.json's access: customers; each card checks its own capability. */
export const createServerRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/create_server',
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['customer'] }),
}).lazy(() => import('./create-server.lazy').then((m) => m.Route));
