import { Stack, Title } from '@mantine/core';
import { CompanyUsersPanel } from './company-users-panel';

interface UsersPageProps {
  companyId: number;
  currentEmail: string;
}

/** /users: a customer manages the users of their own company. */
export function UsersPage({ companyId, currentEmail }: UsersPageProps) {
  return (
    <Stack>
      <Title order={1}>Users</Title>
      <CompanyUsersPanel companyId={companyId} listCompanyId={undefined} currentEmail={currentEmail} />
    </Stack>
  );
}
