import { createRoute, redirect } from '@tanstack/react-router';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { requireTwoFactorSetup } from '../route-guards';
import { rootRoute } from './root';

/** Pathless parent of every page that needs a session; signed-out visitors go to /login?redirect_to=<path>. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    // fetchQuery, not ensureQueryData: after a sign-in change invalidates ['auth'] the guard must ask again.
    const auth = await context.queryClient.fetchQuery(authContextQueryOptions());
    if (!auth) throw redirect({ to: '/login', search: { redirect_to: location.href } });
    requireTwoFactorSetup(auth, location.pathname);
    return { auth };
  },
  // The layout (header, navigation) loads with the first signed-in page, never on /login.
}).lazy(() => import('./signed-in.lazy').then((m) => m.Route));
