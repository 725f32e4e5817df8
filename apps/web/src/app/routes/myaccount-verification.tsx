import { createRoute } from '@tanstack/react-router';
import { accountSettingsQueryOptions } from '../../features/account/api';
import { AccountVerificationPage } from '../../features/account/components/account-verification-page';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const myaccountVerificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/myaccount_verification',
  loader: ({ context: { queryClient } }) => preloaded([queryClient.ensureQueryData(accountSettingsQueryOptions())]),
  component: AccountVerificationPage,
});
