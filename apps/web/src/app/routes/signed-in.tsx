import { createRoute, redirect, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authContextQueryOptions, useAuthContext } from '../../features/auth/api';
import { AppLayout } from '../app-layout';
import { requireTwoFactorSetup } from '../route-guards';
import { rootRoute } from './root';

function SignedInLayout() {
  const { data: auth } = useAuthContext();
  const router = useRouter();
  // The session can end while a page is open (expiry, logout elsewhere). Re-running the guard below
  // sends the user to /login with this page in redirect_to, exactly as a fresh visit would.
  useEffect(() => {
    if (auth === null) void router.invalidate();
  }, [auth, router]);
  if (!auth) return null;
  return <AppLayout auth={auth} />;
}

/** Pathless parent of every page that needs a session; signed-out visitors go to /login?redirect_to=<path>. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    // fetchQuery, not ensureQueryData: after a sign-in change invalidates ['auth'] the guard must ask again.
    const auth = await context.queryClient.fetchQuery(authContextQueryOptions());
    if (!auth) throw redirect({ to: '/login', search: { redirect_to: location.href } });
    requireTwoFactorSetup(auth, location.pathname);
    return { auth };
  },
  component: SignedInLayout,
});
