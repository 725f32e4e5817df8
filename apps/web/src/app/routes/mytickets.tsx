import { createRoute, redirect } from '@tanstack/react-router';
import { hasAccess } from '../../lib/access';
import { signedInRoute } from './signed-in';

/** The same roles as AdminTicketsList.json; anyone else goes to /support (spec-2 §6). */
export const MY_TICKETS_ROLES = ['admin', 'support'] as const;

export const myTicketsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/mytickets',
  beforeLoad: ({ context }) => {
    if (!hasAccess(context.auth, { roles: MY_TICKETS_ROLES })) throw redirect({ to: '/support' });
  },
}).lazy(() => import('./mytickets.lazy').then((m) => m.Route));
