import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { IconAlertTriangle, IconClockHour4, IconCreditCard } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { showInformation } from '../../../components/confirm/show-information';
import { notifySuccess } from '../../../components/feedback/notify';
import { isApiError } from '../../../lib/api-error';
import { DISPLAY_TIME_ZONE, formatDate, formatDateTime, fromUnixSeconds } from '../../../lib/dates';
import { suspensionQuery, useReactivateCompany } from '../../companies/api';
import { explainSuspension } from '../../companies/api/suspension-reasons';
import { trialDaysLeft, trialDaysLeftLabel } from '../lib/trial';

export const REACTIVATED = 'Account reactivated';
const UNKNOWN_ERROR = 'Unknown error';

interface StatusLayoutProps {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

function StatusLayout({ icon, color, title, children, action }: StatusLayoutProps) {
  return (
    <Card style={{ borderLeft: `3px solid var(--mantine-color-${color}-filled)` }}>
      <Group justify="space-between" align="center" gap="md">
        <Group align="flex-start" gap="md" wrap="nowrap" style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {title}
            </Title>
            {children}
          </Stack>
        </Group>
        {action}
      </Group>
    </Card>
  );
}

function PendingDeleteStatus({ willDeleteAt }: { willDeleteAt: number | null }) {
  const reactivate = useReactivateCompany();
  // The auth context reloads after the call (the mutation invalidates it), so this card goes away on success.
  const reactivateAccount = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => notifySuccess(REACTIVATED),
      onError: (error) =>
        void showInformation({
          title: 'Reactivation failed',
          message: isApiError(error) && error.message ? error.message : UNKNOWN_ERROR,
        }),
    });

  return (
    <StatusLayout
      icon={<IconAlertTriangle size={22} stroke={1.6} />}
      color="red"
      title="Account pending deletion"
      action={
        <Button loading={reactivate.isPending} onClick={reactivateAccount}>
          Reactivate
        </Button>
      }
    >
      <Text size="sm">
        {willDeleteAt === null ? (
          'This account is scheduled for deletion.'
        ) : (
          <>
            This account and its data will be deleted on <strong>{formatDateTime(fromUnixSeconds(willDeleteAt))}</strong> (
            {DISPLAY_TIME_ZONE} time).
          </>
        )}{' '}
        Reactivate it to keep it. Pending charges may apply.
      </Text>
    </StatusLayout>
  );
}

function TrialStatus({ expiresAt }: { expiresAt: string | null }) {
  if (expiresAt === null) {
    return (
      <StatusLayout icon={<IconClockHour4 size={22} stroke={1.6} />} color="brand" title="Trial">
        <Text size="sm">Your company is on a trial.</Text>
      </StatusLayout>
    );
  }
  return (
    <StatusLayout
      icon={<IconClockHour4 size={22} stroke={1.6} />}
      color="brand"
      title={`Trial: ${trialDaysLeftLabel(trialDaysLeft(expiresAt)).toLowerCase()}`}
    >
      <Text size="sm">Your trial ends on {formatDate(expiresAt)}.</Text>
    </StatusLayout>
  );
}

const HELP_ACTIONS = {
  add_credit: { to: '/topup', label: 'Add credit' },
  choose_plan: { to: '/my_plan', label: 'Choose a plan' },
  contact_support: { to: '/tickets/create', label: 'Contact support' },
} as const;

/** The suspension's real reason and the one action that helps (docs/decisions/0087). */
function SuspendedStatus() {
  const suspension = suspensionQuery.useQuery();
  const explained = suspension.data ? explainSuspension(suspension.data) : null;
  const action = explained ? HELP_ACTIONS[explained.help] : null;
  return (
    <StatusLayout
      icon={<IconCreditCard size={22} stroke={1.6} />}
      color="orange"
      title="Account suspended"
      action={
        action && (
          <Button component={Link} to={action.to}>
            {action.label}
          </Button>
        )
      }
    >
      <Text size="sm">{explained?.message ?? 'Your account is suspended.'}</Text>
    </StatusLayout>
  );
}

interface AccountStatusCardProps {
  auth: Pick<AuthContext, 'state' | 'trial_expires_at' | 'will_delete_at'>;
}

/** What needs the customer's attention about their account, with the action for it; nothing while all is well. */
export function AccountStatusCard({ auth }: AccountStatusCardProps) {
  switch (auth.state) {
    case 'PENDING_DELETE':
      return <PendingDeleteStatus willDeleteAt={auth.will_delete_at} />;
    case 'TRIAL':
      return <TrialStatus expiresAt={auth.trial_expires_at} />;
    case 'SUSPENDED':
      return <SuspendedStatus />;
    default:
      return null;
  }
}
