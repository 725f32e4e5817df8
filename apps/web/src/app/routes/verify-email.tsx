import { createRoute } from '@tanstack/react-router';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { integer, searchSchema, text } from '../../lib/search-params';
import { publicRoute } from './public';

const verifyEmailSearch = searchSchema({ success: integer(0, 1), redirect_to: text(2048) });

/** Public: where a verification link lands, signed in or not. */
export const verifyEmailRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/verify_email',
  validateSearch: (search) => verifyEmailSearch.parse(search),
  // Signed in, the page can re-send the mail itself; signed out it points to the login.
  beforeLoad: ({ context }) => context.queryClient.fetchQuery(authContextQueryOptions()),
}).lazy(() => import('./verify-email.lazy').then((m) => m.Route));
