import type { AuthContext } from '@portal/contract/auth/auth-context';
import { createRoute, redirect } from '@tanstack/react-router';
import { hasAccess } from '../../lib/access';
import { signedInRoute } from './signed-in';

/** spec-2 §6: admin and support work from /mytickets; users without the tickets page go to the dashboard. */
export function supportRedirect(auth: AuthContext): '/mytickets' | '/dashboard' | null {
  if (hasAccess(auth, { roles: ['admin', 'support'] })) return '/mytickets';
  if (!auth.capabilities.includes('use_tickets_page')) return '/dashboard';
  return null;
}

export const supportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/support',
  beforeLoad: ({ context }) => {
    const to = supportRedirect(context.auth);
    if (to) throw redirect({ to });
  },
}).lazy(() => import('./support.lazy').then((m) => m.Route));
