import { createRoute } from '@tanstack/react-router';
import { accountSettingsQueryOptions } from '../../features/account/api';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const myaccountVerificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/myaccount_verification',
  loader: ({ context: { queryClient } }) => preloaded([queryClient.ensureQueryData(accountSettingsQueryOptions())]),
}).lazy(() => import('./myaccount-verification.lazy').then((m) => m.Route));
