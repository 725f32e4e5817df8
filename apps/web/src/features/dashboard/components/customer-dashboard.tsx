import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { Link } from '@tanstack/react-router';
import { CompanySummaryCard } from './company-summary-card';

interface CustomerDashboardProps {
  auth: AuthContext;
}

export function CustomerDashboard({ auth }: CustomerDashboardProps) {
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      <CompanySummaryCard auth={auth}>
        <Group gap="md">
          <Anchor component={Link} to="/topup">
            Add Credit
          </Anchor>
        </Group>
      </CompanySummaryCard>
    </Stack>
  );
}
