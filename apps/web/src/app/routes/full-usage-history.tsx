import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { tableSearchSchema } from '../../components/data-table/table-search';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

// A day as YYYY-MM-DD (the page checks it against today); the contract's zDay would join the entry chunk, which /login loads.
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// From and To, and the table's search, page and page size, so a reload or a link keeps them.
const usageSearch = tableSearchSchema.extend({
  from: zDay.optional().catch(undefined),
  to: zDay.optional().catch(undefined),
});

export const fullUsageHistoryRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/full_usage_history',
  validateSearch: (search) => usageSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['customer'] }),
}).lazy(() => import('./full-usage-history.lazy').then((m) => m.Route));
