import { createLazyRoute } from '@tanstack/react-router';
import { CompleteSignupPage } from '../../features/account/components/complete-signup-page';
import { useSignedInAuth } from '../use-signed-in-auth';

function CompleteSignup() {
  const auth = useSignedInAuth();
  return <CompleteSignupPage companyName={auth.company_name} />;
}

export const Route = createLazyRoute('/signed-in/complete_signup')({ component: CompleteSignup });
