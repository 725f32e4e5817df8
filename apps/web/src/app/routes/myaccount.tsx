import { createRoute } from '@tanstack/react-router';
import { accountSettingsQueryOptions, sessionsQueryOptions } from '../../features/account/api';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const myaccountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/myaccount',
  loader: ({ context: { queryClient } }) =>
    preloaded([queryClient.ensureQueryData(accountSettingsQueryOptions()), queryClient.ensureQueryData(sessionsQueryOptions())]),
}).lazy(() => import('./myaccount.lazy').then((m) => m.Route));
