import { createRoute } from '@tanstack/react-router';
import { REPORT_TABS } from '../../features/reports/report-tabs';
import { requireAccess } from '../route-guards';
import { oneOf, searchSchema } from '../../lib/search-params';
import { signedInRoute } from './signed-in';

const reportsSearch = searchSchema({ restrict: oneOf(REPORT_TABS) });

// restrict picks the tab (spec-2 §2.1: currentMonth, churn or customerUsage; none is Downloads).
export const reportsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports',
  validateSearch: (search) => reportsSearch.parse(search),
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['admin'] }),
}).lazy(() => import('./reports.lazy').then((m) => m.Route));
