import { Stack, Table, Text } from '@mantine/core';
import { DAILY_STATS_WINDOW_DAYS } from '@portal/contract/billing/daily-stats';
import { TableSkeleton } from '../../../../components/page/page-skeleton';
import { dailyStatsQuery } from '../../api';
import { formatBytes } from '../../lib/bytes';
import { ScrollTable } from '../../../../components/table/scroll-table';
import { DialogLoadError } from '../../../../components/feedback/dialog-load-error';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The company drawer's Reports tab (admins, customer companies): what the company ran each of the last
 * 60 days, newest first, as its servers reported it (spec-2 §7 daily stats).
 */
export function DailyStatsTab({ companyId }: { companyId: number }) {
  const { data, error, refetch } = dailyStatsQuery.useQuery({ target_company_ids: [companyId] });
  if (error) return <DialogLoadError error={error} onRetry={() => void refetch()} />;
  if (!data) return <TableSkeleton label="Loading daily stats" rows={6} columns={6} />;
  const rows = [...data.rows].reverse();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Daily stats of the last {DAILY_STATS_WINDOW_DAYS} days, {data.from} to {data.to}.
      </Text>
      {rows.length === 0 ? (
        <Text size="sm">No daily stats were reported in these days.</Text>
      ) : (
        <ScrollTable label="Daily stats">
          <Table miw={640} verticalSpacing={6} fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Devices</Table.Th>
                <Table.Th ta="right">Boosters</Table.Th>
                <Table.Th ta="right">Hosted servers</Table.Th>
                <Table.Th ta="right">CloudView</Table.Th>
                <Table.Th ta="right">Storage</Table.Th>
                <Table.Th>Server version</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.date}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
                  <Table.Td ta="right">{count(row.device_count)}</Table.Td>
                  <Table.Td ta="right">{count(row.booster_count)}</Table.Td>
                  <Table.Td ta="right">{count(row.hosted_comet_v2_count)}</Table.Td>
                  <Table.Td ta="right">{count(row.cloudview_count)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(row.storage_amount_bytes)}
                  </Table.Td>
                  <Table.Td>{row.server_version ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
