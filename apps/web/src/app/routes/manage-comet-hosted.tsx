import { createRoute } from '@tanstack/react-router';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As admin/hosted_comet/list's access: admins only. */
export const manageCometHostedRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/manage_comet_hosted',
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['admin'] }),
}).lazy(() => import('./manage-comet-hosted.lazy').then((m) => m.Route));
