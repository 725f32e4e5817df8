import { createRoute } from '@tanstack/react-router';
import type { Requirement } from '../../lib/access';
import { requireAccess } from '../route-guards';
import { signedInRoute } from './signed-in';

/** The same as PreviewDebugEmail's access: admins only. */
export const EMAIL_TEMPLATES_REQUIREMENT: Requirement = { roles: ['admin'] };

export const manageEmailTemplatesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/manage_email_templates',
  beforeLoad: ({ context }) => requireAccess(context.auth, EMAIL_TEMPLATES_REQUIREMENT),
}).lazy(() => import('./manage-email-templates.lazy').then((m) => m.Route));
