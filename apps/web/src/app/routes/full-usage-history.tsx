import { createRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '../../components/data-table/table-search';
import { requireAccess } from '../route-guards';
import { matching } from '../../lib/search-params';
import { signedInRoute } from './signed-in';

// A day as YYYY-MM-DD (the page checks it against today); the contract's zDay would bring zod into the first load.
const day = matching(/^\d{4}-\d{2}-\d{2}$/);

// From and To, and the table's search, page and page size, so a reload or a link keeps them.
const usageSearch = tableSearchSchema.extend({
  from: day,
  to: day,
});

export const fullUsageHistoryRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/full_usage_history',
  validateSearch: (search) => usageSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['customer'] }),
}).lazy(() => import('./full-usage-history.lazy').then((m) => m.Route));
