import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../not-found';

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // The spec's "unknown routes render nothing" is about the content, not the shell: the layout stays, with a
  // short 'Page not found' and a link home (docs/decisions/0016).
  notFoundComponent: NotFoundPage,
});
