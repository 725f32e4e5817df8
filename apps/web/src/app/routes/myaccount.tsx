import { createRoute } from '@tanstack/react-router';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const myaccountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/myaccount',
  // The feature's calls load with its page (and here, on a preload), not in the entry chunk.
  loader: async ({ context: { queryClient } }) => {
    const { accountSettingsQueryOptions, sessionsQueryOptions } = await import('../../features/account/api');
    return preloaded([queryClient.ensureQueryData(accountSettingsQueryOptions()), queryClient.ensureQueryData(sessionsQueryOptions())]);
  },
}).lazy(() => import('./myaccount.lazy').then((m) => m.Route));
