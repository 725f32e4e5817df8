import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** Any signed-in user, as /downloads. */
export const OLD_VERSIONS_REQUIREMENT: Requirement = { roles: ['any'] };

export const oldVersionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/oldversions',
  beforeLoad: ({ context }) => requireAccess(context.auth, OLD_VERSIONS_REQUIREMENT),
}).lazy(() => import('./oldversions.lazy').then((m) => m.Route));
