import { CompanyUsersPanel } from './company-users-panel';
import { PageHeader } from '../../../../components/page/page-header';

interface UsersPageProps {
  companyId: number;
  currentEmail: string;
}

/** /users: a customer manages the users of their own company. */
export function UsersPage({ companyId, currentEmail }: UsersPageProps) {
  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in to your company's account, and what they receive: billing or technical mail."
      />
      <CompanyUsersPanel companyId={companyId} listCompanyId={undefined} currentEmail={currentEmail} />
    </>
  );
}
