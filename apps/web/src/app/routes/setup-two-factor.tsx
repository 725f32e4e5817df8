import { createRoute } from '@tanstack/react-router';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const setupTwoFactorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/setup_two_factor',
  // The feature's calls load with its page (and here, on a preload), not in the entry chunk.
  loader: async ({ context: { queryClient } }) => {
    const { twoFactorQueryOptions } = await import('../../features/security/api');
    return preloaded([queryClient.ensureQueryData(twoFactorQueryOptions())]);
  },
}).lazy(() => import('./setup-two-factor.lazy').then((m) => m.Route));
