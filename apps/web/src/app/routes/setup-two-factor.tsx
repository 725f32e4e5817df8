import { createRoute } from '@tanstack/react-router';
import { twoFactorQueryOptions } from '../../features/security/api';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const setupTwoFactorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/setup_two_factor',
  loader: ({ context: { queryClient } }) => preloaded([queryClient.ensureQueryData(twoFactorQueryOptions())]),
}).lazy(() => import('./setup-two-factor.lazy').then((m) => m.Route));
