import { createRoute } from '@tanstack/react-router';
import { AccountVerificationPage } from '../../features/account/components/account-verification-page';
import { signedInRoute } from './signed-in';

export const myaccountVerificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/myaccount_verification',
  component: AccountVerificationPage,
});
