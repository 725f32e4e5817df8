import { createRoute } from '@tanstack/react-router';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { integer, searchSchema } from '../../lib/search-params';
import { publicRoute } from './public';

const pendingDeleteSearch = searchSchema({ will_delete_at: integer(0) });

/** Public, whatever the session: the login answer 'reactivate_account' sends the user here. */
export const pendingDeleteRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/pending_delete',
  validateSearch: (search) => pendingDeleteSearch.parse(search),
  // Signed in (as the login leaves a pending-delete user), the page offers Log out rather than the login.
  beforeLoad: ({ context }) => context.queryClient.fetchQuery(authContextQueryOptions()),
}).lazy(() => import('./pending-delete.lazy').then((m) => m.Route));
