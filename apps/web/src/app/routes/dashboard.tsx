import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from './signed-in';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
}).lazy(() => import('./dashboard.lazy').then((m) => m.Route));
