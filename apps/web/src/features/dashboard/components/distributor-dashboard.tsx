import { Stack, Title } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { CompanySummaryCard } from './company-summary-card';

interface DistributorDashboardProps {
  auth: AuthContext;
}

export function DistributorDashboard({ auth }: DistributorDashboardProps) {
  return (
    <Stack>
      <Title order={1}>Sub-Accounts</Title>
      <CompanySummaryCard auth={auth} />
    </Stack>
  );
}
