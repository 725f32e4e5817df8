import { createRoute } from '@tanstack/react-router';
import { twoFactorQueryOptions } from '../../features/security/api';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const passphraseRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/passphrase',
  // Not the passphrase itself: asking for it creates one, shown only in that answer, so a mere hover must not.
  loader: ({ context: { queryClient } }) => preloaded([queryClient.ensureQueryData(twoFactorQueryOptions())]),
}).lazy(() => import('./passphrase.lazy').then((m) => m.Route));
