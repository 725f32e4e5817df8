import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Suspension } from '@portal/contract/companies/company-suspension';
import type { CompanyState } from '@portal/contract/shared/fields';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page/page-header';
import { explainSuspension } from '../../companies/api/suspension-reasons';

interface TopupPageProps {
  state: CompanyState;
  /** Why the company is suspended; undefined while it loads (or if it cannot be read). */
  suspension: Suspension | null | undefined;
  /** The payment options (cards, pay once, promo code), from the payments feature. */
  children?: ReactNode;
}

/** Why the account is suspended, with the one action that helps; payments follow below unless they do not help. */
function SuspendedAlert({ suspension }: { suspension: Suspension | undefined }) {
  const explained = suspension ? explainSuspension(suspension) : null;
  return (
    <Alert color="orange" title="Account suspended" icon={<IconAlertTriangle aria-hidden />}>
      <Stack gap="xs">
        <Text size="sm">{explained?.message ?? 'Your account is suspended.'}</Text>
        {explained?.help === 'choose_plan' && (
          <Group>
            <Button component={Link} to="/my_plan" size="xs">
              Choose a plan
            </Button>
          </Group>
        )}
        {explained?.help === 'contact_support' && (
          <Group>
            <Button component={Link} to="/tickets/create" size="xs">
              Contact support
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Where suspended users land after login; the route puts the payment options below. A suspension for credit ends
 * with the payment that brings the balance above zero, and the page then says so and leads to the dashboard.
 */
export function TopupPage({ state, suspension, children }: TopupPageProps) {
  const [wasSuspended] = useState(state === 'SUSPENDED');
  // Only staff lift a suspension of their own: paying would not help, so it is not offered.
  const paymentsHelp = state !== 'SUSPENDED' || suspension?.reason !== 'staff';
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Top up" description="Credit is held in US dollars and used daily for the services on your account." />
      {state === 'SUSPENDED' && <SuspendedAlert suspension={suspension ?? undefined} />}
      {wasSuspended && state === 'ACTIVE' && (
        <Alert color="green" title="Your account is active again" icon={<IconCircleCheck aria-hidden />}>
          <Group justify="space-between">
            <Text size="sm">Your services have resumed.</Text>
            <Button component={Link} to="/dashboard" size="xs">
              Go to the dashboard
            </Button>
          </Group>
        </Alert>
      )}
      {paymentsHelp && children}
    </Stack>
  );
}
