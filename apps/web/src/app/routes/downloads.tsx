import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** Any signed-in user: the list call is open to every role. */
export const DOWNLOADS_REQUIREMENT: Requirement = { roles: ['any'] };

export const downloadsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/downloads',
  beforeLoad: ({ context }) => requireAccess(context.auth, DOWNLOADS_REQUIREMENT),
}).lazy(() => import('./downloads.lazy').then((m) => m.Route));
