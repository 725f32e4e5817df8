import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from './signed-in';

export const topupRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/topup',
}).lazy(() => import('./topup.lazy').then((m) => m.Route));
