import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { type ActiveSession, type RevokeSessionInput, useRevokeSession, useSessions } from '../api';
import { deviceName } from './device-name';
import { TableSkeleton } from '../../../components/page/page-skeleton';

/**
 * The signed-in user's sessions, with a way to end any other one, or all of them. A list of cards rather
 * than a table: a session's few facts wrap at any width, so nothing scrolls sideways on a phone.
 */
export function ActiveSessions() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const rows = sessions.data ?? [];
  const others = rows.filter((session) => !session.is_current);

  const signOut = async (input: RevokeSessionInput, question: string, done: string) => {
    if (!(await confirmYesNo({ title: 'Sign out', message: question, yesLabel: 'Sign out', noLabel: 'Cancel' }))) return;
    revoke.mutate(input, {
      onSuccess: () => notifySuccess(done),
      onError: (error) => notifyFailure('Failed to sign out', error),
    });
  };

  const signOutOne = (session: ActiveSession) =>
    signOut(
      { target_session_id: session.id },
      `Sign out ${deviceName(session.user_agent)} (${session.ip})? It will need to sign in again.`,
      'Session signed out',
    );

  return (
    <Stack component="section" aria-labelledby="active-sessions-heading">
      <Group justify="space-between">
        <Title order={2} size="h3" id="active-sessions-heading">
          Active sessions
        </Title>
        <Button
          variant="default"
          disabled={others.length === 0}
          loading={revoke.isPending}
          onClick={() =>
            void signOut(
              { all_other: true },
              'Sign out every other session of your account? Only this browser stays signed in.',
              'Other sessions signed out',
            )
          }
        >
          Sign out all other sessions
        </Button>
      </Group>
      {sessions.error && (
        <Alert color="red" role="alert">
          {errorMessage(sessions.error)}
        </Alert>
      )}
      {sessions.isPending ? (
        <TableSkeleton label="Loading sessions" rows={3} />
      ) : (
        <Stack component="ul" aria-labelledby="active-sessions-heading" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((session) => (
            <Paper component="li" key={session.id} withBorder radius="md" p="sm">
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    {/* The raw string stays at hand for the curious, on hover. */}
                    <Text fw={500} title={session.user_agent || undefined}>
                      {deviceName(session.user_agent)}
                    </Text>
                    {session.is_current && <Badge color="green">This session</Badge>}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {session.ip} · Signed in {formatDateTime(session.created_at)} · Last seen {formatDateTime(session.last_seen_at)}
                  </Text>
                </Stack>
                {!session.is_current && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => void signOutOne(session)}
                    aria-label={`Sign out ${deviceName(session.user_agent)} from ${session.ip}, last seen ${formatDateTime(session.last_seen_at)}`}
                  >
                    Sign out
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
