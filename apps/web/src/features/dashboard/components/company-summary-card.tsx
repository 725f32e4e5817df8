import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';
import { COMPANY_STATE_COLOR, COMPANY_STATE_LABEL } from '../../companies/api/company-states';
import { trialDaysLeft, trialDaysLeftLabel } from '../lib/trial';

interface CompanySummaryCardProps {
  auth: Pick<AuthContext, 'contact_name' | 'email' | 'company_name' | 'state' | 'trial_expires_at'>;
  children?: ReactNode;
  /** The trial and suspension lines; off where a status card of its own says the same (the customer dashboard). */
  showStatus?: boolean;
}

/** Who is signed in and the company's state (with a trial's days left); dashboards add their own links below. */
export function CompanySummaryCard({ auth, children, showStatus = true }: CompanySummaryCardProps) {
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {auth.company_name}
            </Title>
            <Text size="sm" c="dimmed" truncate="end">
              Signed in as {auth.contact_name || auth.email}
            </Text>
          </Stack>
          <Badge color={COMPANY_STATE_COLOR[auth.state]} size="lg" style={{ flexShrink: 0 }}>
            {COMPANY_STATE_LABEL[auth.state]}
          </Badge>
        </Group>
        {showStatus && auth.state === 'TRIAL' && auth.trial_expires_at && (
          <Text size="sm">
            Trial: {trialDaysLeftLabel(trialDaysLeft(auth.trial_expires_at)).toLowerCase()} (ends {formatDate(auth.trial_expires_at)}).
          </Text>
        )}
        {showStatus && auth.state === 'SUSPENDED' && <Text size="sm">Your account is suspended.</Text>}
        {children}
      </Stack>
    </Card>
  );
}
