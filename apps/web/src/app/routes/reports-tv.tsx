import { createRoute } from '@tanstack/react-router';
import { internalRoute } from './internal';

/** /reports_tv: the wall display, signed in by its own username and password rather than a session. */
export const reportsTvRoute = createRoute({
  getParentRoute: () => internalRoute,
  path: '/reports_tv',
}).lazy(() => import('./reports-tv.lazy').then((m) => m.Route));
