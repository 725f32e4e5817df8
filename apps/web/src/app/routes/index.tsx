import { createRoute, redirect } from '@tanstack/react-router';
import { destinationAfterLogin } from '../../features/auth/role-home';
import { signedInRoute } from './signed-in';

/**
 * '/' has no page of its own: it sends the user where a sign-in would (the single sign-on callback
 * lands here), so suspended companies top up and customers without details complete signup first.
 */
export const indexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ href: destinationAfterLogin(context.auth, undefined), replace: true });
  },
});
