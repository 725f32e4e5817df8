import { createRoute, Navigate, redirect, useRouterState } from '@tanstack/react-router';
import { authContextQueryOptions, useAuthContext } from '../../features/auth/api/get-auth-context';
import { AppLayout } from '../app-layout';
import { rootRoute } from './root';

function SignedInLayout() {
  const { data: auth } = useAuthContext();
  const href = useRouterState({ select: (state) => state.location.href });
  // The session can end while a page is open (expiry, logout elsewhere): go to login and come back after.
  if (!auth) return <Navigate to="/login" search={{ redirect_to: href }} replace />;
  return <AppLayout auth={auth} />;
}

/** Pathless parent of every page that needs a session; signed-out visitors go to /login?redirect_to=<path>. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const auth = await context.queryClient.ensureQueryData(authContextQueryOptions());
    if (!auth) throw redirect({ to: '/login', search: { redirect_to: location.href } });
    return { auth };
  },
  component: SignedInLayout,
});
