import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { authContextQueryOptions } from '../../features/auth/api/session';
import { publicRoute } from './public';

const verifyEmailSearch = z.object({
  success: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
  redirect_to: z.string().max(2048).optional().catch(undefined),
});

/** Public: where a verification link lands, signed in or not. */
export const verifyEmailRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/verify_email',
  validateSearch: (search) => verifyEmailSearch.parse(search),
  // Signed in, the page can re-send the mail itself; signed out it points to the login.
  beforeLoad: ({ context }) => context.queryClient.fetchQuery(authContextQueryOptions()),
}).lazy(() => import('./verify-email.lazy').then((m) => m.Route));
