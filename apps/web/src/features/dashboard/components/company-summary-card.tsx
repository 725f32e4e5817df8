import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { ReactNode } from 'react';
import { COMPANY_STATE_COLOR, COMPANY_STATE_LABEL } from '../../companies/api/company-states';

interface CompanySummaryCardProps {
  auth: Pick<AuthContext, 'contact_name' | 'email' | 'company_name' | 'state' | 'customer_trial_length_days'>;
  children?: ReactNode;
}

/** Who is signed in and the company's state; dashboards add their own links below. */
export function CompanySummaryCard({ auth, children }: CompanySummaryCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" maw={640}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              {auth.company_name}
            </Title>
            <Text size="sm">Signed in as {auth.contact_name || auth.email}</Text>
          </div>
          <Badge color={COMPANY_STATE_COLOR[auth.state]} size="lg">
            {COMPANY_STATE_LABEL[auth.state]}
          </Badge>
        </Group>
        {auth.state === 'TRIAL' && <Text size="sm">Your trial lasts {auth.customer_trial_length_days} days.</Text>}
        {auth.state === 'SUSPENDED' && <Text size="sm">Your account is suspended. Add credit to resume your services.</Text>}
        {children}
      </Stack>
    </Card>
  );
}
