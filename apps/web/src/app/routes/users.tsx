import { createRoute } from '@tanstack/react-router';
import { companyUsersQueryOptions } from '../../features/companies/api';
import { UsersPage } from '../../features/companies/components/company-users/users-page';
import type { Requirement } from '../../lib/access';
import { preloaded } from '../../lib/call-hooks';
import { requireAccess } from '../route-guards';
import { useSignedInAuth } from '../use-signed-in-auth';
import { signedInRoute } from './signed-in';

export const USERS_REQUIREMENT: Requirement = { roles: ['customer'], capability: 'edit_users' };

function UsersRoute() {
  const auth = useSignedInAuth();
  return <UsersPage companyId={auth.company_id} currentEmail={auth.email} />;
}

export const usersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/users',
  beforeLoad: ({ context }) => requireAccess(context.auth, USERS_REQUIREMENT),
  // The page lists the signed-in user's own company: no company id.
  loader: ({ context: { queryClient } }) => preloaded([queryClient.ensureQueryData(companyUsersQueryOptions(undefined))]),
  component: UsersRoute,
});
