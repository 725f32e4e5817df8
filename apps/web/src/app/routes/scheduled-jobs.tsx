import { createRoute } from '@tanstack/react-router';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As the admin/scheduled-jobs/list call's access: admins only. */
export const scheduledJobsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/scheduled_jobs',
  beforeLoad: ({ context }) => requireAccess(context.auth, { roles: ['admin'] }),
}).lazy(() => import('./scheduled-jobs.lazy').then((m) => m.Route));
