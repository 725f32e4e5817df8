import { createRoute } from '@tanstack/react-router';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { searchSchema, text } from '../../lib/search-params';
import { publicRoute } from './public';

const updatePasswordSearch = searchSchema({ t: text(512) });

/** Public: a mailed reset link opens it signed out; signed in it changes the password. */
export const updatePasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/update_password',
  validateSearch: (search) => updatePasswordSearch.parse(search),
  // The page's heading and call depend on whether someone is signed in, so know that before it renders.
  beforeLoad: ({ context }) => context.queryClient.fetchQuery(authContextQueryOptions()),
}).lazy(() => import('./update-password.lazy').then((m) => m.Route));
