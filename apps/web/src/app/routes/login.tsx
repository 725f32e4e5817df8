import { createRoute, redirect } from '@tanstack/react-router';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { destinationAfterLogin } from '../../features/auth/role-home';
import { searchSchema, text } from '../../lib/search-params';
import { publicRoute } from './public';

const loginSearch = searchSchema({ method: text(64), t: text(512), redirect_to: text(2048) });

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
