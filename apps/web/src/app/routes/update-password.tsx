import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { publicRoute } from './public';

const updatePasswordSearch = z.object({
  t: z.string().max(512).optional().catch(undefined),
});

/** Public: a mailed reset link opens it signed out; signed in it changes the password. */
export const updatePasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/update_password',
  validateSearch: (search) => updatePasswordSearch.parse(search),
  // The page's heading and call depend on whether someone is signed in, so know that before it renders.
  beforeLoad: ({ context }) => context.queryClient.fetchQuery(authContextQueryOptions()),
}).lazy(() => import('./update-password.lazy').then((m) => m.Route));
