import { createRoute } from '@tanstack/react-router';
import { CompleteSignupPage } from '../../features/account/components/complete-signup-page';
import { useSignedInAuth } from '../use-signed-in-auth';
import { signedInRoute } from './signed-in';

function CompleteSignup() {
  const auth = useSignedInAuth();
  return <CompleteSignupPage companyName={auth.company_name} />;
}

export const completeSignupRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/complete_signup',
  component: CompleteSignup,
});
