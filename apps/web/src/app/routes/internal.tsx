import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';

/**
 * Pathless parent of the internal pages (spec-2 §2.1: /_internal), which have a layout of their own; the layout
 * loads with its first page, never on the others.
 */
export const internalRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'internal',
}).lazy(() => import('./internal.lazy').then((m) => m.Route));
