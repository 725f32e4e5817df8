import { createRoute } from '@tanstack/react-router';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const passphraseRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/passphrase',
  // Not the passphrase itself: asking for it creates one, shown only in that answer, so a mere hover must not.
  // The feature's calls load with its page (and here, on a preload), not in the entry chunk.
  loader: async ({ context: { queryClient } }) => {
    const { twoFactorQueryOptions } = await import('../../features/security/api');
    return preloaded([queryClient.ensureQueryData(twoFactorQueryOptions())]);
  },
}).lazy(() => import('./passphrase.lazy').then((m) => m.Route));
