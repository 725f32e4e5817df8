import { createRoute } from '@tanstack/react-router';
import { CompleteSignupPage } from '../../features/account/components/complete-signup-page';
import { signedInRoute } from './signed-in';

export const completeSignupRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/complete_signup',
  component: CompleteSignupPage,
});
