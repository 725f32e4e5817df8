import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { authContextQueryOptions } from './features/auth/api/session';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Every first page asks who is signed in (the route guards' beforeLoad); asked now, the call goes out ahead of the
// page's scripts instead of queueing behind them, and the guards' fetchQuery joins it. Not with a sign-in link
// (?t=), which signs in as soon as its page is up: a signed-out answer still on its way must not land after it.
if (!new URLSearchParams(window.location.search).has('t')) void queryClient.prefetchQuery(authContextQueryOptions());

// The first page's code starts loading now, beside the session check: the router asks for a route's lazy chunks
// only once every beforeLoad (the auth call) has answered, a round trip later. A signed-out visitor to a
// signed-in page fetches that page's code for nothing before landing on /login; every other first visit
// shows its page sooner (docs/design.md, Performance notes).
for (const route of router.getMatchedRoutes(router.state.location.pathname)[0]) {
  void router.loadRouteChunk(route)?.catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </Providers>
  </StrictMode>,
);
