import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DISPLAY_TIME_ZONE, formatDateTime, fromUnixSeconds } from '../../../lib/dates';

interface PendingDeletePageProps {
  /** Seconds since the epoch, from the will_delete_at search parameter. */
  willDeleteAt?: number | undefined;
}

/** Shown instead of signing in when the user's company is pending delete. */
export function PendingDeletePage({ willDeleteAt }: PendingDeletePageProps) {
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
        <Anchor component={Link} to="/login">
          Back to log in
        </Anchor>
      </Stack>
    </Paper>
  );
}
