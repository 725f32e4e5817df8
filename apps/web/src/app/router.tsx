import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './route-error';
import { dashboardRoute } from './routes/dashboard';
import { dashboardAdminRoute } from './routes/dashboard-admin';
import { dashboardDistributorRoute } from './routes/dashboard-distributor';
import { indexRoute } from './routes/index';
import { loginRoute } from './routes/login';
import { pendingDeleteRoute } from './routes/pending-delete';
import { publicRoute } from './routes/public';
import { rootRoute } from './routes/root';
import { signedInRoute } from './routes/signed-in';
import { topupRoute } from './routes/topup';
import { usersRoute } from './routes/users';

export const routeTree = rootRoute.addChildren([
  publicRoute.addChildren([loginRoute, pendingDeleteRoute]),
  signedInRoute.addChildren([indexRoute, dashboardRoute, dashboardDistributorRoute, dashboardAdminRoute, topupRoute, usersRoute]),
]);

/** `history` is for tests (memory history); the app uses the browser's. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    // The spec: preload on intent, 5 s stale time, restore scroll position.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 5000,
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => null,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
