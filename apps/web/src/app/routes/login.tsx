import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { destinationAfterLogin } from '../../features/auth/role-home';
import { publicRoute } from './public';

const loginSearch = z.object({
  method: z.string().max(64).optional().catch(undefined),
  t: z.string().max(512).optional().catch(undefined),
  redirect_to: z.string().max(2048).optional().catch(undefined),
});

export const loginRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/login',
  validateSearch: (search) => loginSearch.parse(search),
  beforeLoad: async ({ context, search }) => {
    // Someone already signed in has nothing to do here, unless they follow a sign-in token link.
    if (search.t) return;
    const auth = await context.queryClient.fetchQuery(authContextQueryOptions());
    if (auth) throw redirect({ href: destinationAfterLogin(auth, search.redirect_to), replace: true });
  },
}).lazy(() => import('./login.lazy').then((m) => m.Route));
