import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { type TwoFactorStatus, useDisableTwoFactor, useTwoFactor } from '../api';
import { twoFactorStatusLabel } from '../api/two-factor-label';
import { TotpSetup } from './totp-setup';
import { WebauthnSetup } from './webauthn-setup';
import { PageHeader } from '../../../components/page/page-header';
import { CardSkeleton } from '../../../components/page/page-skeleton';

interface TwoFactorPageProps {
  email: string;
  /** The company requires two-factor and this user has none yet. */
  required: boolean;
}

function DeviceList({ devices }: { devices: TwoFactorStatus['webauthn_devices'] }) {
  if (devices.length === 0) return null;
  return (
    <Table aria-label="Security keys and passkeys" maw={560}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Device</Table.Th>
          <Table.Th>Added</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {devices.map((device) => (
          <Table.Tr key={device.id}>
            <Table.Td>{device.name}</Table.Td>
            <Table.Td>{formatDateTime(device.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function StatusPanel({ status }: { status: TwoFactorStatus }) {
  const disable = useDisableTwoFactor(status.method);
  const askAndDisable = async () => {
    const yes = await confirmYesNo({
      title: 'Disable two-factor authentication',
      message: 'Turn off two-factor authentication and forget every registered device? Signing in will need only your password.',
      yesLabel: 'Disable',
      noLabel: 'Cancel',
    });
    if (yes) disable.mutate();
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group gap="xs">
          <Text fw={500}>Status:</Text>
          <Text>{twoFactorStatusLabel(status.method)}</Text>
          {status.enabled_at && <Text>{`since ${formatDateTime(status.enabled_at)}`}</Text>}
        </Group>
        <DeviceList devices={status.webauthn_devices} />
        {disable.isError && (
          <Alert color="red" role="alert">
            {errorMessage(disable.error)}
          </Alert>
        )}
        {status.method !== 'none' && (
          <Group>
            <Button color="red" variant="outline" loading={disable.isPending} onClick={() => void askAndDisable()}>
              Disable
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** /setup_two_factor: the status, TOTP and WebAuthn setup, Disable, and the recovery options. */
export function TwoFactorPage({ email, required }: TwoFactorPageProps) {
  const status = useTwoFactor();
  const method = status.data?.method;
  return (
    <Stack maw={860}>
      <PageHeader title="Two-factor authentication" description="A code from an app or a security key, asked for after your password." />
      {required && method === 'none' && (
        <Alert color="yellow" role="status" title="Two-factor authentication is required">
          Your company requires two-factor authentication. Set it up below to continue using the portal.
        </Alert>
      )}
      {status.error && (
        <Alert color="red" role="alert" title="Error">
          {errorMessage(status.error)}
        </Alert>
      )}
      {status.isPending && <CardSkeleton label="Loading two-factor status" />}
      {status.data && (
        <>
          <StatusPanel status={status.data} />
          {method === 'none' && <TotpSetup email={email} />}
          {method !== 'totp' && <WebauthnSetup hasDevices={status.data.webauthn_devices.length > 0} />}
        </>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Recovery
          </Title>
          <Text size="sm">If you lose your device, these let you back into your account.</Text>
          <Group>
            <Anchor component={Link} to="/passphrase">
              Recovery passphrase
            </Anchor>
            <Anchor component={Link} to="/security_questions">
              Security questions
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
