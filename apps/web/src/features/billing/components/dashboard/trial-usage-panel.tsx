import { Alert, Card, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CardSkeleton } from '../../../../components/page/page-skeleton';
import { errorMessage } from '../../../../lib/api-error';
import { formatCents } from '../../../../lib/money';
import { dashboardQueries, TRIAL_USERS_SHOWN } from '../../api/dashboard';
import { ScrollTable } from '../../../../components/table/scroll-table';
import { CardHeading } from './card-heading';

/**
 * Spec-2 §2.8: for users who manage trial usage, the new users still inside the guarantee window and what
 * they have been charged, which is refunded if they are deleted in time.
 */
export function TrialUsagePanel() {
  const { data, error } = useQuery(dashboardQueries.trialUsers());
  if (error) {
    return (
      <Alert color="red" role="alert" title="Could not load the trial usage">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!data) return <CardSkeleton label="Loading trial usage" />;
  const charged = data.rows.reduce((sum, row) => sum + row.amount, 0);
  return (
    <Card>
      <Stack gap="sm">
        <CardHeading title="Trial usage" to="/track_new_users" linkLabel="Track new users" />
        {data.total === 0 ? (
          <Text size="sm" c="dimmed">
            No new users are inside the guarantee window.
          </Text>
        ) : (
          <>
            <Text size="sm">
              {data.total === 1 ? '1 new user is' : `${data.total} new users are`} inside the guarantee window
              {data.total <= TRIAL_USERS_SHOWN ? `, charged ${formatCents(charged)} so far` : ''}.
            </Text>
            <ScrollTable label="New users in the guarantee window">
              <Table verticalSpacing={6} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>User</Table.Th>
                    <Table.Th ta="right">Days left</Table.Th>
                    <Table.Th ta="right">Charged</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.username}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{row.username}</Table.Td>
                      <Table.Td ta="right">{row.days_remaining_trial}</Table.Td>
                      <Table.Td ta="right">{formatCents(row.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </>
        )}
      </Stack>
    </Card>
  );
}
