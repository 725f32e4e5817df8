import { Button, Center, Loader, RingProgress, Stack, Text, Title } from '@mantine/core';
import { HOSTED_FAILURES } from '@portal/contract/servers/hosted';
import { hostedDescribe } from '@portal/contract/servers/hosted';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../../components/page/page-header';
import { defineQuery } from '../../../../lib/call-hooks';
import { asyncTaskQuery } from '../../api/hosted';
import { COUNTDOWN_SECONDS, type ProvisionPhase, consoleLoginUrl, provisionPhase } from '../../lib/provision';

const POLL_MS = 2000;
const consoleQuery = defineQuery(hostedDescribe);

/** Seconds since the screen opened, ticking each second. */
function useElapsedSeconds() {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (now - started) / 1000;
}

function Ready({ hostedServerId }: { hostedServerId: number }) {
  const navigate = useNavigate();
  const details = consoleQuery.useQuery({ target_hosted_server_id: hostedServerId });
  return (
    <Stack align="center" gap="md" role="status">
      {details.data ? (
        <>
          <Text>
            {details.data.server_name} answers at <strong>{details.data.user_dns}</strong>. Sign in as{' '}
            <strong>{details.data.admin_username}</strong> with the password <code>{details.data.admin_password}</code>.
          </Text>
          <Button
            size="md"
            onClick={() => {
              window.open(consoleLoginUrl(details.data.user_dns), '_blank', 'noopener,noreferrer');
              void navigate({ to: '/dashboard' });
            }}
          >
            Login
          </Button>
        </>
      ) : (
        <Loader aria-label="Loading the server's details" />
      )}
    </Stack>
  );
}

/** The page's heading follows the build: a ready console's page no longer says it is being created. */
const PAGE_TITLES: Record<ProvisionPhase['kind'], string> = {
  countdown: 'Creating your server',
  building: 'Creating your server',
  ready: 'Your server is ready',
  failed: 'Your server was not created',
};

/** /provision_server: 'Seconds To Liftoff' while the task runs, then still building, then the failure (spec-2 §2.11). */
export function ProvisionServerPage({ task }: { task: number }) {
  const elapsed = useElapsedSeconds();
  const polled = useQuery({
    ...asyncTaskQuery.options({ target_async_task_id: task }),
    enabled: task > 0,
    refetchInterval: (q) => (q.state.data?.data.completed_at ? false : POLL_MS),
  });
  const phase = task > 0 && !polled.error ? provisionPhase(elapsed, polled.data) : { kind: 'failed' as const };
  return (
    <>
      <PageHeader title={PAGE_TITLES[phase.kind]} />
      <Center py="xl">
        {phase.kind === 'countdown' ? (
          <Stack align="center" gap="xs" role="status">
            <RingProgress
              size={180}
              thickness={10}
              sections={[{ value: ((COUNTDOWN_SECONDS - phase.secondsLeft) / COUNTDOWN_SECONDS) * 100, color: 'blue' }]}
              label={
                <Text ta="center" fz={40} fw={700}>
                  {phase.secondsLeft}
                </Text>
              }
            />
            <Title order={2}>Seconds To Liftoff</Title>
            <Text c="dimmed">Your hosted management console is being built.</Text>
          </Stack>
        ) : phase.kind === 'building' ? (
          <Stack align="center" gap="xs" role="status">
            <Loader size="lg" aria-label="Still building" />
            <Title order={2}>Still building…</Title>
            <Text c="dimmed">This is taking a little longer than usual.</Text>
          </Stack>
        ) : phase.kind === 'ready' ? (
          <Ready hostedServerId={phase.hostedServerId} />
        ) : (
          <Stack align="center" gap="md" role="alert">
            <Title order={2}>{HOSTED_FAILURES.provisionTitle}</Title>
            <Text>{HOSTED_FAILURES.provisionText}</Text>
            <Button component={Link} to="/my_servers">
              Go Back
            </Button>
          </Stack>
        )}
      </Center>
    </>
  );
}
