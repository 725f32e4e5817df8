import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { publicRoute } from './public';

const pendingDeleteSearch = z.object({
  will_delete_at: z.coerce.number().int().min(0).optional().catch(undefined),
});

/** Public, whatever the session: the login answer 'reactivate_account' sends the user here. */
export const pendingDeleteRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/pending_delete',
  validateSearch: (search) => pendingDeleteSearch.parse(search),
  // Signed in (as the login leaves a pending-delete user), the page offers Log out rather than the login.
  beforeLoad: ({ context }) => context.queryClient.fetchQuery(authContextQueryOptions()),
}).lazy(() => import('./pending-delete.lazy').then((m) => m.Route));
