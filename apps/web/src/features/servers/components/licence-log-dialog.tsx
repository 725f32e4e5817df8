import { Alert, Table, Text } from '@mantine/core';
import type { SelfHostedRow } from '@portal/contract/servers/server-tables';
import { Modal } from '../../../components/modal/modal';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { serialLogsQuery } from '../api';
import { displayName } from '../lib/licence-rules';

/** The licence's log on /my_servers (spec-2 §2.11 logs): its recent check-ins, newest first, and what each got. */
export function LicenceLogDialog({ row, onClose }: { row: SelfHostedRow; onClose: () => void }) {
  const logs = serialLogsQuery.useQuery({ serial: row.serial_number });
  const entries = logs.data?.logs ?? [];
  return (
    <Modal opened onClose={onClose} size="xl" title={`Log of ${displayName(row)}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      {logs.error ? <Alert color="red">{errorMessage(logs.error)}</Alert> : null}
      {logs.isLoading ? <TableSkeleton label="Loading the log" /> : null}
      {logs.data && entries.length === 0 ? (
        <Text size="sm">No check-ins yet: the log fills once a server uses this serial number.</Text>
      ) : null}
      {entries.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table fz="sm" aria-label={`Check-ins of ${displayName(row)}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>IP address</Table.Th>
                <Table.Th>Hardware ID</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th ta="right">Devices</Table.Th>
                <Table.Th ta="right">Boosters</Table.Th>
                <Table.Th>Outcome</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((l) => (
                <Table.Tr key={`${l.at}-${l.ip}-${l.outcome}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.at)}</Table.Td>
                  <Table.Td>{l.ip}</Table.Td>
                  <Table.Td>{l.machine_id}</Table.Td>
                  <Table.Td>{l.version}</Table.Td>
                  <Table.Td ta="right">{l.device_count}</Table.Td>
                  <Table.Td ta="right">{l.booster_count}</Table.Td>
                  <Table.Td>{l.outcome === 'issued' ? 'Licence issued' : l.outcome}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Modal>
  );
}
