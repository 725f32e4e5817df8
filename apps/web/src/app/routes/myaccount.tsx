import { createRoute } from '@tanstack/react-router';
import { accountSettingsQueryOptions, sessionsQueryOptions } from '../../features/account/api';
import { AccountPage } from '../../features/account/components/account-page';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const myaccountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/myaccount',
  loader: ({ context: { queryClient } }) =>
    preloaded([queryClient.ensureQueryData(accountSettingsQueryOptions()), queryClient.ensureQueryData(sessionsQueryOptions())]),
  component: AccountPage,
});
