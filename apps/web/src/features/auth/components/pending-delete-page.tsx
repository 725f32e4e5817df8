import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { showInformation } from '../../../components/confirm/show-information';
import { isApiError } from '../../../lib/api-error';
import { DISPLAY_TIME_ZONE, formatDateTime, fromUnixSeconds } from '../../../lib/dates';
import { useReactivateCompany } from '../../companies/api';
import { useAuthContext } from '../api';
import { LogoutButton } from './logout-button';
import { usePageTitle } from '../../../components/page/page-header';

export const REACTIVATE_UNKNOWN_ERROR = 'Unknown error';

interface PendingDeletePageProps {
  /** Seconds since the epoch, from the will_delete_at search parameter. */
  willDeleteAt?: number | undefined;
}

/** Shown instead of the dashboard when the user's company is pending delete. */
export function PendingDeletePage({ willDeleteAt }: PendingDeletePageProps) {
  const { data: auth } = useAuthContext();
  // No company given: the server reactivates the signed-in user's own company.
  const reactivate = useReactivateCompany();
  const navigate = useNavigate();
  usePageTitle('Account pending deletion');

  // Either way the user ends on the dashboard (spec §4); a failure is explained first.
  const reactivateAccount = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => void navigate({ to: '/dashboard' }),
      onError: async (error) => {
        const message = isApiError(error) && error.message ? error.message : REACTIVATE_UNKNOWN_ERROR;
        await showInformation({ title: 'Reactivation failed', message });
        await navigate({ to: '/dashboard' });
      },
    });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={520} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">
          Account pending deletion
        </Title>
        {willDeleteAt === undefined ? (
          <Text>This account is scheduled for deletion.</Text>
        ) : (
          <Text>
            This account is scheduled for deletion on{' '}
            <Text component="strong" fw={700}>
              {formatDateTime(fromUnixSeconds(willDeleteAt))}
            </Text>{' '}
            ({DISPLAY_TIME_ZONE} time).
          </Text>
        )}
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title="Warning">
          Pending charges may apply.
        </Alert>
        <Button color="teal.9" loading={reactivate.isPending} onClick={reactivateAccount}>
          Reactivate
        </Button>
        {/* The login answer signs a pending-delete user in, so that Reactivate can act; leaving means logging out. */}
        {auth ? (
          <Group>
            <LogoutButton />
          </Group>
        ) : (
          <Anchor component={Link} to="/login">
            Back to log in
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
