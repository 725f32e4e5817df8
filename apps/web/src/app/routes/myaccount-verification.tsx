import { createRoute } from '@tanstack/react-router';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const myaccountVerificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/myaccount_verification',
  // The feature's calls load with its page (and here, on a preload), not in the entry chunk.
  loader: async ({ context: { queryClient } }) => {
    const { accountSettingsQueryOptions } = await import('../../features/account/api');
    return preloaded([queryClient.ensureQueryData(accountSettingsQueryOptions())]);
  },
}).lazy(() => import('./myaccount-verification.lazy').then((m) => m.Route));
