import { createRoute } from '@tanstack/react-router';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

export const ticketRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/tickets/$ticketId',
  beforeLoad: ({ context }) => requireAccess(context.auth, { capability: 'use_tickets_page' }),
}).lazy(() => import('./ticket.lazy').then((m) => m.Route));
