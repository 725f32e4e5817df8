import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as admin/career_tests' access: admins only. */
export const CAREER_TESTS_REQUIREMENT: Requirement = { roles: ['admin'] };

export const careersTestsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/careers/tests',
  beforeLoad: ({ context }) => requireAccess(context.auth, CAREER_TESTS_REQUIREMENT),
}).lazy(() => import('./careers-tests.lazy').then((m) => m.Route));
