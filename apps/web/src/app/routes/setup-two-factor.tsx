import { createRoute } from '@tanstack/react-router';
import { twoFactorQueryOptions } from '../../features/security/api';
import { TwoFactorPage } from '../../features/security/components/two-factor-page';
import { preloaded } from '../../lib/call-hooks';
import { useSignedInAuth } from '../use-signed-in-auth';
import { signedInRoute } from './signed-in';

function SetupTwoFactorRoute() {
  const auth = useSignedInAuth();
  return <TwoFactorPage email={auth.email} required={auth.needs_two_factor_setup} />;
}

export const setupTwoFactorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/setup_two_factor',
  loader: ({ context: { queryClient } }) => preloaded([queryClient.ensureQueryData(twoFactorQueryOptions())]),
  component: SetupTwoFactorRoute,
});
