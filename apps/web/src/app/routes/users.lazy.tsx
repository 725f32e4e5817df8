import { createLazyRoute } from '@tanstack/react-router';
import { UsersPage } from '../../features/companies/components/company-users/users-page';
import { useSignedInAuth } from '../use-signed-in-auth';

function UsersRoute() {
  const auth = useSignedInAuth();
  return <UsersPage companyId={auth.company_id} currentEmail={auth.email} />;
}

export const Route = createLazyRoute('/signed-in/users')({ component: UsersRoute });
