import { Table } from '@mantine/core';
import type { TicketStats7d, TvDailyStats } from '@portal/contract/reports/tv';
import { formatCount, formatStorage } from './tv-format';

/** Today's figures and the week's tickets, one per row. */
export function TvCurrentStats({ today, tickets }: { today: TvDailyStats | undefined; tickets: TicketStats7d }) {
  const rows: [string, string][] = [
    ['Devices', formatCount(today?.device_count ?? 0)],
    ['Boosters', formatCount(today?.booster_count ?? 0)],
    ['Active partners', formatCount(today?.active_partner_count ?? 0)],
    ['Hosted consoles', formatCount(today?.hosted_comet_v2_count ?? 0)],
    ['Customer portals', formatCount(today?.cloudview_count ?? 0)],
    ['Storage', formatStorage(today?.storage_amount_total ?? 0)],
    ['Storage accounts in use', formatCount(today?.storage_active_count ?? 0)],
    ['Tickets opened (7 days)', formatCount(tickets.opened)],
    ['Tickets closed (7 days)', formatCount(tickets.closed)],
    ['Open tickets', formatCount(tickets.open_now)],
    ['Open critical tickets', formatCount(tickets.critical_open)],
  ];
  return (
    <Table fz={26} verticalSpacing={6} aria-label="Current stats">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Current stats</Table.Th>
          <Table.Th ta="right">Now</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td c="gray.3">{label}</Table.Td>
            <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
