import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as the admin download calls: admins only. */
export const MANAGE_DOWNLOADS_REQUIREMENT: Requirement = { roles: ['admin'] };

export const manageDownloadsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/manage_downloads',
  beforeLoad: ({ context }) => requireAccess(context.auth, MANAGE_DOWNLOADS_REQUIREMENT),
}).lazy(() => import('./manage-downloads.lazy').then((m) => m.Route));
