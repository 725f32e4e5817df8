import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from './signed-in';

export const resourceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/resource',
}).lazy(() => import('./resource.lazy').then((m) => m.Route));
