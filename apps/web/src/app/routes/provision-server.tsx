import { createRoute } from '@tanstack/react-router';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The creation task to follow (?task=<id>); the page shows the failure for a missing one. Without zod, to keep it out of the route tree. */
function provisionSearch(search: Record<string, unknown>): { task: number } {
  const task = Number(search.task);
  return { task: Number.isSafeInteger(task) && task > 0 ? task : 0 };
}

export const provisionServerRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/provision_server',
  validateSearch: provisionSearch,
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['customer', 'admin'] }),
}).lazy(() => import('./provision-server.lazy').then((m) => m.Route));
