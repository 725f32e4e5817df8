import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { CLOUDVIEW_FAILURES } from '@portal/contract/customer-portal/cloudview';
import { useQuery } from '@tanstack/react-query';
import { confirmTyped } from '../../../components/confirm/confirm-typed';
import { showInformation } from '../../../components/confirm/show-information';
import { notifySuccess } from '../../../components/feedback/notify';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { portalStatusQuery, useEnablePortal, useGeneratePortalLogin, useTerminatePortal } from '../api';
import { openLoginTab, pollInterval, postInTab, STATUS_COLORS, STATUS_LABELS } from '../lib/portal';

export interface CustomerPortalPanelProps {
  companyId: number;
  /** Staff may enable a portal (it starts a billable service); everyone with access may log in and terminate. */
  canEnable: boolean;
  /** A company that may not be changed (deleted): status only. */
  readOnly?: boolean;
}

/** spec-1 §8: a failed action is alerted as 'Error: message'. */
const failed = (error: unknown) => void showInformation({ title: 'Error', message: CLOUDVIEW_FAILURES.action(errorMessage(error)) });

/**
 * The company's customer portal (CloudView): its status, polled while it is provisioning, and its actions (Enable for
 * staff, Log In once ready, Terminate). Shown on /cloudview and in the company dialog.
 */
export function CustomerPortalPanel({ companyId, canEnable, readOnly = false }: CustomerPortalPanelProps) {
  const input = { target_company_id: companyId };
  const status = useQuery({ ...portalStatusQuery.options(input), refetchInterval: (query) => pollInterval(query.state.data) });
  const enable = useEnablePortal();
  const terminate = useTerminatePortal();
  const login = useGeneratePortalLogin();

  if (status.isPending) return <Text c="dimmed">Loading the customer portal…</Text>;
  if (status.error) return <Alert color="red">{CLOUDVIEW_FAILURES.status}</Alert>;
  const portal = status.data;

  const logIn = () => {
    // Opened by the click, so the browser allows it; the sign-in is posted into it once it arrives.
    const tab = openLoginTab(window);
    login.mutate(input, {
      onSuccess: (creds) => postInTab(document, tab.name, creds.login_url, creds.login_postdata),
      onError: (error) => {
        tab.close();
        failed(error);
      },
    });
  };
  const terminatePortal = async () => {
    const yes = await confirmTyped({
      title: 'Terminate the customer portal?',
      message: 'The portal is removed with everything in it, and its billing stops. This cannot be undone.',
      okLabel: 'Terminate',
    });
    if (yes) terminate.mutate(input, { onSuccess: () => notifySuccess('Customer portal terminated'), onError: failed });
  };
  const enablePortal = () =>
    enable.mutate(input, { onSuccess: () => notifySuccess('Customer portal enabled: it is being provisioned'), onError: failed });

  const current = portal.status;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={500}>Status:</Text>
        {current ? <Badge color={STATUS_COLORS[current]}>{STATUS_LABELS[current]}</Badge> : <Text>Not enabled</Text>}
        {portal.myclient_suspended && <Badge color="orange">Suspended</Badge>}
      </Group>
      {current === 'PROVISIONING' && <Text size="sm">The portal is being set up. This page updates by itself when it is ready.</Text>}
      {current === 'FAILED' && (
        <Alert color="red" title="The portal failed to start">
          {portal.failure_message}
        </Alert>
      )}
      {current === 'READY' && (
        <Text size="sm">
          Address:{' '}
          <Anchor href={portal.myclient_url} target="_blank" rel="noopener noreferrer">
            {portal.myclient_url}
          </Anchor>
          {portal.ready_at ? ` (ready since ${formatDateTime(portal.ready_at)})` : ''}
        </Text>
      )}
      {!readOnly && (
        <Group>
          {canEnable && (current === null || current === 'FAILED') && (
            <Button onClick={enablePortal} loading={enable.isPending}>
              {current === 'FAILED' ? 'Enable Again' : 'Enable Customer Portal'}
            </Button>
          )}
          {current === 'READY' && (
            <Button onClick={logIn} loading={login.isPending} disabled={portal.myclient_suspended}>
              Log In
            </Button>
          )}
          {current !== null && (
            <Button color="red" variant="light" onClick={() => void terminatePortal()} loading={terminate.isPending}>
              Terminate
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
