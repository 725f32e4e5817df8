import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** As admin/storage/list's access: admins only (spec-1 §6, managing storage links). */
export const MANAGE_STORAGE_REQUIREMENT: Requirement = { roles: ['admin'] };

export const manageStorageRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/manage_storage',
  beforeLoad: ({ context }) => requireAccess(context.auth, MANAGE_STORAGE_REQUIREMENT),
}).lazy(() => import('./manage-storage.lazy').then((m) => m.Route));
