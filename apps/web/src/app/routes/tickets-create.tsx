import { createRoute } from '@tanstack/react-router';
import { integer, searchSchema } from '../../lib/search-params';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

const createSearch = searchSchema({ target_company: integer(1, 2_147_483_647) });

export const ticketsCreateRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/tickets/create',
  validateSearch: (search) => createSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, { capability: 'use_tickets_page' }),
}).lazy(() => import('./tickets-create.lazy').then((m) => m.Route));
