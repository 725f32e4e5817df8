import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { type ActiveSession, type RevokeSessionInput, useRevokeSession, useSessions } from '../api';

/** The signed-in user's sessions, with a way to end any other one, or all of them. */
export function ActiveSessions() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [failure, setFailure] = useState<string | null>(null);
  const rows = sessions.data ?? [];
  const others = rows.filter((session) => !session.is_current);

  const signOut = async (input: RevokeSessionInput, message: string) => {
    if (!(await confirmYesNo({ title: 'Sign out', message }))) return;
    setFailure(null);
    revoke.mutate(input, { onError: (error) => setFailure(`Failed to sign out: ${errorMessage(error)}`) });
  };

  const signOutOne = (session: ActiveSession) =>
    signOut({ target_session_id: session.id }, `Sign out the session on ${session.user_agent || 'an unknown device'}?`);

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
          onClick={() => signOut({ all_other: true }, 'Sign out every other session of your account?')}
        >
          Sign out all other sessions
        </Button>
      </Group>
      {sessions.error && <Alert color="red" role="alert">{`Error: ${errorMessage(sessions.error)}`}</Alert>}
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {sessions.isPending ? (
        <Loader aria-label="Loading sessions" />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-labelledby="active-sessions-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm" lineClamp={2}>
                        {session.user_agent || 'Unknown device'}
                      </Text>
                      {session.is_current && <Badge color="green">This session</Badge>}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{session.ip}</Table.Td>
                  <Table.Td>{formatDateTime(session.created_at)}</Table.Td>
                  <Table.Td>{formatDateTime(session.last_seen_at)}</Table.Td>
                  <Table.Td>
                    {!session.is_current && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void signOutOne(session)}
                        aria-label={`Sign out the session from ${session.ip}, last seen ${formatDateTime(session.last_seen_at)}`}
                      >
                        Sign out
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
