import { createRoute, redirect } from '@tanstack/react-router';
import { roleHome } from '../../features/auth/role-home';
import { signedInRoute } from './signed-in';

/** '/' has no page of its own: it is the signed-in user's home. */
export const indexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ to: roleHome(context.auth), replace: true });
  },
});
