import { createLazyRoute } from '@tanstack/react-router';
import { TwoFactorPage } from '../../features/security/components/two-factor-page';
import { useSignedInAuth } from '../use-signed-in-auth';

function SetupTwoFactorRoute() {
  const auth = useSignedInAuth();
  return <TwoFactorPage email={auth.email} required={auth.needs_two_factor_setup} />;
}

export const Route = createLazyRoute('/signed-in/setup_two_factor')({ component: SetupTwoFactorRoute });
